#!/usr/bin/env python3
"""usage: plant.py --list
       plant.py NAME --source-dir DIR --work DIR [--var KEY=VALUE]...
       plant.py NAME --source-dir DIR --output FILE

Plants one mistake of tests/plants.py, to prove that a check bites.
  --list    prints each plant's name, label, time limit and (for a runtime
            plant) file and case, one plant a line, for CMake to make tests of
  NAME      copies the project's files (git's list of them in a checkout,
            else every file but build folders') into --work/tree, plants the mistake there, runs its command in that
            copy and judges it: exit 0 when the mistake was caught as it must be
  --output  writes only the planted file, to FILE (for the build, which
            compiles the runtime plants)

The text a plant finds must be code, found once: a plant that matches a
comment, or two places, fails, so editing a comment never changes what a
plant plants, and a plant whose code is gone says so instead of passing.
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plants import PLANTS  # noqa: E402

SKIPPED_FOLDERS = {".git", ".cache", "__pycache__"}


def comment_spans(text, python):
    """(start, end) of every comment in text: // and /* */ for C and C++,
    # for Python; string literals are stepped over."""
    spans = []
    i, length = 0, len(text)
    while i < length:
        if (python and text[i] == "#") or (not python and text.startswith("//", i)):
            end = text.find("\n", i)
            end = length if end == -1 else end
            spans.append((i, end))
            i = end
        elif not python and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = length if end == -1 else end + 2
            spans.append((i, end))
            i = end
        elif text[i] in "\"'":
            quote = text[i]
            if python and text.startswith(quote * 3, i):
                end = text.find(quote * 3, i + 3)
                i = length if end == -1 else end + 3
                continue
            i += 1
            while i < length and text[i] not in (quote, "\n"):
                i += 2 if text[i] == "\\" else 1
            i += 1
        else:
            i += 1
    return spans


def edited_here(path):
    """Whether the file differs from the commit checked out (a learner's
    exercise, say), or there is no git checkout to tell."""
    folder, name = os.path.split(os.path.abspath(path))
    result = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", name], cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode != 0


def planted_text(path, plant, original=None):
    """The text of the file at path (a copy of original) with the plant's
    change, or exit naming why not."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    count = text.count(plant.find)
    if count != 1 and os.environ.get("CI") != "true" and edited_here(original or path):
        # A learner who wrote the exercise has changed the code this plant
        # changes; the plant tests the project's code, as CI runs it.
        print("SHUFFLES_SKIPPED: plant %s: %s is edited here and no longer holds the code this plant changes "
              "(%r); it runs on the project's own code, in CI" % (plant.name, plant.file, plant.find))
        sys.exit(0)
    if count != 1:
        sys.exit("plant.py: %s: %s holds %r %d times, not once: update this plant in tests/plants.py"
                 % (plant.name, plant.file, plant.find, count))
    start = text.index(plant.find)
    if not plant.file.endswith(".exp"):  # expected output has no comments
        python = plant.file.endswith(".py") or text.startswith("#!/usr/bin/env python")
        for comment_start, comment_end in comment_spans(text, python):
            if comment_start < start + len(plant.find) and start < comment_end:
                sys.exit("plant.py: %s: %r is in a comment of %s; a plant must change code"
                         % (plant.name, plant.find, plant.file))
    return text[:start] + plant.replace + text[start + len(plant.find):]


def in_build_folder(source, relative, work, verdicts):
    """Whether the file lies in a build folder (one holding a CMakeCache.txt,
    whatever its name), in the running build's work, or in a cache."""
    folder = os.path.dirname(relative)
    while folder:
        if folder not in verdicts:
            path = os.path.join(source, folder)
            verdicts[folder] = (os.path.basename(folder) in SKIPPED_FOLDERS
                                or os.path.isfile(os.path.join(path, "CMakeCache.txt"))
                                or os.path.commonpath([path, work]) == path)
        if verdicts[folder]:
            return True
        folder = os.path.dirname(folder)
    return False


