#!/usr/bin/env python3
"""The Colab notebook: made from the repository's own files, so it never drifts.

  notebook.py generate OUT.ipynb   write the notebook. The sources go in %%writefile cells, so it
                                   needs no repository URL; every figure and expected output in its
                                   text comes from evidence/, never typed here
  notebook.py check NOTEBOOK       validate it with nbformat and require it to equal what
                                   `generate` writes now (run `generate` after changing a source)
  notebook.py run NOTEBOOK DIR     run every cell top to bottom in DIR as Colab would: %%writefile
                                   cells write files, '!' lines run in a shell; any failure fails
  notebook.py run-cpu NOTEBOOK DIR the same for the cells not tagged "gpu" (the sources, the CPU
                                   warp emulator, the exercise on the emulator): no GPU needed

A cell's metadata may list, under "shuffles" > "expect_in_output", text its output must hold:
the markdown promises the learner will see it there, and `run` checks that promise.

check and run print a line starting SHUFFLES_SKIPPED when they cannot run here (no nbformat,
no GPU); under CI=true a missing nbformat fails instead, and under SHUFFLES_REQUIRE_GPU=1 a
missing GPU fails. Only the standard library is needed, except nbformat for check.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# What the notebook builds; every file they include with #include "..." is written too.
ENTRY_POINTS = ["shuffles.cu", "tests/exercise.cu"]
# The CPU warp emulator, however many headers it is split into (-I emulator finds them).
EMULATOR_PATTERNS = ["emulator/**/*.h", "emulator/**/*.hpp"]
T4_TRANSCRIPT = "evidence/t4-transcript.txt"
EMULATOR_REPORT = "evidence/emulator-report.txt"
GPU_CTEST_LOG = "evidence/h200-ctest.txt"
GPU_TAG = "gpu"

NVCC = "nvcc -std=c++17 -O3 -arch=sm_75"
EMULATOR_CXX = "g++ -std=c++17 -O2 -x c++ -I emulator"


# ---------------------------------------------------------------------------
# Cells
# ---------------------------------------------------------------------------
def markdown(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n").splitlines(keepends=True)}


def code(text, gpu=False, expect_in_output=()):
    metadata = {}
    if gpu:
        metadata["tags"] = [GPU_TAG]
    if expect_in_output:
        metadata["shuffles"] = {"expect_in_output": list(expect_in_output)}
    return {"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": [],
            "source": text.strip("\n").splitlines(keepends=True)}


def write_file_cells(paths):
    """A mkdir for their folders, then one %%writefile cell per file (the magic makes no folder)."""
    folders = sorted({str(pathlib.PurePosixPath(path).parent) for path in paths} - {"."})
    cells = [code(f"!mkdir -p {' '.join(folders)}")] if folders else []
    for path in paths:
        cells.append(code(f"%%writefile {path}\n{(ROOT / path).read_text()}"))
    return cells


def text_block(lines):
    return "```text\n" + "\n".join(lines) + "\n```"


# ---------------------------------------------------------------------------
# What the notebook is made from: the sources and the evidence
# ---------------------------------------------------------------------------
def local_includes(entry_points):
    """The entry points and every file they reach through #include "...", as repository paths."""
    found, pending = [], list(entry_points)
    while pending:
        path = pending.pop(0)
        if path in found:
            continue
        found.append(path)
        folder = pathlib.PurePosixPath(path).parent
        for included in re.findall(r'^\s*#\s*include\s+"([^"]+)"', (ROOT / path).read_text(), re.MULTILINE):
            resolved = os.path.normpath(str(folder / included)).replace(os.sep, "/")
            if not (ROOT / resolved).is_file():
                raise SystemExit(f"{path} includes \"{included}\", and {resolved} is not in the repository")
            pending.append(resolved)
    return found


def emulator_headers():
    paths = {path.relative_to(ROOT).as_posix() for pattern in EMULATOR_PATTERNS for path in ROOT.glob(pattern)}
    if not paths:
        raise SystemExit(f"no emulator headers match {EMULATOR_PATTERNS}")
    return sorted(paths)


def evidence_lines(name):
    """The captured lines of an evidence file, and its '# ' header lines (without the '# ')."""
    lines = (ROOT / name).read_text().splitlines()
    header = [line[2:] for line in lines if line.startswith("# ")]
    return [line for line in lines if not line.startswith("#")], header


