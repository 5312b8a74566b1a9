#!/usr/bin/env python3
"""The Colab notebook for the learner, made from the repository's own files so it never drifts.

  notebook.py generate OUT.ipynb   write the notebook: one setup cell that writes every source
                                   (no repository URL, nothing downloaded), then the GPU report, the
                                   same program on the CPU warp emulator, and the exercise
  notebook.py check NOTEBOOK       require it to show the lane pictures (PICTURES) as attachments,
                                   validate it with nbformat and require it to equal what
                                   `generate` writes now (run `generate` after changing a source)
  notebook.py run NOTEBOOK DIR     run every code cell top to bottom in a fresh DIR as Colab would:
                                   Python cells by exec in one namespace, %%writefile cells write
                                   their file, '!' lines run in a shell from DIR; any failure fails
  notebook.py run-cpu NOTEBOOK DIR the same for the cells not tagged "gpu": no GPU needed

A code cell's metadata may hold, under "shuffles":
  expect_in_output  text its output must hold: the markdown promises the learner will see it
                    there, and `run` checks that promise
  expect_exit_code  the exit code each of its '!' lines must end with (0 when not given)

`run` does not look for a GPU: only the test suite starts it, where one is known to be there.
check prints a line starting SHUFFLES_SKIPPED when nbformat is missing, and fails instead under
CI=true. Only the standard library is needed, except nbformat for check.
"""
import ast
import base64
import contextlib
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import traceback

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The programs the notebook builds, and everything `emulator/emulate` needs to build them on the
# CPU. Globbed, so a file added to the emulator is written too.
SOURCES = ["shuffles.cu", "reference.hpp", "tests/exercise.cu", "emulator/emulate", "emulator/nvcc"]
OPTIONAL_SOURCES = []
# Every file of the emulator's build: its driver, the headers that stand in for CUDA's, its runtime.
EMULATOR_GLOBS = ["emulator/driver/*.py", "emulator/include/**/*", "emulator/runtime/**/*"]
EXECUTABLE = "emulator/emulate"
T4_TRANSCRIPT = "evidence/t4-transcript.txt"
# The exercise's solution in shuffles.cu sits between these two lines.
SOLUTION_BEGIN = "// ---- Exercise solution ----"
SOLUTION_END = "// ---- end of solution ----"
GPU_TAG = "gpu"

# sm_75 machine code for the T4: Colab's driver is older than its nvcc, so it cannot load PTX
# from that nvcc, and a build with no T4 machine code launches no kernel.
NVCC = "nvcc -std=c++17 -O3 -arch=sm_75"
# The emulator's exit code for a run with findings, whatever the program itself returned.
FINDINGS_EXIT_CODE = 66
# The lane pictures the notebook shows where its text talks about them (docs/lanes/, drawn from a
# run on the emulator). Each is an attachment of its markdown cell, the SVG itself in base64, so
# that it shows on Colab and on GitHub without a run and without the repository beside it.
LADDER = "docs/lanes/padded-sum-ladder.svg"
UNDEFINED_READS = "docs/lanes/ballot-down-undefined-reads.svg"
PICTURES = {LADDER: "reduceRowsPadded's shuffle-down ladder and broadcast",
            UNDEFINED_READS: "reduceRowsBallotDown's undefined reads"}


# ---------------------------------------------------------------------------
# Cells
# ---------------------------------------------------------------------------
def markdown(text, pictures=()):
    """A markdown cell; each picture (a path in PICTURES) is attached to it, and {picture} in the
    text is where it shows."""
    cell = {"cell_type": "markdown", "metadata": {}, "source": []}
    if pictures:
        cell["attachments"] = {}
        for path in pictures:
            name = pathlib.PurePosixPath(path).name
            cell["attachments"][name] = {"image/svg+xml": base64.b64encode((ROOT / path).read_bytes()).decode("ascii")}
            text = text.replace("{%s}" % path, f"![{PICTURES[path]}](attachment:{name})")
    cell["source"] = text.strip("\n").splitlines(keepends=True)
    return cell


def code(text, gpu=False, expect_in_output=(), expect_exit_code=0):
    metadata, promises = {}, {}
    if gpu:
        metadata["tags"] = [GPU_TAG]
    if expect_in_output:
        promises["expect_in_output"] = list(expect_in_output)
    if expect_exit_code:
        promises["expect_exit_code"] = expect_exit_code
    if promises:
        metadata["shuffles"] = promises
    return {"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": [],
            "source": text.strip("\n").splitlines(keepends=True)}


