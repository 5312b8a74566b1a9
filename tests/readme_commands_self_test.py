#!/usr/bin/env python3
"""The README test must bite: readme_commands.py on planted READMEs.

  readme_commands_self_test.py SOURCE_DIR WORK_DIR

Each case writes a README (a copy of SOURCE_DIR/README.md with a broken command planted in it,
or a small README that breaks one rule of the convention), runs readme_commands.py --label cpu
on it, and checks the exit status and that the output names the problem. One clean small README
must pass, with each annotation doing what it says, so a runner that fails everything cannot pass
this either. The tree the runner copies is a small git repository made here, with one tracked and
one untracked file, so this also runs where SOURCE_DIR is no git checkout, and checks that only
tracked files are copied. Exit 0 when every case holds.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
RUNNER = HERE / "readme_commands.py"
FENCE = "```"


def sh(text, *annotations):
    above = "".join(f"<!-- readme-test: {annotation} -->\n" for annotation in annotations)
    return f"{above}{FENCE}sh\n{text}\n{FENCE}\n"


def plant_before_first_command(readme, planted):
    """The real README with `planted` inserted before its first command block (with its annotations)."""
    lines = readme.splitlines(keepends=True)
    first = next(index for index, line in enumerate(lines) if line.rstrip() == f"{FENCE}sh")
    while first > 0 and lines[first - 1].lstrip().startswith("<!-- readme-test:"):
        first -= 1
    return "".join(lines[:first]) + planted + "\n" + "".join(lines[first:])


def make_source_tree(folder):
    """A git repository with tracked.txt added (uncommitted: no identity needed) and untracked.txt not."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "tracked.txt").write_text("tracked\n")
    (folder / "untracked.txt").write_text("untracked\n")
    for command in (["git", "init", "-q"], ["git", "add", "tracked.txt"]):
        subprocess.run(command, cwd=folder, check=True)


def run(source, work, name, readme_text, environment_changes=None):
    folder = work / name
    folder.mkdir(parents=True, exist_ok=True)
    readme = folder / "README.md"
    readme.write_text(readme_text)
    environment = {key: value for key, value in os.environ.items() if key != "SHUFFLES_TRACKED_FILES"}
    environment.update(environment_changes or {})
    done = subprocess.run([sys.executable, str(RUNNER), "--label", "cpu", "--source", str(source),
                           "--work", str(folder / "copy"), "--readme", str(readme)],
                          capture_output=True, text=True, env=environment, stdin=subprocess.DEVNULL)
    return done.returncode, done.stdout + done.stderr


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    real_readme = (pathlib.Path(sys.argv[1]) / "README.md").read_text()
    work = pathlib.Path(sys.argv[2]).resolve()
    if shutil.which("git") is None:
        message = "git not found: the README test copies the files git tracks (apt install git)"
        if os.environ.get("CI") == "true":
            sys.exit(f"FAILED: {message}")
        print(f"SHUFFLES_SKIPPED: {message}")
        return
    source = work / "source"
    make_source_tree(source)
    marker = "created-by-the-readme-test"

    # (name, README text, expected exit status, patterns the output must hold, environment)
    cases = [
        ("broken_command_in_the_readme",
         plant_before_first_command(real_readme, sh("./no-such-program --rows 8")),
         1, [r"FAILED: README\.md:\d+: the block exited 127"], None),
        ("gpu_block_whose_build_fails",
         plant_before_first_command(real_readme, sh(
             "nvcc -std=c++17 -O3 -arch=sm_75 -o shuffles no-such-file.cu && ./shuffles", "gpu")),
         1, [r"\$ nvcc -std=c\+\+17 -O3 -arch=sm_75 -o shuffles no-such-file\.cu\n",
             r"FAILED: README\.md:\d+: 'nvcc [^']*no-such-file\.cu' exited [1-9]"], None),
        ("indented_command",
         "Build it:\n\n    nvcc -o shuffles shuffles.cu\n",
         1, [r"README\.md:3: an indented code block"], None),
        ("bash_fence",
         f"{FENCE}bash\ntrue\n{FENCE}\n", 1, [r"README\.md:1: a fence with the info string 'bash'"], None),
        ("fence_without_info_string",
         f"{FENCE}\ntrue\n{FENCE}\n", 1, [r"README\.md:1: a fence with the info string ''"], None),
        ("wrong_exit_annotation",
         sh("true", "exit 2"), 1, [r"the block exited 0, and the page expects 2"], None),
        ("unknown_annotation",
         sh("true", "gpus"), 1, [r"README\.md:1: unknown annotation 'gpus'"], None),
        ("annotation_apart_from_its_block",
         "<!-- readme-test: gpu -->\n\n" + sh("true"), 1, [r"README\.md:1: an annotation not directly above"], None),
        ("unclosed_fence",
         f"{FENCE}sh\ntrue\n", 1, [r"README\.md:1: a fence that is never closed"], None),
        ("no_command_at_all",
         "Nothing to run.\n", 1, [r"has no ```sh block"], None),
        ("clean_readme",
         f"# A README\n\n{FENCE}text\nthis is output, never run\n{FENCE}\n\n"
         + sh("false", "skip installs system packages") + "\n"
         + sh(f"test -f tracked.txt && test ! -e untracked.txt && touch {marker} && echo first-block > state.txt") + "\n"
         + sh("grep -q first-block state.txt && echo saw-the-first-block") + "\n"
         + sh("exit 3", "exit 3") + "\n"
         + sh("nvcc --version > /dev/null && ./needs-a-gpu", "gpu") + "\n",
         0, [r"not run: installs system packages", r"saw-the-first-block", r"exited 3, as annotated",
             r"\$ nvcc --version > /dev/null\n", r"5 blocks: those that need no GPU ran as written", r"left to the gpu label: \./needs-a-gpu"], None),
    ]
    failures = []
    for name, text, expected_status, patterns, environment in cases:
        status, output = run(source, work, name, text, environment)
        missing = [pattern for pattern in patterns if not re.search(pattern, output)]
        if status != expected_status or missing:
            failures.append(name)
            print(f"FAILED: {name}: exit {status} (expected {expected_status}); "
                  f"missing from the output: {missing}\n---- output ----\n{output}---- end ----")
        else:
            print(f"ok: {name}: exit {status}, and the output says so")
    if (source / marker).exists():
        failures.append(f"the blocks ran in the source tree ({source / marker} exists), not in a copy")
    elif not (work / "clean_readme" / "copy" / "README.md" / "tree" / marker).exists():
        failures.append("the clean README's block left no file in its copy")
    else:
        print("ok: the blocks ran in the copy, and the source tree is untouched")
    if failures:
        sys.exit(f"FAILED: {', '.join(failures)}")
    print("every planted mistake failed the README test, and the clean README passed")


if __name__ == "__main__":
    main()
