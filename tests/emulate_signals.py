#!/usr/bin/env python3
"""usage: emulate_signals.py EMULATE SOURCE_DIR WORK_DIR

emulator/emulate stopped as a learner stops it, and what it leaves behind.
For each signal, emulate runs tests/emulate/stopped.cu (from SOURCE_DIR) with
TMPDIR a folder of this test's own, in WORK_DIR; once the program says it
runs, the signal is sent as it comes in life:
  SIGTERM  timeout(1) and kill(1): to emulate alone, which passes it on
  SIGHUP   a closed terminal: to emulate alone, which passes it on
  SIGINT   Ctrl-C: to the whole foreground process group, program and emulate
and the test checks that the program got the signal (the line it prints),
that emulate exits 128 + the signal's number, as a shell reports a program
killed by it, and that no emulate-* folder is left in TMPDIR. Exit 0 when
every check holds; else each failure is named and the exit status is 1.
"""

import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import time

STARTED_WITHIN = 180  # seconds: the build, and the runtime library's when it is not built yet
ENDED_WITHIN = 20


def read_line(process, deadline):
    """The next line of the process's stdout, or None at the deadline, at its
    end, or once emulate has ended with nothing more to read."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    line = b""
    while time.monotonic() < deadline:
        if not selector.select(timeout=min(0.5, max(0.0, deadline - time.monotonic()))):
            if process.poll() is not None:
                break  # a program that outlived emulate may hold the pipe open
            continue
        byte = os.read(process.stdout.fileno(), 1)
        if not byte:
            break
        line += byte
        if byte == b"\n":
            return line.decode(errors="replace")
    return None


def stop_by_pid(pid):
    """Ends a program this test started that outlived emulate (a failed check)."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def check(emulate, source_dir, work, number):
    name = signal.Signals(number).name
    temporary = os.path.join(work, name, "tmp")
    shutil.rmtree(os.path.dirname(temporary), ignore_errors=True)
    os.makedirs(temporary)
    environment = dict(os.environ, TMPDIR=temporary)
    # A session of its own: the process group Ctrl-C would reach is emulate's and its program's alone.
    process = subprocess.Popen([sys.executable, emulate, "tests/emulate/stopped.cu"], cwd=source_dir, env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    problems = []
    program = None
    first = read_line(process, time.monotonic() + STARTED_WITHIN)
    started = re.match(r"running as process (\d+)\n$", first or "")
    if started is None:
        problems.append("the program did not say it runs within %d s (its first line: %r)" % (STARTED_WITHIN, first))
    else:
        program = int(started.group(1))
        # At once: the program may print before emulate's Popen has returned,
        # and the signal must reach it even then.
        if number == signal.SIGINT:
            os.killpg(process.pid, number)
        else:
            os.kill(process.pid, number)
        got = read_line(process, time.monotonic() + ENDED_WITHIN)
        if got != "program got %s\n" % name:
            problems.append("the program did not get %s: it printed %r" % (name, got))
    try:
        status = process.wait(timeout=ENDED_WITHIN)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        status = process.wait()
        problems.append("emulate had not ended %d s after %s" % (ENDED_WITHIN, name))
    # A program that outlived emulate (a failed check) holds its pipes: end it
    # first, and anything else left in the process group this test started.
    if program is not None:
        stop_by_pid(program)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    stderr = process.stderr.read().decode(errors="replace")
    process.stdout.close()
    process.stderr.close()
    status = 128 - status if status < 0 else status
    if status != 128 + number:
        problems.append("emulate exited %d after %s, expected %d (128 + %d)" % (status, name, 128 + number, number))
    left = sorted(entry for entry in os.listdir(temporary) if entry.startswith("emulate-"))
    if left:
        problems.append("emulate left %s in TMPDIR after %s" % (", ".join(left), name))
    if problems:
        print("%s:\n  %s\n  emulate's stderr:\n%s" % (name, "\n  ".join(problems), stderr))
    else:
        print("%s: the program got it, emulate exited %d, and TMPDIR holds no emulate-* folder" % (name, status))
    return problems


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip())
    emulate, source_dir, work = (os.path.abspath(argument) for argument in sys.argv[1:])
    problems = []
    for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        problems += check(emulate, source_dir, work, number)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
