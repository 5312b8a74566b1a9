#!/usr/bin/env python3
"""usage: tools/cuda_samples.py SAMPLES WORK [--only NAME,...] [--timeout SECONDS] [--jobs N]
                              [--nvcc NVCC] [--list]

Builds and runs NVIDIA's cuda-samples (a checkout of github.com/NVIDIA/cuda-samples
at SAMPLES) on the CPU warp emulator, unchanged, as a new user would:

  emulator/nvcc -std=c++17 -O2 -arch=sm_90 -I Common [-I the sample's own] <its sources> -o WORK/NAME

run in the sample's own folder (where it finds its data), and prints a table
(--nvcc nvcc: the same with the CUDA Toolkit's nvcc, on a GPU; --list: only
the folders of the samples counted, for copying them elsewhere):
each sample of Samples/0_Introduction, 1_Utilities, 2_Concepts_and_Techniques,
3_CUDA_Features, 5_Domain_Specific and 6_Performance, whether it builds, its
exit status, its own check (PASS, FAIL, or none printed), the emulator's
findings, the build's and the run's time, and the run's peak memory. The
sources of a sample are those its CMakeLists.txt's add_executable names.

A sample that needs what the emulator does not run is listed with why and
not counted: graphics (OpenGL, Vulkan, EGL, Direct3D), the driver API, NVRTC,
a CUDA library (cuBLAS, cuFFT, cuRAND, cuSOLVER, cuSPARSE, NPP, nvJPEG,
Thrust, CUB), or a library that is no CUDA's and that this machine lacks
(MPI, FreeImage, NvSci). Single-file samples are a .cu and at most a .cpp
beside it; the others are multi-file.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NVCC = os.path.join(ROOT, "emulator", "nvcc")
FOLDERS = ["0_Introduction", "1_Utilities", "2_Concepts_and_Techniques", "3_CUDA_Features", "5_Domain_Specific",
           "6_Performance"]
# What a sample's CMakeLists.txt or sources need, and why that leaves it out.
EXCLUDED_LIBRARIES = [
    (r"CUDA::cuda_driver|\bcu(?!C[a-z])[A-Z]\w*\s*\(", "the driver API"),
    (r"CUDA::nvrtc|\bnvrtc\w*\.h", "NVRTC"),
    (r"find_package\((OpenGL|GLUT|Vulkan|EGL)|#\s*include\s*[<\"](GL/|GLFW/|vulkan/|EGL/|d3d1[12]|dxgi|"
     r"cuda_gl_interop|cudaGL|cudaEGL|cuda_egl_interop|helper_gl|rendercheck_)", "graphics"),
    (r"CUDA::(cublas|cufft|curand|cusolver|cusparse|npp|nvjpeg)|#\s*include\s*[<\"](thrust/|cub/|curand|cufft|"
     r"cublas|cusolver|cusparse|npp|nvjpeg)", "a CUDA library"),
    (r"find_package\((MPI|FreeImage|NVSCI)|#\s*include\s*[<\"](mpi\.h|FreeImage|nvsci)",
     "a library this machine lacks (MPI, FreeImage, NvSci)"),
]
PASS = re.compile(r"\b(PASS(ED)?|[Pp]assed|Test passed|Result = PASS)\b")
FAIL = re.compile(r"\b(FAIL(ED|URE)?|[Ff]ailed|Result = FAIL)\b")
FINDINGS = re.compile(r"warp emulator: (\d+) finding\(s\)")


def sample_folders(samples):
    for folder in FOLDERS:
        base = os.path.join(samples, "Samples", folder)
        for name in sorted(os.listdir(base)):
            if os.path.isfile(os.path.join(base, name, "CMakeLists.txt")):
                yield folder, name, os.path.join(base, name)


def cmake_sources(folder, text):
    """The sources add_executable names, and the include folders."""
    match = re.search(r"add_executable\(\s*\S+\s+([^)]*)\)", text)
    sources = []
    if match:
        for word in match.group(1).split():
            path = os.path.normpath(os.path.join(folder, word.replace("${CMAKE_CURRENT_SOURCE_DIR}/", "")))
            if os.path.splitext(word)[1] in (".cu", ".cpp", ".c", ".cc", ".cxx") and os.path.isfile(path):
                sources.append(path)
    includes = []
    for match in re.finditer(r"include_directories\(([^)]*)\)", text):
        for word in match.group(1).split():
            path = os.path.normpath(os.path.join(folder, word.replace("${CMAKE_CURRENT_SOURCE_DIR}/", "")))
            if os.path.isdir(path):
                includes.append(path)
    return sources, includes


def exclusion(folder, text, sources):
    everything = text
    for root, _, names in os.walk(folder):
        for name in names:
            if name.endswith((".cu", ".cpp", ".c", ".h", ".cuh", ".hpp")):
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as source:
                    everything += source.read()
    for pattern, why in EXCLUDED_LIBRARIES:
        if re.search(pattern, everything):
            return why
    if not sources:
        return "no sources named in its CMakeLists.txt for this platform"
    return None


def build_command(name, folder, sources, includes, samples, work, nvcc):
    program = os.path.join(work, name)
    common = os.path.join(samples, "Common")
    build = ([sys.executable, NVCC] if nvcc is None else [nvcc]) + ["-std=c++17", "-O2", "-arch=sm_90", "-I", common]
    for include in includes:
        if os.path.realpath(include) != os.path.realpath(common):
            build += ["-I", include]
    return build + [os.path.relpath(source, folder) for source in sources] + ["-o", program]


def build_sample(build, folder):
    log = build[build.index("-o") + 1] + ".build"
    if os.path.exists(log):
        os.remove(log)  # an earlier run's
    started = time.time()
    built = subprocess.run(build, cwd=folder, capture_output=True, text=True, errors="replace")
    return {"build": built.returncode, "build_seconds": time.time() - started, "command": build,
            "build_output": built.stdout + built.stderr}


def run_sample(name, folder, row, work, timeout):
    program = os.path.join(work, name)
    if row["build"] != 0:
        return row
    environment = dict(os.environ, WARP_EMULATOR_PROGRESS="0")
    started = time.time()
    with open(os.path.join(work, name + ".out"), "w") as out, open(os.path.join(work, name + ".err"), "w") as err:
        # timeout(1) stops a run past its time; wait4 gives the peak memory of
        # timeout and of the program it waited for.
        process = subprocess.Popen(["timeout", "-s", "KILL", str(timeout), program], cwd=folder, stdout=out,
                                   stderr=err, stdin=subprocess.DEVNULL, env=environment)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    row["run_seconds"] = time.time() - started
    row["peak_kib"] = usage.ru_maxrss
    row["exit"] = process.returncode
    with open(os.path.join(work, name + ".out"), encoding="utf-8", errors="replace") as out:
        stdout = out.read()
    with open(os.path.join(work, name + ".err"), encoding="utf-8", errors="replace") as err:
        stderr = err.read()
    row["check"] = "FAIL" if FAIL.search(stdout) else "PASS" if PASS.search(stdout) else "none"
    found = FINDINGS.search(stderr)
    row["findings"] = int(found.group(1)) if found else 0
    row["timed_out"] = process.returncode == 128 + 9
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("samples")
    parser.add_argument("work")
    parser.add_argument("--only", default="")
    parser.add_argument("--timeout", type=int, default=240)
    parser.add_argument("--jobs", type=int, default=1, help="builds at once (runs are one at a time)")
    parser.add_argument("--nvcc", default=None, help="the nvcc to build with (default: emulator/nvcc)")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--commit", default=None, help="the cuda-samples commit, where SAMPLES is no git checkout")
    options = parser.parse_args()
    os.makedirs(options.work, exist_ok=True)
    only = set(filter(None, options.only.split(",")))
    commit = options.commit or subprocess.run(["git", "-C", options.samples, "rev-parse", "HEAD"],
                                              capture_output=True, text=True).stdout.strip()
    counted = []
    excluded = []
    for folder, name, path in sample_folders(options.samples):
        if only and name not in only:
            continue
        with open(os.path.join(path, "CMakeLists.txt"), encoding="utf-8") as cmake:
            text = cmake.read()
        sources, includes = cmake_sources(path, text)
        why = exclusion(path, text, sources)
        label = "%s/%s" % (folder, name)
        if why:
            excluded.append((label, why))
            continue
        cus = [s for s in sources if s.endswith(".cu")]
        kind = "single" if len(cus) == 1 and len(sources) <= 2 else "multi"
        counted.append((label, name, path, kind, build_command(name, path, sources, includes, options.samples,
                                                               os.path.abspath(options.work), options.nvcc)))
    if options.list:
        print("\n".join(os.path.relpath(path, options.samples) for _, _, path, _, _ in counted))
        return 0
    print("# cuda-samples commit %s" % (commit or "unknown (not a git checkout)"))
    print("# built with: %s -std=c++17 -O2 -arch=sm_90 -I Common [-I its own] <its sources>"
          % (options.nvcc or "emulator/nvcc"))
    for label, why in excluded:
        print("%-50s excluded: %s" % (label, why))
    print("# %-48s %-6s %-6s %5s %-5s %8s %8s %8s %10s" % ("sample", "kind", "builds", "exit", "check",
                                                          "findings", "build s", "run s", "peak KiB"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        builds = [pool.submit(build_sample, command, path) for _, _, path, _, command in counted]
        for (label, name, path, kind, _), future in zip(counted, builds):
            row = run_sample(name, path, future.result(), options.work, options.timeout)
            if row["build"] != 0:
                print("%-50s %-6s %-6s %5s %-5s %8s %8.1f %8s %10s" % (label, kind, "no", "-", "-", "-",
                                                                       row["build_seconds"], "-", "-"), flush=True)
                with open(os.path.join(options.work, name + ".build"), "w") as log:
                    log.write(" ".join(shlex.quote(a) for a in row["command"]) + "\n" + row["build_output"])
                continue
            print("%-50s %-6s %-6s %5d %-5s %8d %8.1f %8.1f %10d" % (label, kind, "yes", row["exit"], row["check"],
                                                                     row["findings"], row["build_seconds"],
                                                                     row["run_seconds"], row["peak_kib"]),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