def t4_transcript():
    body, header = evidence_lines(T4_TRANSCRIPT)
    attributes = {}
    for line in body:
        match = re.fullmatch(r"(reduceRows\w+) +(\d+) +(\d+) +(\d+)", line)
        if match:
            attributes[match.group(1)] = {"shared": match.group(2), "registers": match.group(3)}
    verdict = [line.strip() for line in body if line.startswith("  ") and "came out" in line]
    kernels = ["reduceRowsPadded", "reduceRowsShared", "reduceRowsBallotDown"]
    if sorted(attributes) != sorted(kernels) or len(verdict) != 1:
        raise SystemExit(f"{T4_TRANSCRIPT}: expected the attributes of {kernels} and one 'came out' line")
    return body, header, attributes, verdict[0]


def emulator_report():
    """evidence/emulator-report.txt: stdout, the exit code, stderr."""
    text = (ROOT / EMULATOR_REPORT).read_text()
    match = re.search(r"^# exit code: (\d+)\n# ---- stderr ----\n", text, re.MULTILINE)
    if not match:
        raise SystemExit(f"{EMULATOR_REPORT}: no '# exit code: N' and '# ---- stderr ----' lines")
    stdout = [line for line in text[:match.start()].splitlines() if not line.startswith("# ")]
    return stdout, int(match.group(1)), text[match.end():].splitlines()


def ctest_output(test):
    """What one test printed in the ctest -V log of the GPU evidence (its 'N: ' lines)."""
    text = (ROOT / GPU_CTEST_LOG).read_text()
    start = re.search(rf"^ +Start +(\d+): {re.escape(test)}$", text, re.MULTILINE)
    if not start:
        raise SystemExit(f"{GPU_CTEST_LOG} has no test {test}")
    prefix = f"{start.group(1)}: "
    lines = []
    for line in text[start.end():].splitlines():
        if line.startswith(prefix):
            if not line[len(prefix):].startswith(("Test command:", "Working Directory:", "Test timeout")):
                lines.append(line[len(prefix):])
        elif re.match(rf"^ *\d+/\d+ Test +#{start.group(1)}: ", line):
            return lines
    raise SystemExit(f"{GPU_CTEST_LOG}: the output of {test} never ends")


def exercise_solution():
    """Where the exercise's solution is in shuffles.cu (first and last line), and what the comment
    above it says to delete: its sentences from the first that says "delete" on."""
    lines = (ROOT / "shuffles.cu").read_text().splitlines()
    first = next((n for n, line in enumerate(lines, 1) if re.match(r"\s*// -+ Exercise solution", line)), None)
    last = next((n for n, line in enumerate(lines, 1) if re.match(r"\s*// -+ end of solution", line)), None)
    if first is None or last is None or last <= first:
        raise SystemExit("shuffles.cu has no '// ---- Exercise solution' ... '// ---- end of solution' block")
    # The comment that says what to delete sits just above the block, over the declaration the
    # block assigns (int argmaxLane = kArgmaxNotWritten;).
    above = first - 2
    while above >= 0 and not lines[above].strip().startswith("//"):
        above -= 1
    comment = []
    while above >= 0 and lines[above].strip().startswith("//"):
        comment.insert(0, lines[above].strip()[2:].strip())
        above -= 1
    sentences = re.split(r"(?<=[.;])\s+", " ".join(comment))
    deleting = next((n for n, sentence in enumerate(sentences) if "delete" in sentence), None)
    if deleting is None:
        raise SystemExit("the comment of shuffles.cu's exercise solution no longer says what to delete")
    return first, last, " ".join(sentences[deleting:])


# ---------------------------------------------------------------------------
# The notebook, section by section
# ---------------------------------------------------------------------------
def introduction():
    return [
        markdown("""
# Warp shuffles, taught right: run it on a free T4

This notebook builds and runs `shuffles.cu`, the program of the course page
"`__shfl_down_sync` and the mask argument", on Colab's T4, then the same kernels on Colab's CPU
with the CPU warp emulator, then the exercise's check.

1. The notebook asks Colab for a T4. If the runtime has no GPU, choose
   **Runtime > Change runtime type > T4 GPU**. Then **Runtime > Run all**.
2. Every source file is written by the cells below, so nothing is downloaded.
3. GPU builds use `-arch=sm_75`: Colab's driver is older than its nvcc, and without machine code
   for the T4 the kernels fail to launch.
4. The emulator and its exercise check need no GPU: they run even when no T4 is free.
"""),
        markdown("## The GPU"),
        code("!nvidia-smi", gpu=True),
        markdown("""
## The sources

Written from the repository. To try the exercise, edit the `shuffles.cu` cell and run it again
(see the exercise section at the end).
"""),
        *write_file_cells(local_includes(ENTRY_POINTS)),
    ]