def text_block(lines):
    return "```text\n" + "\n".join(lines) + "\n```"


# ---------------------------------------------------------------------------
# What the notebook is made from
# ---------------------------------------------------------------------------
def source_paths():
    missing = [path for path in SOURCES if not (ROOT / path).is_file()]
    if missing:
        raise SystemExit(f"the notebook needs {', '.join(missing)}, and the repository has no such file")
    paths = SOURCES + [path for path in OPTIONAL_SOURCES if (ROOT / path).is_file()]
    for pattern in EMULATOR_GLOBS:
        found = sorted(path.relative_to(ROOT).as_posix() for path in ROOT.glob(pattern)
                       if path.is_file() and "__pycache__" not in path.parts)
        if not found:
            raise SystemExit(f"no file matches {pattern}: the emulator cannot be written")
        paths += found
    return paths


def raw_literal(path):
    """The file's text as r'''...''' opening with a newline, so each file reads as itself in the
    cell; a text no raw string can hold (a ''' in it, a trailing backslash) stops the generator."""
    text = (ROOT / path).read_text(encoding="utf-8")
    literal = "r'''\n" + text + "'''"
    try:
        same = ast.literal_eval(literal) == "\n" + text
    except SyntaxError:
        same = False
    if not same:
        raise SystemExit(f"{path} cannot be written as a raw triple-quoted string in the setup cell")
    return literal


def setup_cell():
    paths = source_paths()
    writes = "\n".join(f"write({path!r}, {raw_literal(path)})" for path in paths)
    # #@title with display-mode "form" makes Colab show this cell folded to its title.
    return code(f'''
#@title Write the sources {{ display-mode: "form" }}
# Writes shuffles.cu, reference.hpp, tests/exercise.cu and the CPU warp emulator into this folder.
# Running it again puts every file back as shipped: shuffles.cu then holds the shipped argmax.
import pathlib

def write(path, text):
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.removeprefix("\\n"), encoding="utf-8")  # the newline after r\'\'\' is not the file's

{writes}
pathlib.Path({EXECUTABLE!r}).chmod(0o755)
print("wrote {len(paths)} files: shuffles.cu, reference.hpp, tests/exercise.cu and emulator/")
''')


def t4_report():
    """The T4 transcript without the '#' lines that head it."""
    lines = (ROOT / T4_TRANSCRIPT).read_text().splitlines()
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return lines


def exercise_solution():
    """The lines between shuffles.cu's two solution markers, as they stand."""
    lines = (ROOT / "shuffles.cu").read_text().splitlines(keepends=True)
    marks = [n for n, line in enumerate(lines) if line.strip() in (SOLUTION_BEGIN, SOLUTION_END)]
    if [lines[n].strip() for n in marks] != [SOLUTION_BEGIN, SOLUTION_END]:
        raise SystemExit(f"shuffles.cu needs one line '{SOLUTION_BEGIN}' and, below it, one '{SOLUTION_END}'")
    return "".join(lines[marks[0] + 1:marks[1]])


# The splice cell's code: generate puts it in the notebook as it stands here. It keeps the two
# markers, so the learner can edit argmax.cuh and run it again as often as they like.
SPLICE = f'''
# Puts argmax.cuh into shuffles.cu in place of the lines between its two marker comments.
import pathlib

BEGIN, END = {SOLUTION_BEGIN!r}, {SOLUTION_END!r}
program = pathlib.Path("shuffles.cu")
lines = program.read_text().splitlines(keepends=True)
marks = [n for n, line in enumerate(lines) if line.strip() in (BEGIN, END)]
if [lines[n].strip() for n in marks] != [BEGIN, END]:
    raise RuntimeError(f"shuffles.cu has lost its marker lines {{BEGIN!r}} and {{END!r}}: "
                       "run the setup cell again for a fresh copy, then this cell")
yours = pathlib.Path("argmax.cuh").read_text()
if not yours.endswith("\\n"):
    yours += "\\n"
program.write_text("".join(lines[:marks[0] + 1]) + yours + "".join(lines[marks[1]:]))
print(f"shuffles.cu: argmax.cuh spliced in after line {{marks[0] + 1}}")
'''


