#!/usr/bin/env python3
"""usage: samples_estimates.py

tools/cuda_samples.py leaves a sample cut short out of the count when the
emulator's last progress line says its launch alone would run past the limit.
This reads progress lines as runtime/reporting/progress.cpp writes them (each
of its three duration forms) and checks the estimate taken from them, and that
a line it cannot read is refused rather than taken as no estimate."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import cuda_samples  # noqa: E402

CASES = [
    ("", None),
    ("program output\n", None),
    ("warp emulator: kernel blockSums: 6144 of 16384 blocks (37%), 2.0 s so far, about 3.3 s left\n",
     (5.3, "blockSums", 6144, 16384)),
    # The last line counts, not the largest estimate: early lines know least.
    ("warp emulator: kernel k: 1 of 100 blocks (1%), 5.0 s so far, about 1 h 23 min left\n"
     "warp emulator: kernel k: 40 of 100 blocks (40%), 1 min 05 s so far, about 4 min 03 s left\n",
     (65.0 + 243.0, "k", 40, 100)),
    ("warp emulator: kernel f<1u>: 3 of 9 blocks (33%), 12.0 s so far, about 2 h 03 min left\n",
     (12.0 + 7380.0, "f<1u>", 3, 9)),
]


def main():
    failures = []
    for text, wanted in CASES:
        got = cuda_samples.last_launch_estimate(text)
        if got is not None:
            got = (round(got[0], 1),) + got[1:]
        if got != wanted:
            failures.append("%r: %r, expected %r" % (text, got, wanted))
    try:
        cuda_samples.seconds_of("3 days")
        failures.append("a duration the progress line never writes was read")
    except ValueError:
        pass
    for failure in failures:
        print("FAIL: " + failure)
    if not failures:
        print("ok: %d progress texts read as the emulator writes them" % len(CASES))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
