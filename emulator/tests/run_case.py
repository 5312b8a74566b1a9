#!/usr/bin/env python3
"""usage: run_case.py [--update] PROGRAM CASE.cu

One regression case of the emulator, in the manner of Valgrind's memcheck
tests: CASE.cu is a small program, built by the build into PROGRAM, beside its
expected output, NAME.stdout.exp and NAME.stderr.exp, compared whole. Lines at
the top of CASE.cu say how to run it:
  // expect-exit: N           the exit status (0 when absent)
  // run: VAR=value ...       environment for one run; each such line is one
                              run, and every run must give the same output
                              (no line: one run, no variables)

As Valgrind's filter_stderr makes its .stderr.exp files survive unrelated
edits, a source line named in the output (case.cu:12) is compared by what is
written there, not by its number: the output is filtered into
case.cu:{the code on line 12}, and so are the .exp files. A comment moved
above the line changes nothing; a report that names the wrong line fails.
Host addresses, which change from run to run, become 0x(address).
What a GPU does with the same source is written in the case's first lines,
  // On an H200 (evidence/case-answers-h200.txt): alone ...; memcheck ...
made from that capture (tools/capture-case-answers.sh): a case whose line
disagrees with the evidence fails, so a case edited after its capture is found.
A case the capture has not yet run says so instead, and passes without it,
  // On an H200: awaits capture (tools/capture-case-answers.sh)
--update writes the filtered output as the .exp files and that line, for a new
case (check every line by hand), in place of the one that awaits it.
"""

import difflib
import os
import re
import subprocess
import sys

SITE = re.compile(r"\b([\w.+-]+\.(?:cu|cuh|hpp|h|cpp)):(\d+)\b")
# An address of host memory changes from run to run (Valgrind's filter_addresses
# masks them too); a mask, 0x followed by 8 digits, is no address.
ADDRESS = re.compile(r"\b0x[0-9a-f]{9,}\b")


def code_of(line):
    """A source line without its // comment and surrounding space."""
    quote = None
    for i, character in enumerate(line):
        if quote:
            if character == "\\":
                continue
            if character == quote:
                quote = None
        elif character in "\"'":
            quote = character
        elif line.startswith("//", i):
            return line[:i].strip()
    return line.strip()


def filtered(text, folder):
    lines = {}

    def replace(match):
        name, number = match.group(1), int(match.group(2))
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            return match.group(0)
        if path not in lines:
            with open(path, encoding="utf-8") as source:
                lines[path] = source.read().split("\n")
        found = lines[path]
        return "%s:{%s}" % (name, code_of(found[number - 1]) if 0 < number <= len(found) else "line %d?" % number)

    # A path the program was compiled with names the case's folder: drop it.
    return ADDRESS.sub("0x(address)", SITE.sub(replace, text.replace(folder + os.sep, "")))


EVIDENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "evidence", "case-answers-h200.txt")
GPU_LINE = "// On an H200 (evidence/case-answers-h200.txt):"
AWAITING_LINE = "// On an H200: awaits capture"


def gpu_answers(name):
    """What evidence/case-answers-h200.txt says of the case, in one line:
    "alone cudaSuccess; memcheck 4 errors (Invalid __global__ write of size 4
    bytes); initcheck 0 errors; racecheck 0 hazards", or None."""
    if not os.path.isfile(EVIDENCE):
        return None
    with open(EVIDENCE, encoding="utf-8") as evidence:
        blocks = evidence.read().split("\n== ")
    block = next((b for b in blocks if b.split("\n", 1)[0] == name), None)
    if block is None:
        return None
    lines = block.split("\n")
    if lines[1].startswith("does not build"):
        return "does not build with nvcc (it is the emulator's own)"
    alone = re.match(r"alone: exit (\d+)( \(killed after 20 s\))?", lines[1])
    verdict = next((re.search(r"cudaDeviceSynchronize: (\w+)", line) for line in lines if "| cudaDeviceSynchronize:" in line), None)
    parts = ["alone " + ("hangs (killed after 20 s)" if alone and alone.group(2) else
                         verdict.group(1) if verdict else "exit " + (alone.group(1) if alone else "?"))]
    # What it printed, when that is a value or two ("counted 1 of 16384 threads").
    printed = [line[4:] for line in lines if line.startswith("  | ") and "cudaDeviceSynchronize:" not in line]
    if 0 < len(printed) <= 2 and all(len(line) <= 60 for line in printed):
        parts[0] += ", printed " + ", ".join('"%s"' % line for line in printed)
    for tool in ("memcheck", "initcheck", "racecheck"):
        line = next((line for line in lines if line.startswith(tool + ":")), "")
        if "killed" in line:
            parts.append(tool + " hangs")
            continue
        count = re.search(r"(ERROR SUMMARY: (\d+) error|RACECHECK SUMMARY: (\d+) hazard)", line)
        first = re.search(r"first: (.*)$", line)
        number = count.group(2) or count.group(3) if count else "?"
        unit = ("error" if tool != "racecheck" else "hazard") + ("" if number == "1" else "s")
        detail = first.group(1) if first and number != "0" else ""
        detail = re.sub(r" at \S+\+0x[0-9a-f]+.*", "", detail)  # racecheck's addresses change from build to build
        parts.append("%s %s %s%s" % (tool, number, unit, " (" + detail.rstrip(".") + ")" if detail else ""))
    return "; ".join(parts)


