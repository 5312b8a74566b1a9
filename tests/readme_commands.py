#!/usr/bin/env python3
"""Runs every command of the project's pages, top to bottom, as a reader who copies them would.

Which blocks are commands (the convention a README author follows; this script enforces it):

  ```sh                       A fenced block whose info string is `sh` is a command block.
  nvcc ... && ./shuffles      Its lines run in bash from the repository root, with -e and
  ```                         pipefail: any failing line fails the block.

  One or more annotations may sit on the lines directly above the opening fence:
    <!-- readme-test: gpu -->           the block needs a GPU
    <!-- readme-test: exit N -->        the block must exit N instead of 0
    <!-- readme-test: skip REASON -->   the block is never run (e.g. it installs system
                                        packages); REASON is printed instead

  Any other fenced block (```text for output, ```cuda for code) is not a command. A fence
  with no info string, or with bash, shell, console or zsh, is an error (say `sh` or `text`),
  and so is an indented code block (a line indented 4 or more spaces after a blank line,
  outside a fence): a command there would escape this test.

  readme_commands.py --label cpu|gpu --source DIR --work DIR [--readme FILE] [--files-from LIST]

For each page it copies the files git tracks in DIR (as they are in the working tree, so
uncommitted edits count) into a fresh folder under --work, commits them there as a clone holds
them (so a page's `git checkout FILE` undoes an edit it asked for), and runs the page's blocks
there, in order, from the project's root (where DIR has no .git, as in a copy made for another machine,
--files-from names a list that `git ls-files` wrote, one path a line): a later block may use
what an earlier one built, as on a reader's machine. The pages read are PAGES (README.md,
emulator/README.md, bench/README.md, CONTRIBUTING.md), or each --readme FILE given (the
self-test plants mistakes in a copy of one).

  --label cpu  runs every block that needs no GPU. A gpu block is only built: its nvcc commands
               (the block split on newlines and `&&`) run, and the rest is left to the gpu label.
  --label gpu  runs every block whole (CTest runs it only where tests/gpu_probe.cu finds a GPU).

The block that runs the test suite is annotated skip: it is what runs this test.

Exit: 0 passed, 1 failed, 77 skipped (CTest's SKIP_RETURN_CODE for this test).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

SKIPPED = 77
PAGES = ["README.md", "emulator/README.md", "bench/README.md", "CONTRIBUTING.md"]

FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^\s`]*)")
ANNOTATION = re.compile(r"^\s*<!--\s*readme-test:\s*(?P<value>.*?)\s*-->\s*$")
SHELL_INFO_STRINGS = {"bash", "shell", "console", "zsh", "shell-session", "sh-session"}


class ReadmeError(Exception):
    """The README breaks the convention; the message names the line."""


class Block:
    def __init__(self, line, text, gpu=False, exit_status=0, skip_reason=None):
        self.line = line  # of the opening fence, 1-based
        self.text = text
        self.gpu = gpu
        self.exit_status = exit_status
        self.skip_reason = skip_reason


def parse_annotation(value, where):
    """Applies one `<!-- readme-test: ... -->` to a dict of block settings."""
    word, _, rest = value.partition(" ")
    rest = rest.strip()
    if word == "gpu" and not rest:
        return {"gpu": True}
    if word == "exit" and re.fullmatch(r"[0-9]{1,3}", rest) and int(rest) <= 255:
        return {"exit_status": int(rest)}
    if word == "skip" and rest:
        return {"skip_reason": rest}
    raise ReadmeError(f"{where}: unknown annotation '{value}' "
                      "(known: 'gpu', 'exit N' with N from 0 to 255, 'skip REASON')")


def command_blocks(readme_text, name="README.md"):
    """The README's command blocks, in order. Raises ReadmeError where the convention is broken."""
    lines = readme_text.splitlines()
    blocks = []
    pending = {}           # annotations waiting for their block
    pending_line = None    # where the first of them is
    fence = None           # (fence characters, info, first line, body lines) inside a fence
    previous_blank = True  # a document starts as after a blank line
    for number, line in enumerate(lines, start=1):
        where = f"{name}:{number}"
        if fence is not None:
            closing = FENCE.match(line)
            if (closing and closing.group("fence")[0] == fence[0][0]
                    and len(closing.group("fence")) >= len(fence[0]) and not closing.group("info")
                    and line.strip() == closing.group("fence")):
                if fence[1] == "sh":
                    blocks.append(Block(fence[2], "\n".join(fence[3]), **fence[4]))
                fence = None
                previous_blank = False
            else:
                fence[3].append(line)
            continue

        annotation = ANNOTATION.match(line)
        if annotation:
            pending.update(parse_annotation(annotation.group("value"), where))
            pending_line = pending_line or number
            previous_blank = False
            continue
        if "readme-test" in line and "<!--" in line:
            raise ReadmeError(f"{where}: malformed annotation '{line.strip()}' "
                              "(write '<!-- readme-test: gpu -->' alone on its line)")

        opening = FENCE.match(line)
        if opening:
            info = opening.group("info")
            if info in SHELL_INFO_STRINGS or not info:
                raise ReadmeError(f"{where}: a fence with the info string '{info}': "
                                  "write ```sh for a command (this test runs it) or ```text for output")
            if pending and info != "sh":
                raise ReadmeError(f"{name}:{pending_line}: an annotation above a ```{info} block, "
                                  "which is not a command; annotations belong above ```sh blocks")
            fence = (opening.group("fence"), info, number, [], pending)
            pending, pending_line = {}, None
            continue

        if pending:
            raise ReadmeError(f"{name}:{pending_line}: an annotation not directly above a ```sh block")
        if line.strip() and previous_blank and (line.startswith("\t") or line.startswith("    ")):
            raise ReadmeError(f"{where}: an indented code block ('{line.strip()}'): fence it, "
                              "```sh for a command (this test runs it) or ```text for output")
        previous_blank = not line.strip()

    if fence is not None:
        raise ReadmeError(f"{name}:{fence[2]}: a fence that is never closed")
    if pending:
        raise ReadmeError(f"{name}:{pending_line}: an annotation at the end, above no block")
    return blocks


