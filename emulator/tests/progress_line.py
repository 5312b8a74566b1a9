#!/usr/bin/env python3
"""usage: progress_line.py PROGRAM

Tests the clock on long launches (emulator/runtime/reporting/progress.hpp)
with PROGRAM, progress_clock.cu built for the emulator, whose long launch
runs for the seconds it is given:
  - WARP_EMULATOR_PROGRESS=1 and stderr a pipe: lines of their own, the first
    after 1 s, each naming the kernel, the blocks done of the total with the
    percent, the time so far and the time left; they stay;
  - WARP_EMULATOR_PROGRESS=1 and stderr a terminal (a pseudo-terminal): one
    line rewritten in place (a carriage return before it, erased to the end
    of the line after it), erased when the launch ends;
  - WARP_EMULATOR_PROGRESS=0, and a launch shorter than the default 2 s:
    nothing on stderr;
  - a value that is no number of seconds: refused, saying what is expected.
"""

import os
import pty
import re
import subprocess
import sys

LINE = re.compile(r"warp emulator: kernel busyBlocks: (\d+) of (\d+) blocks \((\d+)%\), ([0-9.]+ s|\d+ min \d\d s) "
                  r"so far, (about ([0-9.]+ s|\d+ min \d\d s) left|no block done yet)")


def run(program, seconds, progress, terminal=False):
    """(exit status, stdout, stderr as bytes) of one run."""
    environment = dict(os.environ, WARP_EMULATOR_PROGRESS=progress)
    if not terminal:
        result = subprocess.run([program, str(seconds)], env=environment, capture_output=True)
        return result.returncode, result.stdout.decode(), result.stderr
    master, slave = pty.openpty()
    child = subprocess.Popen([program, str(seconds)], env=environment, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        err += chunk
    os.close(master)
    out = child.stdout.read().decode()
    return child.wait(), out, err


def check_line(problems, label, text):
    match = LINE.fullmatch(text)
    if match is None:
        problems.append("%s: not a progress line: %r" % (label, text))
        return
    done, total, percent = int(match.group(1)), int(match.group(2)), int(match.group(3))
    if not 0 <= done < total or percent != done * 100 // total:
        problems.append("%s: %d of %d blocks is not %d%%: %r" % (label, done, total, percent, text))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    program = sys.argv[1]
    problems = []

    status, out, err = run(program, 3, "1")
    lines = err.decode().splitlines()
    if status != 0 or not out.startswith("progress_clock:"):
        problems.append("a pipe: exit %d, stdout %r" % (status, out))
    if not lines or b"\r" in err or b"\033" in err:
        problems.append("a pipe: expected lines of their own, got %r" % err)
    for line in lines:
        check_line(problems, "a pipe", line)

    status, out, err = run(program, 3, "1", terminal=True)
    if status != 0 or not out.startswith("progress_clock:"):
        problems.append("a terminal: exit %d, stdout %r" % (status, out))
    if not err.startswith(b"\r") or not err.endswith(b"\033[K\r\033[K"):
        problems.append("a terminal: expected a line rewritten in place and erased at the end, got %r" % err)
    shown = [part for part in err.decode().split("\r") if part not in ("", "\033[K")]
    if not shown:
        problems.append("a terminal: no line shown: %r" % err)
    for part in shown:
        if not part.endswith("\033[K"):
            problems.append("a terminal: a line not erased to its end: %r" % part)
        check_line(problems, "a terminal", part[:-len("\033[K")])

    status, out, err = run(program, 1.5, "0")
    if status != 0 or err:
        problems.append("WARP_EMULATOR_PROGRESS=0: exit %d, stderr %r" % (status, err))

    status, out, err = run(program, 0, "soon")
    if status != 2 or b"WARP_EMULATOR_PROGRESS=soon: expected a whole number of seconds" not in err:
        problems.append("WARP_EMULATOR_PROGRESS=soon: exit %d, stderr %r" % (status, err))

    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("progress_line: the clock shows on a pipe and a terminal, is erased on the terminal, and 0 turns it off")


if __name__ == "__main__":
    main()
