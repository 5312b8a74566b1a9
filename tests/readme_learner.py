#!/usr/bin/env python3
"""What the learner's page (README.md) promises a newcomer, held to it.

  readme_learner.py ROOT                 check ROOT/README.md
  readme_learner.py --self-test ROOT WORK
                                         also plant one mistake of each kind in a
                                         copy (WORK/README.md): each must fail

The checks:
  length    at most 200 lines: the lesson is one page, the rest has pages of its own
  terms     each term of TERMS is explained where it is first used: the text that
            explains it comes at or before its first mention (a term a reader meets in
            a quoted output before the prose says what it means fails)
  commands  the commands a reader with no GPU copies are command blocks, with the exit
            status annotated, so readme_commands.py runs each one as written: the
            page's own nvcc line behind emulator/nvcc (exit 66: the planted kernel's
            findings), the first pitfall's change with the emulator's exit 4, the
            command that deletes the solution unseen (the check then exits 1), and
            `git checkout shuffles.cu`, which brings it back
Exit 0 when every check holds; else each failure is named and the exit status is 1.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from readme_commands import ReadmeError, command_blocks  # noqa: E402

MAX_LINES = 200
# term: (how a mention is found, the text that explains it)
TERMS = {
    "live": (r"\blive\b", "**live** (`live` is true) when it owns data"),
    "laneMask": (r"\blaneMask\b", "`laneMask` (the loop's"),
    "__popc": (r"__popc\b", "`__popc` (population count"),
    "gated": (r"\bgated\b", "they are **gated**"),
    "poison": (r"\bpoison\b", "**poison** (NaN for a float"),
    "-G": (r"`-G`|\s-G\s", "`-G` (nvcc's debug build"),
    "compute-sanitizer": (r"compute-sanitizer", "compute-sanitizer (the Toolkit's checker"),
    "CUB": (r"\bCUB\b", "CUB (NVIDIA's library"),
}
# (what the block does, a pattern its text matches, the exit status it must be annotated with)
COMMANDS = [
    ("the page's nvcc line behind emulator/nvcc",
     r"^emulator/nvcc -std=c\+\+17 -O3 -arch=sm_75 -o shuffles shuffles\.cu && \./shuffles$", 66),
    ("the first pitfall's change, run on the emulator",
     r"if \(live\) sum \+= __shfl_down_sync\(kFullMask.*\n(.*\n)*emulator/emulate shuffles\.cu$", 4),
    ("the solution deleted unseen, and the check", r"sed -i '/---- Exercise solution ----/,/---- end of solution ----/d' "
     r"shuffles\.cu\n(.*\n)*emulator/emulate tests/exercise\.cu$", 1),
    ("the solution brought back", r"^git checkout shuffles\.cu$", 0),
]


def problems_of(text):
    problems = []
    lines = text.split("\n")
    count = len(lines) - (1 if text.endswith("\n") else 0)
    if count > MAX_LINES:
        problems.append("README.md has %d lines, more than %d" % (count, MAX_LINES))
    flat = " ".join(line.strip() for line in lines)  # an explanation may wrap
    for term, (mention, explanation) in TERMS.items():
        first = re.search(mention, flat)
        explained = flat.find(explanation)
        if explained == -1:
            problems.append("the term %s is never explained (no \"%s\")" % (term, explanation))
        elif first is not None and first.start() < explained:
            where = flat[max(0, first.start() - 40):first.end() + 40]
            problems.append("the term %s is used (\"...%s...\") before it is explained" % (term, where))
    try:
        blocks = command_blocks(text)
    except ReadmeError as error:
        return problems + [str(error)]
    for what, pattern, status in COMMANDS:
        found = [block for block in blocks if re.search(pattern, block.text, re.MULTILINE) and not block.gpu
                 and not block.skip_reason]
        if not found:
            problems.append("no command block runs %s (a ```sh block matching %r)" % (what, pattern))
        elif all(block.exit_status != status for block in found):
            problems.append("the block that runs %s is not annotated '<!-- readme-test: exit %d -->'" % (what, status))
    return problems


def check(path):
    with open(path, encoding="utf-8") as readme:
        problems = problems_of(readme.read())
    for problem in problems:
        print("FAILED: %s" % problem)
    return problems


def self_test(text, work):
    """One planted mistake of each kind, each in a copy of the page: each must fail."""
    plants = [  # (what, the planted page, what the failure must say)
        ("a line past the limit", text + "\n" * (MAX_LINES + 1), "more than %d" % MAX_LINES),
        ("poison used before it is explained",
         text.replace("# Warp shuffles, taught right\n", "# Warp shuffles, taught right, without poison\n", 1),
         "the term poison is used"),
        ("gated never explained", text.replace("they are **gated**", "they are checked"), "gated is never explained"),
        ("the pitfall's exit status not annotated", text.replace("<!-- readme-test: exit 4 -->\n", "", 1),
         "not annotated '<!-- readme-test: exit 4 -->'"),
        ("the solution printed, not deleted",
         text.replace("sed -i '/---- Exercise solution ----/", "sed -n '/---- Exercise solution ----/", 1),
         "the solution deleted unseen"),
    ]
    os.makedirs(work, exist_ok=True)
    missed = []
    for name, planted, expected in plants:
        if planted == text:
            missed.append(name + " (the plant found nothing to change)")
            continue
        with open(os.path.join(work, "README.md"), "w", encoding="utf-8") as copy:
            copy.write(planted)
        found = [problem for problem in problems_of(planted) if expected in problem]
        print("plant: %s: %s" % (name, "caught: " + found[0] if found else "NOT CAUGHT"))
        if not found:
            missed.append(name)
    return missed


def main():
    arguments = sys.argv[1:]
    planting = arguments[:1] == ["--self-test"]
    if planting:
        arguments = arguments[1:]
    if len(arguments) != 1 + planting:
        sys.exit(__doc__.strip())
    path = os.path.join(arguments[0], "README.md")
    if check(path):
        return 1
    print("ok: README.md has at most %d lines, explains %s where first used, and has the reader's commands"
          % (MAX_LINES, ", ".join(TERMS)))
    if planting:
        with open(path, encoding="utf-8") as readme:
            missed = self_test(readme.read(), arguments[1])
        if missed:
            print("FAILED: the check missed the plants: %s" % "; ".join(missed))
            return 1
        print("self-test: every planted mistake was caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
