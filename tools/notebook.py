#!/usr/bin/env python3
"""The Colab notebook: made from the repository's own files, so it never drifts.

  notebook.py generate OUT.ipynb   write the notebook (the sources go in %%writefile cells,
                                   so it needs no repository URL)
  notebook.py check NOTEBOOK       validate it with nbformat and require it to equal what
                                   `generate` writes now (run `generate` after changing a source)
  notebook.py run NOTEBOOK DIR     run its cells top to bottom in DIR as Colab would: %%writefile
                                   cells write files, '!' lines run in a shell; any failure fails

check and run print a line starting SHUFFLES_SKIPPED when they cannot run here (no nbformat,
no GPU); under CI=true a missing nbformat fails instead, and under SHUFFLES_REQUIRE_GPU=1 a
missing GPU fails. Only the standard library is needed, except nbformat for check.
"""
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ["shuffles.cu", "reference.hpp", "tests/expect.hpp", "tests/gpu_gate.cuh", "tests/exercise.cu"]


def markdown(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n").splitlines(keepends=True)}


def code(text):
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": text.strip("\n").splitlines(keepends=True)}


def build():
    cells = [
        markdown("""
# Warp shuffles, taught right: run it on a free T4

This notebook builds and runs `shuffles.cu`, the program of the course page
"__shfl_down_sync and the mask argument", then checks the exercise's argmax.

1. **Runtime > Change runtime type > T4 GPU**, then **Runtime > Run all**.
2. Every source file is written by the cells below, so nothing is downloaded.
3. Builds use `-arch=sm_75`: Colab's driver is older than its nvcc, and without
   machine code for the T4 the kernels fail to launch.
"""),
        markdown("## The GPU"),
        code("!nvidia-smi"),
        markdown("## The sources (written from the repository; edit `shuffles.cu` here to try the exercise)"),
        code("!mkdir -p tests"),
    ]
    for name in SOURCES:
        text = (ROOT / name).read_text()
        cells.append(code(f"%%writefile {name}\n{text}"))
    cells += [
        markdown("## Build and run the report\n\nCompare it with the page's Results section."),
        code("!nvcc -std=c++17 -O3 -arch=sm_75 -o shuffles shuffles.cu\n!./shuffles"),
        markdown("## The exercise check\n\nargmax against the CPU reference, on the standard rows and on rows built to tie."),
        code("!nvcc -std=c++17 -O3 -arch=sm_75 -o exercise tests/exercise.cu\n!./exercise"),
    ]
    return {"cells": cells, "metadata": {"accelerator": "GPU", "colab": {"provenance": []},
                                         "kernelspec": {"display_name": "Python 3", "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def serialise(notebook):
    # nbformat 4.5 wants a cell id; stable ones keep the file reproducible.
    for index, cell in enumerate(notebook["cells"]):
        cell["id"] = f"cell-{index:02d}"
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


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


def run(path, folder):
    required = os.environ.get("SHUFFLES_REQUIRE_GPU", "") not in ("", "0")
    probe = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True) if shutil_which("nvidia-smi") else None
    if probe is None or probe.returncode != 0 or "GPU" not in probe.stdout:
        skip("no usable GPU (nvidia-smi -L found none)", required)
    folder.mkdir(parents=True, exist_ok=True)
    notebook = json.loads(path.read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = "".join(cell["source"])
        if text.startswith("%%writefile "):
            header, _, body = text.partition("\n")
            target = folder / header.split(maxsplit=1)[1]
            target.write_text(body if body.endswith("\n") else body + "\n")
            print(f"wrote {target.relative_to(folder)}")
            continue
        for line in text.splitlines():
            if not line.startswith("!"):
                sys.exit(f"not a shell line, cannot run it here: {line}")
            print(f"$ {line[1:]}", flush=True)
            if subprocess.run(line[1:], shell=True, cwd=folder).returncode != 0:
                sys.exit(f"FAILED: {line}")
    print("every cell ran")


def shutil_which(name):
    import shutil
    return shutil.which(name)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "generate" and len(sys.argv) == 3:
        pathlib.Path(sys.argv[2]).write_text(serialise(build()))
    elif command == "check" and len(sys.argv) == 3:
        check(pathlib.Path(sys.argv[2]))
    elif command == "run" and len(sys.argv) == 4:
        run(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