def main():
    arguments = sys.argv[1:]
    update = arguments[:1] == ["--update"]
    if update:
        arguments = arguments[1:]
    if len(arguments) != 2:
        sys.exit(__doc__.strip())
    program, case = arguments
    folder = os.path.dirname(os.path.abspath(case))
    name = os.path.splitext(os.path.basename(case))[0]
    with open(case, encoding="utf-8") as source:
        source_lines = source.read().split("\n")
    header = [line for line in source_lines if line.startswith(("// expect-exit:", "// run:"))]
    expected_exit = 0
    runs = []
    for line in header:
        if line.startswith("// expect-exit:"):
            expected_exit = int(line.split(":", 1)[1])
        else:
            runs.append(line.split(":", 1)[1].split())
    problems = []
    answers = gpu_answers(name)
    if answers is not None:
        wanted = "%s %s" % (GPU_LINE, answers)
        present = [i for i, line in enumerate(source_lines) if line.startswith(GPU_LINE)]
        if update:
            present = present or [i for i, line in enumerate(source_lines) if line.startswith(AWAITING_LINE)]
            if present:
                source_lines[present[0]] = wanted
            else:
                first = next(i for i, line in enumerate(source_lines) if not line.startswith("//") or
                             line.startswith(("// expect-exit:", "// run:")))
                source_lines.insert(first, wanted)
            with open(case, "w", encoding="utf-8") as source:
                source.write("\n".join(source_lines))
        elif [source_lines[i] for i in present] != [wanted]:
            problems.append("its first lines must say what the H200 did, as the evidence has it:\n" + wanted)
    for variables in runs or [[]]:
        # The clock on long launches never shows in what is compared (runtime/reporting/progress.hpp).
        environment = dict(os.environ, WARP_EMULATOR_PROGRESS="0")
        environment.update(variable.split("=", 1) for variable in variables)
        result = subprocess.run([program], cwd=folder, env=environment, capture_output=True, text=True)
        label = "run [%s]" % " ".join(variables)
        status = 128 - result.returncode if result.returncode < 0 else result.returncode  # a signal N as 128+N
        if status != expected_exit:
            problems.append("%s: exit %d, expected %d" % (label, status, expected_exit))
        for stream, text in (("stdout", result.stdout), ("stderr", result.stderr)):
            expected_path = os.path.join(folder, "%s.%s.exp" % (name, stream))
            actual = filtered(text, folder)
            if update:
                with open(expected_path, "w", encoding="utf-8") as expected_file:
                    expected_file.write(actual)
                continue
            with open(expected_path, encoding="utf-8") as expected_file:
                expected = expected_file.read()
            if actual != expected:
                difference = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                          "%s.%s.exp" % (name, stream), "actual"))
                problems.append("%s: %s differs from %s.%s.exp:\n%s" % (label, stream, name, stream, difference))
    if problems:
        sys.exit("%s:\n%s" % (name, "\n".join(problems)))
    print("%s: %d run(s), each exit %d with the expected stdout and stderr" % (name, len(runs or [[]]), expected_exit))


if __name__ == "__main__":
    main()
