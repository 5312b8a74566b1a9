#!/usr/bin/env python3
"""Prints lane 0's value after the last step of a kernel's shuffle-down ladder, from a trace.

    ladder_sum.py TRACE.jsonl [--kernel reduceRowsPadded] [--format %.9g]

For reduceRowsPadded that is the row's sum (the kernel's contract: after the
ladder only lane 0 holds it), which the lanes_sum_matches_program test
compares with the sums[0] the program wrote; --format %.4g gives the text
the ladder picture shows in its green cell.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lane_trace import TraceError, number, read_trace  # noqa: E402
from pictures import run_of  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trace")
    parser.add_argument("--kernel", default="reduceRowsPadded")
    parser.add_argument("--format", default="%.9g")
    arguments = parser.parse_args()
    try:
        launches = read_trace(arguments.trace)
        if arguments.kernel not in launches:
            raise TraceError("%s: no launch of %s" % (arguments.trace, arguments.kernel))
        last = run_of(launches[arguments.kernel], "__shfl_down_sync")[-1]
        if 0 not in last.lanes or last.lanes[0]["after"] is None:
            raise TraceError("%s: lane 0's value after %s's last shuffle-down step is not in the trace"
                             % (arguments.trace, arguments.kernel))
        print(arguments.format % number(last.lanes[0]["after"]))
    except TraceError as error:
        print("ladder_sum: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