def report_section():
    body, header, attributes, verdict = t4_transcript()
    padded, shared, ballot = (attributes[k] for k in ("reduceRowsPadded", "reduceRowsShared", "reduceRowsBallotDown"))
    # The text below reads these figures; it must stay true of them.
    if not (padded["shared"] == ballot["shared"] == "0" < shared["shared"]
            and int(padded["registers"]) > int(shared["registers"])):
        raise SystemExit(f"{T4_TRANSCRIPT}: the figures no longer say what the notebook's text says of them")
    header = " ".join(header)
    if "Captured there: " not in header:
        raise SystemExit(f"{T4_TRANSCRIPT}: its header no longer says where it was captured ('Captured there: ')")
    capture = header[header.index("Captured there: ") + len("Captured there: "):].split(" Extracted")[0]
    return [
        markdown(f"""
## Build and run the report

What to look at in the report:

- **shared/block**: {padded['shared']}, {shared['shared']} and {ballot['shared']} bytes on the page's T4. This is
  the page's claim, measured by `cudaFuncGetAttributes` rather than asserted: the shuffle kernels
  `reduceRowsPadded` and `reduceRowsBallotDown` use no shared memory, and only `reduceRowsShared`,
  which reduces through a shared tile, reserves any.
- **registers**: {padded['registers']}, {shared['registers']} and {ballot['registers']} on the page's T4. The shuffles are not free: they
  move the cost from shared memory into registers, so `reduceRowsPadded` needs more of them than
  `reduceRowsShared`. The counts come from the compiler for each GPU, so they differ by GPU and by
  nvcc version: Colab's nvcc is not the page's, and your counts may differ even on a T4.
- **reduceRowsBallotDown's correctness line**. On the page's T4 it reads "{verdict}".
  That kernel's shuffles read lanes 20 to 31, which are not taking part (at offset 16, lane 4
  reads lane 20), and such a read is undefined. Whatever those reads returned on this driver and
  GPU happened to give right sums; the code does not promise it, and another GPU, driver or
  compiler may print a count of wrong rows here instead. The emulator below shows the reads.
  This line, the GPU line and the registers column are the only parts of the report that may
  differ from the T4's.
"""),
        code(f"!{NVCC} -o shuffles shuffles.cu\n!./shuffles", gpu=True),
        markdown(f"""
### Expected: the page's T4

From `{T4_TRANSCRIPT}`: {capture}

{text_block(body)}
"""),
    ]


# The notebook says what the emulated report's exit code means; a code the
# evidence gives that is not here stops the generator, so the text cannot go stale.
EXIT_CODE_MEANINGS = {
    66: "The exit code is 66, the emulator's own: the program would have exited 0, but the emulator "
        "found undefined reads, the ones `reduceRowsBallotDown` makes on purpose, and a run with "
        "findings does not pass. It does not stop **Run all**: a `!` command's exit code stops "
        "nothing in Colab, so the cell prints it for you to read.",
}


def emulator_section():
    stdout, exit_code, stderr = emulator_report()
    if exit_code not in EXIT_CODE_MEANINGS:
        raise SystemExit(f"{EMULATOR_REPORT} gives exit code {exit_code}; say what it means in EXIT_CODE_MEANINGS")
    wrong = [re.fullmatch(r"reduceRowsBallotDown +(\d+) +-", line) for line in stdout]
    wrong = [int(match.group(1)) for match in wrong if match]
    if len(wrong) != 1 or wrong[0] == 0:
        raise SystemExit(f"{EMULATOR_REPORT}: reduceRowsBallotDown's sums-wrong count is not there or 0")
    first_finding = "lane 4 read lane 20"
    if not any(first_finding in line for line in stderr):
        raise SystemExit(f"{EMULATOR_REPORT}: no finding '{first_finding}' on stderr")
    shown = 6
    findings = stderr[:shown] + ([f"... ({len(stderr) - shown} more lines in {EMULATOR_REPORT})"]
                                 if len(stderr) > shown else [])
    return [
        markdown(f"""
## The same kernels on Colab's CPU: the warp emulator

The CPU warp emulator runs the kernels of `shuffles.cu`, unchanged, on the CPU: `g++` builds the
same file as C++, and `-I emulator` makes its `#include <cuda_runtime.h>` bring in the emulator.
Each GPU thread is its own fiber, and every `_sync` intrinsic checks the rules the CUDA
Programming Guide sets for it, which a GPU does not check. A shuffle that reads a lane not taking
part gets poison (NaN) instead of whatever a GPU would return. No GPU is needed.

The emulator's headers:
"""),
        *write_file_cells(emulator_headers()),
        markdown(f"""
What to look at:

- The GPU line names the emulator, and the registers column prints 0: registers belong to a GPU
  compiler, so the emulator does not know them. shared/block is still measured.
- `reduceRowsBallotDown` now gets {wrong[0]} rows wrong: its undefined reads got poison.
- stderr, printed after the report, names every lane that read an absent one: first,
  "{first_finding}".
- {EXIT_CODE_MEANINGS[exit_code]}
"""),
        code(f"!{EMULATOR_CXX} -o shuffles-emulated shuffles.cu\n"
             "!./shuffles-emulated 2> emulator-findings.txt; echo \"exit code: $?\"\n"
             "!cat emulator-findings.txt",
             expect_in_output=[f"exit code: {exit_code}", first_finding]),
        markdown(f"""
### Expected: the emulator on the project's CI machine

From `{EMULATOR_REPORT}` (its first {shown} lines of findings).

{text_block(stdout + [f"exit code: {exit_code}"] + findings)}
"""),
        *lane_pictures_cells(),
    ]


