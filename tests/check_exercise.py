#!/usr/bin/env python3
"""usage: check_exercise.py GPU_HARNESS EMULATED_HARNESS [--self-test]

What `cmake --build build --target check-exercise` runs, after that target
has built both harnesses of tests/exercise.cu from the current sources: the
GPU harness where a GPU is usable, else the CPU warp emulator's, saying so in
one line first. The harness's own verdict is the last thing printed, and its
exit status is this script's.

--self-test checks this script as a learner reads it (check_exercise_output):
with the shipped solution it must pass, name the harness it ran first, and
end with the harness's PASSED line.
"""

import subprocess
import sys

NO_GPU = 3  # tests/exercise.cu's exit status when no GPU is usable


def check(gpu_harness, emulated_harness, out=sys.stdout):
    gpu = subprocess.run([gpu_harness], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if gpu.returncode != NO_GPU:
        out.write("check-exercise: ran the GPU harness\n" + gpu.stdout)
        return gpu.returncode
    out.write("check-exercise: no usable GPU here, so the harness runs on the CPU warp emulator\n")
    out.flush()
    emulated = subprocess.run([emulated_harness], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out.write(emulated.stdout)
    return emulated.returncode


def self_test(gpu_harness, emulated_harness):
    import io
    text = io.StringIO()
    status = check(gpu_harness, emulated_harness, text)
    lines = text.getvalue().rstrip("\n").split("\n")
    print(text.getvalue())
    problems = []
    if status != 0:
        problems.append("exit %d with the shipped solution" % status)
    if not lines[0].startswith(("check-exercise: ran the GPU harness", "check-exercise: no usable GPU here")):
        problems.append("the first line does not say which harness ran")
    if not lines[-1].startswith("exercise: PASSED") and not (len(lines) > 1 and lines[-2].startswith("exercise: PASSED")):
        problems.append("the harness's PASSED line is not at the end")
    for problem in problems:
        print("check_exercise_output: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if len(arguments) == 3 and arguments[2] == "--self-test":
        sys.exit(self_test(arguments[0], arguments[1]))
    if len(arguments) != 2:
        sys.exit(__doc__.strip())
    sys.exit(check(arguments[0], arguments[1]))
