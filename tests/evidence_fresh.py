#!/usr/bin/env python3
"""usage: evidence_fresh.py ROOT
       evidence_fresh.py --self-test ROOT WORK

Every file in ROOT/evidence/ (but README.md and the T4 transcript, which the
course page gave) names the code it ran, in a header line

  # code digest <sha256> of <path or glob> [<path or glob>...]

with the digest tools/code_digest.py gives for those files now: the code
without its comments and spacing. A file whose digest differs ran other code
and is stale: capture it again (evidence/README.md says how). A file that is
the record of one run of the whole suite names its commit instead:

  # record of commit <hash>

A file that ran older code and needs a machine this session cannot have (the
H200, its device time spent) to be captured again may wait in
tests/evidence_awaiting_capture.txt, one line each:

  FILE DIGEST why, and the command that captures it

where DIGEST is today's digest of the code FILE names: it is reported as
awaiting capture, not as stale, for as long as that code stays as it is.
Once the code changes again, it is stale; once FILE is fresh, its line must go.

--self-test also proves the check in a copy of the project, both ways: a
comment edited in shuffles.cu leaves every file fresh, and an edited kernel
line makes the files that ran shuffles.cu stale.
"""

import glob
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import code_digest  # noqa: E402

NOT_CAPTURED_HERE = {"README.md", "t4-transcript.txt"}
DIGEST_LINE = re.compile(r"^# code digest ([0-9a-f]{64}) of (.+)$")
RECORD_LINE = re.compile(r"^# record of commit [0-9a-f]{7,40}\b")


AWAITING = os.path.join("tests", "evidence_awaiting_capture.txt")


def awaiting_capture(root):
    """FILE -> (DIGEST, why) of tests/evidence_awaiting_capture.txt."""
    awaiting = {}
    path = os.path.join(root, AWAITING)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as ledger:
            for line in ledger:
                if line.strip() and not line.startswith("#"):
                    name, digest, why = line.rstrip("\n").split(" ", 2)
                    awaiting[name] = (digest, why)
    return awaiting


def named_paths(root, patterns):
    """The files that a digest line's patterns name, and the patterns that name none."""
    paths, missing = [], []
    for pattern in patterns.split():
        found = sorted(glob.glob(os.path.join(root, pattern)))
        if not found:
            missing.append(pattern)
        paths += found
    return paths, missing


def stale_files(root, waiting=None):
    """(file, why) for every evidence file that does not name today's code,
    but those that await capture (then listed in `waiting`, when given)."""
    problems = []
    awaiting = awaiting_capture(root)
    evidence = os.path.join(root, "evidence")
    for name in sorted(os.listdir(evidence)):
        if name in NOT_CAPTURED_HERE:
            continue
        with open(os.path.join(evidence, name), encoding="utf-8") as text:
            header = [line.rstrip("\n") for line in text if line.startswith("#")]
        digests = [DIGEST_LINE.match(line) for line in header]
        digests = [match for match in digests if match]
        if not digests:
            if not any(RECORD_LINE.match(line) for line in header):
                problems.append((name, "names no code digest (# code digest ... of ...)"))
            continue
        for match in digests:
            paths, missing = named_paths(root, match.group(2))
            problems += [(name, "names %s, which is not there" % pattern) for pattern in missing]
            today = code_digest.digest(paths) if paths else None
            if today is not None and today != match.group(1):
                if awaiting.get(name, ("",))[0] == today:
                    if waiting is not None:
                        waiting.append((name, awaiting[name][1]))
                else:
                    problems.append((name, "ran other code than today's %s" % match.group(2)))
            elif today is not None and name in awaiting:
                problems.append((name, "is fresh: its line in %s must go" % AWAITING))
    return problems


def report(problems):
    for name, why in problems:
        print("evidence/%s: %s" % (name, why))


def self_test(root, work):
    copy = os.path.join(work, "project")
    shutil.rmtree(copy, ignore_errors=True)
    os.makedirs(copy)
    for name in ("evidence", "tools", "emulator", "tests", "bench", "embed"):
        shutil.copytree(os.path.join(root, name), os.path.join(copy, name))
    for name in ("shuffles.cu", "reference.hpp"):
        shutil.copy(os.path.join(root, name), copy)
    source = os.path.join(copy, "shuffles.cu")
    with open(source, encoding="utf-8") as text:
        original = text.read()
    failures = []

    comment = "// Guard the load, never the collective"
    assert original.count(comment) == 1, "shuffles.cu has no comment '%s' to edit" % comment
    with open(source, "w", encoding="utf-8") as text:
        text.write(original.replace(comment, "// Guard the loads (edited), never the collectives\n    " + comment))
    if stale_files(copy):
        failures.append("a comment edited in shuffles.cu made evidence stale: %s" % stale_files(copy))

    kernel_line = "const bool live = lane < kLiveColumns;"
    assert kernel_line in original, "shuffles.cu has no line '%s' to edit" % kernel_line
    with open(source, "w", encoding="utf-8") as text:
        text.write(original.replace(kernel_line, "const bool live = lane <= kLiveColumns;", 1))
    stale = {name for name, _ in stale_files(copy)}
    expected = {name for name in os.listdir(os.path.join(copy, "evidence"))
                if re.search(r"^# code digest [0-9a-f]{64} of .*\bshuffles\.cu\b",
                             open(os.path.join(copy, "evidence", name), encoding="utf-8").read(), re.M)}
    if not expected or stale != expected:
        failures.append("a kernel edit made %s stale; the files that ran shuffles.cu are %s"
                        % (sorted(stale), sorted(expected)))
    # A file awaits capture for the code its ledger line names, and no other.
    waiting_for = sorted(expected)[0]
    with open(os.path.join(copy, "evidence", waiting_for), encoding="utf-8") as text:
        digest_line = next(match for match in map(DIGEST_LINE.match, text.read().splitlines()) if match)
    paths, _ = named_paths(copy, digest_line.group(2))
    for digest, still_stale in ((code_digest.digest(paths), False), ("0" * 64, True)):
        with open(os.path.join(copy, AWAITING), "w", encoding="utf-8") as ledger:
            ledger.write("%s %s self-test\n" % (waiting_for, digest))
        if (waiting_for in {name for name, _ in stale_files(copy)}) != still_stale:
            failures.append("%s listed as awaiting capture for %s code was %s" %
                            (waiting_for, "today's" if not still_stale else "other", "stale" if not still_stale
                             else "let through"))
    for failure in failures:
        print("self-test: " + failure)
    if not failures:
        print("self-test: a comment edit left every evidence file fresh; a kernel edit made these stale: %s"
              % ", ".join(sorted(stale)))
    return not failures


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["--self-test"] and len(arguments) == 3:
        root, work = arguments[1:]
    elif len(arguments) == 1:
        root, work = arguments[0], None
    else:
        sys.exit(__doc__.strip())
    waiting = []
    problems = stale_files(root, waiting)
    for name, why in waiting:
        print("evidence/%s: AWAITS CAPTURE (%s): %s" % (name, AWAITING, why))
    report(problems)
    if not problems:
        print("every evidence file names the code it ran, and that code is today's%s"
              % (", but those awaiting capture" if waiting else ""))
    passed = not problems
    if work is not None:
        passed &= self_test(root, work)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