LANE_RENDERER = ["tools/lanes/lane_trace.py", "tools/lanes/svg.py", "tools/lanes/lane_grid.py",
                 "tools/lanes/pictures.py", "tools/lanes/draw_lanes.py"]
DISPLAY_TAG = "display"


def lane_pictures_cells():
    """The pictures of the lanes, drawn on Colab's CPU from the emulated run above: the renderer's
    files, a run with the emulator's trace on, the drawing, and a Python cell that shows each SVG.
    None needs a GPU. The showing cell is tagged "display": `run` checks that what it shows exists
    and is SVG, where there is no IPython to show it."""
    return [
        markdown("""
## Pictures of the lanes, from this run

The emulator can record every collective of one warp (`WARP_EMULATOR_TRACE`): which lane read
which, what it read, and what it held after. `tools/lanes/draw_lanes.py` draws that record of
row 0, for `reduceRowsPadded` (the ladder, the butterfly, the ballot) and for
`reduceRowsBallotDown`, where every read of an absent lane is a red arrow labelled with what the
emulator gave back. They are drawn from the program you just ran: change a kernel, run these
cells again, and the pictures change with it.
"""),
        *write_file_cells(LANE_RENDERER),
        code("!WARP_EMULATOR_ON_FINDING=log WARP_EMULATOR_TRACE=lanes.jsonl "
             "WARP_EMULATOR_TRACE_KERNELS=reduceRowsPadded,reduceRowsBallotDown ./shuffles-emulated > /dev/null 2>&1\n"
             "!python3 tools/lanes/draw_lanes.py --out lanes lanes.jsonl",
             expect_in_output=["lanes/padded-sum-ladder.svg", "lanes/ballot-down-undefined-reads.svg"]),
        {**code("from glob import glob\n"
                "from IPython.display import SVG, display\n"
                "for picture in sorted(glob('lanes/*.svg')):\n"
                "    display(SVG(filename=picture))"),
         "metadata": {"tags": [DISPLAY_TAG]}},
    ]


def exercise_section():
    first, last, comment = exercise_solution()
    gpu_run = ctest_output("exercise")
    emulated_run = ctest_output("emulated_exercise")
    if gpu_run == emulated_run:
        expected = f"""
What both harnesses printed in `{GPU_CTEST_LOG}` (the tests `exercise` on the GPU and
`emulated_exercise` on the emulator printed the same lines):

{text_block(gpu_run)}
"""
    else:
        expected = f"""
What the harnesses printed in `{GPU_CTEST_LOG}`. On the GPU (the test `exercise`):

{text_block(gpu_run)}

On the emulator (the test `emulated_exercise`):

{text_block(emulated_run)}
"""
    return [
        markdown(f"""
## The exercise: argmax with warp primitives only

**Task.** Add a sixth output to `reduceRowsPadded`: `argmax[row]`, the lowest lane index that
holds the row's maximum. Use only warp primitives, with no shared memory and no second pass over
the row.

**Steps.**

1. The solution is in `shuffles.cu`, lines {first} to {last}, between the comments
   `Exercise solution` and `end of solution`. In the `%%writefile shuffles.cu` cell above, the
   cell's first line is the `%%writefile` line, so line {first} of the file is line {first + 1} of the cell.
2. What to delete, as the comment there says:

   > {comment}

3. Write your version, then run the `%%writefile shuffles.cu` cell again: it rewrites the file.
4. Check it with the exercise harness: on the T4 with the first cell below, or with no GPU on the
   emulator with the second, which also tells you when your ballot or shuffle breaks a rule of the
   `_sync` intrinsics. The harness runs your `reduceRowsPadded` on the standard 8205 rows, which
   have no ties, and on 1024 rows built to tie, and prints how many rows are wrong in each; for the
   smallest failing row it prints your value, the reference's and the row's twenty values.
"""),
        code(f"!{NVCC} -o exercise tests/exercise.cu\n!./exercise", gpu=True),
        code(f"!{EMULATOR_CXX} -o exercise-emulated tests/exercise.cu\n!./exercise-emulated"),
        markdown("### Expected, with the shipped solution\n" + expected),
    ]