def split_commands(text):
    """A block's commands: its lines (continuations joined) split on `&&`, as (is nvcc, command)."""
    joined = re.sub(r"\\\n", " ", text)
    commands = []
    for line in joined.splitlines():
        for part in line.split("&&"):
            part = part.strip()
            if part:
                commands.append((part.split()[0] == "nvcc", part))
    return commands


def copy_tracked_files(source, destination, files_from=None):
    """Copies what git tracks in source (working-tree contents) into a fresh destination: the
    list git ls-files gives, or the one in files_from."""
    if files_from:
        with open(files_from, encoding="utf-8") as listed:
            tracked = listed.read().splitlines()
    else:
        listing = subprocess.run(["git", "-C", source, "ls-files", "-z"], capture_output=True)
        if listing.returncode != 0:
            return listing.stderr.decode(errors="replace").strip() or "git ls-files failed"
        tracked = listing.stdout.decode().split("\0")
    if os.path.exists(destination):
        shutil.rmtree(destination)
    os.makedirs(destination)
    copied = 0
    for relative in tracked:
        path = os.path.join(source, relative)
        if not relative or not os.path.lexists(path):  # deleted in the working tree, not yet committed
            continue
        target = os.path.join(destination, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(path, target, follow_symlinks=False)
        copied += 1
    print(f"copied the {copied} files git tracks in {source} to {destination}", flush=True)
    # A clone, as a reader's is: a page may say `git checkout shuffles.cu` to undo an edit it asked for.
    if shutil.which("git") is not None:
        for command in (["init", "-q"], ["add", "-A"],
                        ["-c", "user.name=readme_commands.py", "-c", "user.email=readme_commands@localhost",
                         "commit", "-q", "-m", "the files git tracks in the source"]):
            made = subprocess.run(["git"] + command, cwd=destination, capture_output=True)
            if made.returncode != 0:
                return "git %s in the copy failed: %s" % (command[0], made.stderr.decode(errors="replace").strip())
    return None


def skip(reason, fail_instead):
    if fail_instead:
        print(f"FAILED: {reason}", flush=True)
        sys.exit(1)
    print(f"Skipped: {reason}", flush=True)
    sys.exit(SKIPPED)


def run_shell(text, folder, environment):
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=folder, env=environment,
                          stdin=subprocess.DEVNULL).returncode


