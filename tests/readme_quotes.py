#!/usr/bin/env python3
"""Holds every output the project's pages quote from evidence/ to the file it names.

A ```text block is a quote when the paragraph just above it names one evidence file in
backticks, as in "printed (`evidence/h200-embed.txt`):"; for output right below its ```sh
command block, the paragraph above that block. Each line of the block must then be a
line of that file, in the file's order (lines may be left out between them). A line that is only
`...` marks such a gap for the reader and is not looked for. In CTest's -V logs
(`evidence/h200-ctest.txt`) each line starts with the test's number, `16: `, which is dropped
before comparing.

A source line named in a quote (shuffles.cu:254) is compared without its number: a comment
that moves lines changes no quote, and evidence names the code it ran by digest, not by line.

  readme_quotes.py ROOT                 check the pages of readme_commands.PAGES under ROOT
  readme_quotes.py --self-test ROOT WORK_DIR
                                        also plant one changed line in each quote, in a copy,
                                        and fail unless every plant is caught

Pages with no quote at all fail: this test would check nothing.
"""
import os
import re
import sys

FENCE = re.compile(r"^(`{3,}|~{3,})\s*(\S*)\s*$")
EVIDENCE_NAME = re.compile(r"`evidence/([A-Za-z0-9._-]+)`")
CTEST_PREFIX = re.compile(r"^\d+: ")
SOURCE_LINE = re.compile(r"\b([\w.+-]+\.(?:cu|cuh|hpp|h|cpp)):\d+\b")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from readme_commands import PAGES  # noqa: E402


def without_line_numbers(line):
    return SOURCE_LINE.sub(r"\1:N", line)


def skip_blank(lines, index):
    """The index of the last non-blank line at or before index (-1 if none)."""
    while index >= 0 and not lines[index].strip():
        index -= 1
    return index


def text_blocks(readme_lines):
    """(line number of the opening fence, lines of the block, paragraph above it) for each ```text block."""
    blocks = []
    index = 0
    while index < len(readme_lines):
        opening = FENCE.match(readme_lines[index])
        if not opening:
            index += 1
            continue
        fence, info = opening.groups()
        end = index + 1
        while end < len(readme_lines) and readme_lines[end].strip() != fence:
            end += 1
        if info == "text":
            above = skip_blank(readme_lines, index - 1)
            if above >= 0 and FENCE.match(readme_lines[above]):
                # Output right below its command: the paragraph is the one above the command
                # block (and above its <!-- readme-test --> annotations).
                above -= 1
                while above >= 0 and not FENCE.match(readme_lines[above]):
                    above -= 1
                above = skip_blank(readme_lines, above - 1)
                while above >= 0 and readme_lines[above].lstrip().startswith("<!--"):
                    above = skip_blank(readme_lines, above - 1)
            paragraph = []
            while above >= 0 and readme_lines[above].strip() and not FENCE.match(readme_lines[above]):
                paragraph.insert(0, readme_lines[above])
                above -= 1
            blocks.append((index + 1, readme_lines[index + 1:end], " ".join(paragraph)))
        index = end + 1
    return blocks


def evidence_lines(path):
    with open(path, encoding="utf-8") as file:
        return [without_line_numbers(CTEST_PREFIX.sub("", line.rstrip("\n"))) for line in file]


def check_quote(block, lines):
    """None if every line of block is a line of lines, in order; else what is missing."""
    position = 0
    for quoted in block:
        if quoted.strip() == "...":
            continue
        quoted = without_line_numbers(quoted)
        try:
            position = lines.index(quoted, position) + 1
        except ValueError:
            anywhere = quoted in lines
            return f"'{quoted}' is {'out of order' if anywhere else 'not a line of the file'}"
    return None


def check(readme_path, evidence_dir, name=None):
    """Prints each quote's verdict; returns (quotes checked, problems)."""
    with open(readme_path, encoding="utf-8") as file:
        readme_lines = file.read().splitlines()
    name = name or os.path.basename(readme_path)
    quotes, problems = 0, []
    for line, block, paragraph in text_blocks(readme_lines):
        names = sorted(set(EVIDENCE_NAME.findall(paragraph)))
        if not names:
            continue
        where = f"{name}:{line}"
        if len(names) > 1:
            problems.append(f"{where}: the paragraph above names {len(names)} evidence files "
                            f"({', '.join(names)}); name the one this output is quoted from")
            continue
        path = os.path.join(evidence_dir, names[0])
        if not os.path.isfile(path):
            problems.append(f"{where}: quotes evidence/{names[0]}, which does not exist")
            continue
        quotes += 1
        problem = check_quote(block, evidence_lines(path))
        if problem:
            problems.append(f"{where}: quoted from evidence/{names[0]}, but {problem}")
        else:
            print(f"ok: {where}: {len(block)} lines, each in evidence/{names[0]}", flush=True)
    return quotes, problems


def self_test(readme_path, evidence_dir, work, name):
    """Each quote, with one of its lines changed in a copy of the README, must fail the check."""
    with open(readme_path, encoding="utf-8") as file:
        readme_lines = file.read().splitlines()
    os.makedirs(work, exist_ok=True)
    planted_copy = os.path.join(work, os.path.basename(readme_path))
    missed = []
    planted = 0
    for line, block, paragraph in text_blocks(readme_lines):
        if not EVIDENCE_NAME.search(paragraph):
            continue
        target = next((i for i, quoted in enumerate(block) if quoted.strip() not in ("", "...")), None)
        if target is None:
            continue
        copy = list(readme_lines)
        at = line + target  # the fence is at index line - 1, its first line at index line
        copy[at] = copy[at] + " (planted)"
        with open(planted_copy, "w", encoding="utf-8") as file:
            file.write("\n".join(copy) + "\n")
        planted += 1
        print(f"plant: {name}:{at + 1} changed to '{copy[at]}'", flush=True)
        _, problems = check(planted_copy, evidence_dir, name)
        if not problems:
            missed.append(f"{name}:{at + 1}")
    return planted, missed


def main():
    arguments = sys.argv[1:]
    planting = arguments[:1] == ["--self-test"]
    if planting:
        arguments = arguments[1:]
    if len(arguments) != 1 + planting:
        sys.exit(__doc__)
    root = arguments[0]
    evidence_dir = os.path.join(root, "evidence")
    total, failed = 0, False
    for page in PAGES:
        path = os.path.join(root, page)
        quotes, problems = check(path, evidence_dir, page)
        total += quotes
        for problem in problems:
            print(f"FAILED: {problem}", flush=True)
        failed |= bool(problems)
        if planting and not problems and quotes:
            planted, missed = self_test(path, evidence_dir, os.path.join(arguments[1], page.replace("/", "_")), page)
            if missed or planted != quotes:
                print(f"FAILED: the check missed the plants at {', '.join(missed) or 'none'}; "
                      f"{planted} planted for {quotes} quotes", flush=True)
                failed = True
            else:
                print(f"self-test: each of the {planted} planted lines of {page} was caught", flush=True)
    if total == 0:
        print("FAILED: the pages quote no evidence file in a ```text block, so this checks nothing")
        sys.exit(1)
    if failed:
        sys.exit(1)
    print(f"all {total} quotes of {', '.join(PAGES)} match their evidence files", flush=True)


if __name__ == "__main__":
    main()