def build():
    cells = introduction() + report_section() + emulator_section() + exercise_section()
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
def skip(reason, fail_when):
    if fail_when:
        sys.exit(f"FAILED: {reason}")
    print(f"SHUFFLES_SKIPPED: {reason}")
    sys.exit(0)


def check(path):
    try:
        import nbformat
    except ImportError:
        skip("nbformat not found (pip install nbformat, or apt install python3-nbformat)",
             os.environ.get("CI") == "true")
    notebook = nbformat.read(str(path), as_version=4)
    nbformat.validate(notebook)  # raises on an invalid notebook
    if path.read_text() != serialise(build()):
        sys.exit(f"{path} is out of date with the sources: run tools/notebook.py generate {path}")
    print(f"{path}: valid nbformat {notebook.nbformat}.{notebook.nbformat_minor}, in sync with the sources")


def gpu_listed():
    if shutil.which("nvidia-smi") is None:
        return False
    probe = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True)
    return probe.returncode == 0 and "GPU" in probe.stdout


def run(path, folder, gpu_cells):
    """Runs the code cells in folder as Colab would; gpu_cells False leaves out those tagged gpu."""
    if gpu_cells and not gpu_listed():
        skip("no usable GPU (nvidia-smi -L found none)", os.environ.get("SHUFFLES_REQUIRE_GPU", "") not in ("", "0"))
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    notebook = json.loads(path.read_text())
    ran = left_out = 0
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        if not gpu_cells and GPU_TAG in cell["metadata"].get("tags", []):
            left_out += 1
            continue
        ran += 1
        text = "".join(cell["source"])
        if DISPLAY_TAG in cell["metadata"].get("tags", []):
            show_pictures(text, folder, index)
            continue
        if text.startswith("%%writefile "):
            header, _, body = text.partition("\n")
            target = folder / header.split(maxsplit=1)[1]
            target.write_text(body if body.endswith("\n") else body + "\n")  # as the magic, no mkdir
            print(f"wrote {target.relative_to(folder)}")
            continue
        output = ""
        for line in text.splitlines():
            if not line.startswith("!"):
                sys.exit(f"FAILED: cell {index}: not a shell line, cannot run it here: {line}")
            print(f"$ {line[1:]}", flush=True)
            done = subprocess.run(line[1:], shell=True, cwd=folder, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, errors="replace")
            print(done.stdout, end="", flush=True)
            output += done.stdout
            if done.returncode != 0:
                sys.exit(f"FAILED: cell {index}: '{line}' exited {done.returncode}")
        for expected in cell["metadata"].get("shuffles", {}).get("expect_in_output", []):
            if expected not in output:
                sys.exit(f"FAILED: cell {index}: its output lacks '{expected}', which the notebook says it shows")
            print(f"(the output shows '{expected}', as the notebook says)")
    print(f"every cell ran: {ran} code cells" + (f"; {left_out} tagged {GPU_TAG} left out" if left_out else ""))


def show_pictures(text, folder, index):
    """Runs a cell that shows pictures with IPython.display, outside Jupyter: a stand-in module
    checks that each file it is asked to show exists and parses as SVG, and names it."""
    stand_in = folder / "_display_stand_in" / "IPython"
    stand_in.mkdir(parents=True, exist_ok=True)
    (stand_in / "__init__.py").write_text("")
    (stand_in / "display.py").write_text(
        "import xml.etree.ElementTree as tree\n"
        "class SVG:\n"
        "    def __init__(self, filename):\n"
        "        root = tree.parse(filename).getroot()\n"
        "        if not root.tag.endswith('svg'):\n"
        "            raise SystemExit(filename + ' is not SVG')\n"
        "        self.filename = filename\n"
        "def display(picture):\n"
        "    print('shown:', picture.filename)\n")
    done = subprocess.run([sys.executable, "-c", text], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, env={**os.environ, "PYTHONPATH": str(stand_in.parent)})
    print(done.stdout, end="", flush=True)
    if done.returncode != 0 or "shown:" not in done.stdout:
        sys.exit(f"FAILED: cell {index}: it showed no picture (exit {done.returncode})")


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
