#!/usr/bin/env python3
"""usage: plant_copies.py SOURCE WORK PLANT PLANT [--var KEY=VALUE]...

A plant copies the project into a tree of its own (tests/plant.py), and that
copy must never take a build folder: a build inside the source tree, under
any name (CLion's cmake-build-debug, say), would otherwise be copied into
every plant's tree with the earlier plants' trees inside it, each copy nesting
the last, until the disk is full.

In WORK this makes a copy of SOURCE's files, src, in two forms: a git
checkout (the project's files are git's list) and a plain folder (a tarball:
every file). Into each it puts two build folders named nothing like "build",
each holding a CMakeCache.txt as CMake leaves one: src/cmake-build-debug, the
running build, in whose test-work the plants run as CTest runs them, and
src/out, another build, holding an earlier plant's tree. It then runs the two
PLANTs (tests/plant.py, with the --var values given) one after the other, and
checks that each plant's tree holds every file of the project and nothing of
either build folder. Exit 0 when every check holds; else each failure is
named and the exit status is 1.
"""

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

BUILD_FOLDERS = ("cmake-build-debug", "out")


def listed_files(source):
    """SOURCE's files as git lists them (tracked, and new ones not ignored), or
    every file but those of .git and of folders holding a CMakeCache.txt.
    Not tests/plant.py's own list: that is what this test checks."""
    # A checkout of its own: a copy that lies inside another checkout (a plant's
    # tree in a build folder in the source tree) is listed by walking it.
    toplevel = subprocess.run(["git", "-C", source, "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    checkout = toplevel.returncode == 0 and os.path.realpath(toplevel.stdout.strip()) == os.path.realpath(source)
    listing = subprocess.run(["git", "-C", source, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True)
    if checkout and listing.returncode == 0:
        names = [name for name in listing.stdout.decode().split("\0") if name]
        return [name for name in names if os.path.isfile(os.path.join(source, name))]
    names = []
    for folder, folders, files in os.walk(source):
        folders[:] = [name for name in folders if name != ".git"
                      and not os.path.isfile(os.path.join(folder, name, "CMakeCache.txt"))]
        names += [os.path.relpath(os.path.join(folder, name), source) for name in files]
    return names


def make_source(source, folder, checkout):
    """A copy of the project's files in folder, a git checkout or not, with the two build folders."""
    shutil.rmtree(folder, ignore_errors=True)
    files = [name for name in listed_files(source) if os.path.commonpath([os.path.abspath(os.path.join(source, name)),
                                                                          folder]) != folder]
    for relative in files:
        target = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(source, relative), target, follow_symlinks=False)
    if checkout:
        subprocess.run(["git", "init", "-q", folder], check=True)
        subprocess.run(["git", "-C", folder, "add", "-A"], check=True)
        subprocess.run(["git", "-C", folder, "-c", "user.name=plant_copies.py", "-c", "user.email=plant_copies@localhost",
                        "commit", "-q", "-m", "the project's files"], check=True)
    for build in BUILD_FOLDERS:
        os.makedirs(os.path.join(folder, build))
        with open(os.path.join(folder, build, "CMakeCache.txt"), "w", encoding="utf-8") as cache:
            cache.write("# This is the CMakeCache file.\nCMAKE_HOME_DIRECTORY:INTERNAL=%s\n" % folder)
    earlier = os.path.join(folder, "out", "test-work", "planted", "earlier", "tree")
    os.makedirs(earlier)
    shutil.copy2(os.path.join(folder, "shuffles.cu"), earlier)
    return files


def problems_of(tree, files):
    """What is wrong with a plant's tree: a project file missing, or anything of a build folder."""
    if not os.path.isdir(tree):
        return ["there is no tree %s" % tree]
    problems = ["it lacks %s" % name for name in files if not os.path.isfile(os.path.join(tree, name))][:5]
    for folder, folders, names in os.walk(tree):
        relative = os.path.relpath(folder, tree)
        if relative.split(os.sep)[0] in BUILD_FOLDERS or "CMakeCache.txt" in names:
            problems.append("it holds the build folder %s" % relative)
            folders[:] = []
    return problems


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 4 or arguments[0].startswith("-"):
        sys.exit(__doc__.strip())
    source, work = (os.path.abspath(argument) for argument in arguments[:2])
    plants, variables = arguments[2:4], arguments[4:]
    problems = []
    for checkout in (True, False):
        form = "a git checkout" if checkout else "a folder that is no checkout"
        src = os.path.join(work, "checkout" if checkout else "folder", "src")
        files = make_source(source, src, checkout)
        # No git of a folder above this one may answer for the copy that is no checkout.
        environment = dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(src))
        for name in plants:
            plant_work = os.path.join(src, "cmake-build-debug", "test-work", "planted", name)
            subprocess.run([sys.executable, os.path.join(HERE, "plant.py"), name, "--source-dir", src, "--work",
                            plant_work] + variables, env=environment, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            found = problems_of(os.path.join(plant_work, "tree"), files)
            problems += ["%s, plant %s: %s" % (form, name, problem) for problem in found]
            print("%s, plant %s: %s" % (form, name, "; ".join(found) if found else
                                        "its tree holds the project's %d files and no build folder" % len(files)))
    if problems:
        print("plant_copies.py: a plant's tree is not the project's files alone:\n  " + "\n  ".join(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
