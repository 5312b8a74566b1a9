#!/usr/bin/env python3
"""usage: workers_match.py [--workers N] CASES_DIR PROGRAM...

A launch on several worker processes (WARP_EMULATOR_WORKERS) must print what
it prints on one, byte for byte: every program given runs once with
WARP_EMULATOR_WORKERS=1 and once with N (4 unless given), and its exit
status, stdout and stderr must be the same. A program named
emulator_case_NAME is the regression case CASES_DIR/NAME.cu, run as
tests/run_case.py runs it: once for each of its `// run:` lines (in the
case's folder, with those variables), its own WARP_EMULATOR_WORKERS replaced.
Host addresses, which change from run to run, are masked first.
"""

import os
import re
import subprocess
import sys

# A host address changes from run to run, however many workers (run_case.py
# masks them the same way).
ADDRESS = re.compile(rb"\b0x[0-9a-f]{9,}\b")


def runs_of(program, cases):
    """(folder, environment) for each run of the program."""
    name = os.path.basename(program)
    if not name.startswith("emulator_case_"):
        return [(os.getcwd(), {})]
    case = os.path.join(cases, name[len("emulator_case_"):] + ".cu")
    with open(case, encoding="utf-8") as source:
        runs = [line.split(":", 1)[1].split() for line in source if line.startswith("// run:")]
    environments = []
    for variables in runs or [[]]:
        environment = dict(variable.split("=", 1) for variable in variables)
        environment.pop("WARP_EMULATOR_WORKERS", None)
        if environment not in environments:
            environments.append(environment)
    return [(cases, environment) for environment in environments]


def run(program, folder, environment, workers):
    full = dict(os.environ, WARP_EMULATOR_PROGRESS="0", WARP_EMULATOR_WORKERS=str(workers), **environment)
    result = subprocess.run([program], cwd=folder, env=full, capture_output=True)
    return result.returncode, ADDRESS.sub(b"0x(address)", result.stdout), ADDRESS.sub(b"0x(address)", result.stderr)


def main():
    arguments = sys.argv[1:]
    workers = 4
    if arguments[:1] == ["--workers"]:
        workers = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) < 2:
        sys.exit(__doc__.strip())
    cases, programs = arguments[0], arguments[1:]
    differing = []
    compared = 0
    for program in programs:
        for folder, environment in runs_of(program, cases):
            one = run(program, folder, environment, 1)
            several = run(program, folder, environment, workers)
            compared += 1
            if one != several:
                what = [part for part, a, b in zip(("exit status", "stdout", "stderr"), one, several) if a != b]
                differing.append("%s %s: the %s differ between 1 and %d workers"
                                 % (os.path.basename(program), " ".join("%s=%s" % kv for kv in environment.items()),
                                    " and ".join(what), workers))
    for line in differing:
        print(line)
    print("%d of %d runs the same on 1 and %d workers" % (compared - len(differing), compared, workers))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