def project_files(source, work):
    """The project's files, relative to source: git's list where source is a
    checkout (the files it tracks, and new ones it does not ignore), else
    every file; less those of build folders and of the running build's work."""
    # A checkout of its own: a copy that lies inside another checkout (a plant's
    # tree in a build folder in the source tree) is listed by walking it.
    toplevel = subprocess.run(["git", "-C", source, "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    checkout = toplevel.returncode == 0 and os.path.realpath(toplevel.stdout.strip()) == os.path.realpath(source)
    listing = subprocess.run(["git", "-C", source, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True)
    if checkout and listing.returncode == 0:
        names = [name for name in listing.stdout.decode().split("\0") if name]
    else:
        names = []
        for folder, folders, files in os.walk(source):
            folders[:] = [name for name in folders if name not in SKIPPED_FOLDERS]
            names += [os.path.relpath(os.path.join(folder, name), source) for name in files]
    verdicts = {}
    return [name for name in names if os.path.isfile(os.path.join(source, name))
            and not in_build_folder(source, name, os.path.abspath(work), verdicts)]


def copy_project(source, tree):
    shutil.rmtree(tree, ignore_errors=True)
    for relative in project_files(source, os.path.dirname(tree)):
        target = os.path.join(tree, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(source, relative), target, follow_symlinks=False)


def run(plant, source, work, variables):
    tree = os.path.join(os.path.abspath(work), "tree")
    copy_project(os.path.abspath(source), tree)
    path = os.path.join(tree, plant.file)
    text = planted_text(path, plant, os.path.join(os.path.abspath(source), plant.file))
    with open(path, "w", encoding="utf-8") as planted:
        planted.write(text)
    lines = text.split("\n")

    def line_of(match):
        numbers = [n + 1 for n, line in enumerate(lines) if match.group(1) in line]
        if len(numbers) != 1:
            sys.exit("plant.py: %s: %s holds %r on %d lines, not one" % (plant.name, plant.file, match.group(1),
                                                                       len(numbers)))
        return str(numbers[0])

    variables = dict(variables, tree=tree)
    command = plant.command
    for key, value in variables.items():
        command = command.replace("{%s}" % key, value)
    result = subprocess.run(["sh", "-c", command], cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace")
    status = 128 - result.returncode if result.returncode < 0 else result.returncode
    problems = []
    if (plant.expect_exit is None and status == 0) or (plant.expect_exit is not None and status not in plant.expect_exit):
        problems.append("exit %d, expected %s" % (status, plant.expect_exit or "a failure"))
    for pattern in plant.expect:
        # A space matches any run of white space: CMake wraps long messages.
        pattern = re.sub(r"\{line:(.*?)\}", line_of, pattern).replace(" ", r"\s+")
        if not re.search(pattern, result.stdout, re.MULTILINE):
            problems.append("the output does not match %r" % pattern)
    sys.stdout.write(result.stdout)
    what = "%s: %s: %r -> %r" % (plant.name, plant.file, plant.find, plant.replace)
    if problems:
        print("\nplant.py: NOT CAUGHT as it must be: %s\n  %s" % (what, "\n  ".join(problems)))
        return 1
    print("\nplant.py: caught, as it must be: %s" % what)
    return 0


def main():
    arguments = sys.argv[1:]
    if arguments == ["--list"]:
        for plant in PLANTS:
            print(" ".join([plant.name, plant.label, str(plant.timeout)] +
                           ([os.path.relpath(plant.file, "emulator/runtime"), plant.case] if plant.case else [])))
        return 0
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__.strip())
    name, options = arguments[0], arguments[1:]
    plant = next((p for p in PLANTS if p.name == name), None)
    if plant is None:
        sys.exit("plant.py: no plant named %s in tests/plants.py" % name)
    values = {"--var": []}
    i = 0
    while i < len(options):
        if options[i] in ("--source-dir", "--work", "--output") and i + 1 < len(options):
            values[options[i]] = options[i + 1]
        elif options[i] == "--var" and i + 1 < len(options) and "=" in options[i + 1]:
            values["--var"].append(options[i + 1].split("=", 1))
        else:
            sys.exit(__doc__.strip())
        i += 2
    if "--source-dir" not in values:
        sys.exit(__doc__.strip())
    if "--output" in values:
        text = planted_text(os.path.join(values["--source-dir"], plant.file), plant)
        os.makedirs(os.path.dirname(os.path.abspath(values["--output"])), exist_ok=True)
        with open(values["--output"], "w", encoding="utf-8") as planted:
            planted.write(text)
        return 0
    if "--work" not in values:
        sys.exit(__doc__.strip())
    return run(plant, values["--source-dir"], values["--work"], dict(values["--var"]))


if __name__ == "__main__":
    sys.exit(main())