# ---------------------------------------------------------------------------
# The notebook
# ---------------------------------------------------------------------------
def build():
    cells = [
        markdown("""
# Warp shuffles on a free T4

Builds and runs `shuffles.cu` on Colab's T4, runs the same file on a CPU warp emulator, then
gives you the exercise. Choose **Runtime > Change runtime type > T4 GPU**, then
**Runtime > Run all**. The next cell writes every source file (double-click it to read them);
the emulator cells need no GPU.
"""),
        setup_cell(),
        markdown("The GPU Colab gave you: it should say Tesla T4."),
        code("!nvidia-smi", gpu=True),
        markdown(f"""
`reduceRowsPadded` sums each row, one warp a row, with a shuffle-down ladder: at offsets 16, 8, 4,
2 and 1, lane L adds what lane L + offset holds, so lane 0 ends with the total, and one
`__shfl_sync` copies it to all 32. Lanes 20-31 own no data and add 0, so every lane stays in every
shuffle. Each arrow runs from the lane read to the lane that read it (drawn from a run on the CPU
warp emulator):

{{{LADDER}}}

Build the report and run it. Look at the shared/block column (the shuffle kernels use none) and
the last line, which says whether every checked kernel matched the CPU reference.
""", pictures=[LADDER]),
        code(f"!{NVCC} -o shuffles shuffles.cu && ./shuffles", gpu=True,
             expect_in_output=["every gated kernel matched the CPU reference"]),
        markdown(f"""
Expected, from a T4 (`{T4_TRANSCRIPT}`). Your registers column may differ with Colab's
nvcc, and so may `reduceRowsBallotDown`'s line: its reads are undefined, so right sums there
are luck.

{text_block(t4_report())}
"""),
        markdown(f"""
The same file on the CPU warp emulator, no GPU needed. `reduceRowsBallotDown` runs the ladder
inside `if (live)` with the mask of the live lanes, 0-19: at offset 16 lane 4 reads lane 20, which
is not taking part, so the value it gets is undefined. Each dashed vermillion arrow is such a read:

{{{UNDEFINED_READS}}}

On the emulator `reduceRowsBallotDown` gets its rows wrong: the emulator gives poison (NaN) to
every shuffle that reads a lane not taking part, and names each one first, "lane 4 read lane 20,
which is not taking part". It then exits with {FINDINGS_EXIT_CODE} on purpose, because a run with
findings must not pass. A `!` command's exit code does not stop Colab, so **Run all** carries on.
""", pictures=[UNDEFINED_READS]),
        code("!python3 emulator/emulate shuffles.cu",
             expect_in_output=["lane 4 read lane 20, which is not taking part"],
             expect_exit_code=FINDINGS_EXIT_CODE),
        markdown("""
## The exercise

Add `argmax[row]` to `reduceRowsPadded`: the lowest lane that holds the row's maximum. Use warp
primitives only (shuffles, votes), no shared memory. Your code sets `argmaxLane`; there each
lane has its own `value`, whether it is `live`, and the row's max in `best`.

The cell below holds the shipped solution. Replace it with your own and run it, then run the
next cell, which puts your code into `shuffles.cu`.
"""),
        code(f"%%writefile argmax.cuh\n{exercise_solution()}"),
        code(SPLICE),
        markdown("""
Check it, on the T4 and on the emulator, which also names any shuffle or vote that breaks a rule.
Each prints `exercise: PASSED` when your argmax is right, and the smallest wrong row when not.
"""),
        code(f"!{NVCC} -o exercise tests/exercise.cu && ./exercise", gpu=True,
             expect_in_output=["exercise: PASSED"]),
        code("!python3 emulator/emulate tests/exercise.cu", expect_in_output=["exercise: PASSED"]),
    ]
    return {"cells": cells,
            "metadata": {"accelerator": "GPU",
                         "colab": {"gpuType": "T4", "provenance": []},
                         "kernelspec": {"display_name": "Python 3", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def serialise(notebook):
    # nbformat 4.5 wants a cell id; stable ones keep the file reproducible.
    for index, cell in enumerate(notebook["cells"]):
        cell["id"] = f"cell-{index:02d}"
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# check and run
# ---------------------------------------------------------------------------
def missing_pictures(notebook):
    """The pictures of PICTURES the notebook does not show: each must be attached, as the SVG in
    docs/lanes is now, to a markdown cell whose text shows it."""
    missing = []
    for path in PICTURES:
        name = pathlib.PurePosixPath(path).name
        wanted = base64.b64encode((ROOT / path).read_bytes()).decode("ascii")
        shown = any(cell["cell_type"] == "markdown" and f"(attachment:{name})" in "".join(cell["source"])
                    and cell.get("attachments", {}).get(name, {}).get("image/svg+xml") == wanted
                    for cell in notebook["cells"])
        if not shown:
            missing.append(path)
    return missing


def check(path):
    missing = missing_pictures(json.loads(path.read_text()))
    if missing:
        sys.exit(f"{path} does not show {', '.join(missing)}: a markdown cell must carry each as an attachment "
                 "(attachment:NAME in its text), as the file is now")
    try:
        import nbformat
    except ImportError:
        reason = "nbformat not found (pip install nbformat, or apt install python3-nbformat)"
        if os.environ.get("CI") == "true":
            sys.exit(f"FAILED: {reason}")
        print(f"SHUFFLES_SKIPPED: {reason}")
        return
    notebook = nbformat.read(str(path), as_version=4)
    nbformat.validate(notebook)  # raises on an invalid notebook
    if path.read_text() != serialise(build()):
        sys.exit(f"{path} is out of date with the sources: run tools/notebook.py generate {path}")
    print(f"{path}: valid nbformat {notebook.nbformat}.{notebook.nbformat_minor}, in sync with the sources")


def run_python(text, namespace):
    """exec, as the Colab kernel runs a Python cell; returns what it printed."""
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(text, "<cell>", "exec"), namespace)
    except BaseException:  # a SystemExit too: in Colab it only ends the cell, here it fails it
        print(printed.getvalue(), end="")
        traceback.print_exc()
        return None
    print(printed.getvalue(), end="", flush=True)
    return printed.getvalue()


def run_shell(lines, index, expected_exit):
    """Each '!' line in a shell from the current folder; returns their output together."""
    output = ""
    for line in lines:
        print(f"$ {line[1:]}", flush=True)
        done = subprocess.run(line[1:], shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, errors="replace")
        print(done.stdout, end="", flush=True)
        output += done.stdout
        # Colab ignores the exit code, so a failed build would go unseen: here it fails the cell.
        if done.returncode != expected_exit:
            sys.exit(f"FAILED: cell {index}: '{line}' exited {done.returncode}, not {expected_exit}")
    return output


def run(path, folder, gpu_cells):
    """Runs the code cells in a fresh folder as Colab would; gpu_cells False leaves out those tagged gpu."""
    notebook = json.loads(path.read_text())
    folder = folder.resolve()
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    os.chdir(folder)  # Colab runs every cell, Python or shell, from its /content
    namespace = {"__name__": "__main__"}
    ran = left_out = 0
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        if not gpu_cells and GPU_TAG in cell["metadata"].get("tags", []):
            left_out += 1
            continue
        ran += 1
        promises = cell["metadata"].get("shuffles", {})
        text = "".join(cell["source"])
        lines = text.splitlines()
        if text.startswith("%%writefile "):
            header, _, body = text.partition("\n")
            target = pathlib.Path(header.split(maxsplit=1)[1])
            target.write_text(body if body.endswith("\n") else body + "\n")  # as the magic does, no mkdir
            print(f"wrote {target}")
            output = ""
        elif all(line.startswith("!") for line in lines):
            output = run_shell(lines, index, promises.get("expect_exit_code", 0))
        elif any(line.startswith("!") for line in lines):
            sys.exit(f"FAILED: cell {index} mixes '!' lines with Python, which only IPython can run")
        else:
            output = run_python(text, namespace)
            if output is None:
                sys.exit(f"FAILED: cell {index}: its Python raised")
        for expected in promises.get("expect_in_output", []):
            if expected not in output:
                sys.exit(f"FAILED: cell {index}: its output lacks '{expected}', which the notebook says it shows")
            print(f"(the output shows '{expected}', as the notebook says)")
    print(f"every cell ran: {ran} code cells" + (f"; {left_out} tagged {GPU_TAG} left out" if left_out else ""))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "generate" and len(sys.argv) == 3:
        pathlib.Path(sys.argv[2]).write_text(serialise(build()))
    elif command == "check" and len(sys.argv) == 3:
        check(pathlib.Path(sys.argv[2]))
    elif command in ("run", "run-cpu") and len(sys.argv) == 4:
        run(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]), gpu_cells=command == "run")
    else:
        sys.exit(__doc__)