def run_page(readme, name, options):
    """Runs one page's blocks in a fresh copy; exits on the first failure."""
    with open(readme, encoding="utf-8") as file:
        try:
            blocks = command_blocks(file.read(), name)
        except ReadmeError as error:
            print(f"FAILED: {error}", flush=True)
            sys.exit(1)
    if not blocks:
        print(f"FAILED: {name} has no ```sh block, so this test would check nothing", flush=True)
        sys.exit(1)
    tree = os.path.abspath(os.path.join(options.work, name.replace("/", "_"), "tree"))
    problem = copy_tracked_files(os.path.abspath(options.source), tree, options.files_from)
    if problem:
        skip(f"{options.source} is not a git checkout, so which files a fresh copy holds is unknown "
             f"(git clone the repository): {problem}", os.environ.get("CI") == "true")

    for index, block in enumerate(blocks, start=1):
        where = f"{name}:{block.line}"
        tags = ", ".join(filter(None, ["gpu" if block.gpu else "",
                                       f"exit {block.exit_status}" if block.exit_status else ""]))
        print(f"\n== block {index} of {len(blocks)}, {where}{f' ({tags})' if tags else ''}", flush=True)
        if block.skip_reason:
            print(f"not run: {block.skip_reason}", flush=True)
            continue
        if block.gpu and options.label == "cpu":
            commands = [command for is_nvcc, command in split_commands(block.text) if is_nvcc]
            left = [command for is_nvcc, command in split_commands(block.text) if not is_nvcc]
            print("needs a GPU: the cpu label runs only its nvcc commands, the gpu label runs it whole",
                  flush=True)
            if not commands:
                print("it has no nvcc command, so nothing runs here", flush=True)
            for command in commands:
                print(f"$ {command}", flush=True)
                status = run_shell(command, tree, dict(os.environ))
                if status != 0:
                    print(f"FAILED: {where}: '{command}' exited {status} in {tree}", flush=True)
                    sys.exit(1)
            print(f"left to the gpu label: {' && '.join(left) or 'nothing'}", flush=True)
            continue
        print("\n".join(f"$ {line}" for line in block.text.splitlines()), flush=True)
        status = run_shell(block.text, tree, dict(os.environ))
        if status != block.exit_status:
            print(f"FAILED: {where}: the block exited {status}, and the page expects "
                  f"{block.exit_status} (annotate it '<!-- readme-test: exit {status} -->' only if "
                  f"that is what a reader should see); it ran in {tree}", flush=True)
            sys.exit(1)
        if block.exit_status:
            print(f"exited {status}, as annotated", flush=True)
    if options.label == "gpu":
        print(f"\n{name}: all {len(blocks)} blocks ran as written", flush=True)
    else:
        print(f"\n{name}: {len(blocks)} blocks: those that need no GPU ran as written, "
              "and the nvcc commands of those that need one built", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", choices=["cpu", "gpu"], required=True)
    parser.add_argument("--source", required=True, help="the repository whose tracked files are copied")
    parser.add_argument("--work", required=True, help="a folder for the copies (emptied first)")
    parser.add_argument("--readme", action="append", help="a page to read (default: every page of PAGES)")
    parser.add_argument("--files-from", default=os.environ.get("SHUFFLES_TRACKED_FILES"),
                        help="the tracked files, one a line (default: $SHUFFLES_TRACKED_FILES, else ask git)")
    options = parser.parse_args()
    if shutil.which("git") is None and not options.files_from:
        skip("git not found: the copy holds the files git tracks (apt install git)",
             os.environ.get("CI") == "true")
    pages = options.readme or [os.path.join(options.source, page) for page in PAGES]
    for readme in pages:
        name = os.path.relpath(os.path.abspath(readme), os.path.abspath(options.source))
        if name.startswith(".."):
            name = os.path.basename(readme)
        run_page(readme, name, options)


if __name__ == "__main__":
    main()
