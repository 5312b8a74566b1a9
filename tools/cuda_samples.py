#!/usr/bin/env python3
"""usage: tools/cuda_samples.py SAMPLES WORK [--only NAME,...] [--timeout SECONDS] [--jobs N]
                              [--runs-at-once N --cpus-per-run K] [--part K/N]
                              [--longest-first TABLE] [--nvcc NVCC] [--list]
                              [--commit SHA] [--against TABLE] [--sanitizer TOOL,...]

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
A sample's own check is what it prints when it compares its result (its
words vary: "Test passed", "Result = PASS", "returned OK", "0 Failures");
many print none and say it by their exit status alone.

Each run is cut at --timeout seconds (240 unless given). Issue 22 leaves a
sample that runs past 4 minutes on the emulator (its size was made for a
GPU) out of the count, where the table says so and why: --leave-out-past L
(240 unless given) leaves out a sample cut at L s or later, and one cut
sooner whose launch in flight would by itself run past L s, by the
emulator's own estimate (its last progress line: the blocks to come cost what
the blocks done cost). A sample cut sooner with no such estimate is "not
settled": a longer run must say. --runs-at-once N runs N samples at a time, each alone on
--cpus-per-run K cores of its own (taskset, and WARP_EMULATOR_WORKERS=K): on
a machine of N * K cores, N machines of K cores. --longest-first TABLE (an
earlier table of this tool) starts the runs that took longest there first,
so that the last to end is not a long one started late; the table keeps its
order. --part K/N takes the K-th of N parts of the samples (every N-th, from
the K-th; with --longest-first, every N-th from the longest, so that each
part has as many of the long runs): a table too long for one sitting, made
in N.

--against TABLE (this tool's table of a GPU run, evidence/h200-cuda-samples.txt)
adds a column: "same" where the sample built there and here, and exits with
the same status and the same check, with no finding of the emulator; and a
summary of the single-file and multi-file samples that did, of those that
ended within the time limit.

--sanitizer memcheck,initcheck,racecheck (with --nvcc, on a GPU) runs each
sample that built again under compute-sanitizer with each tool, and adds what
each found ("memcheck 0": its error summary's count; "-" where it did not end
within the time limit): the GPU's own checker, for the emulator's findings to
be weighed against.

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
import queue
import re
import shlex
import shutil
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
PASS = re.compile(r"\bPASS(ED)?\b|\b[Pp]assed\b|returned OK|Test [Ss]uccess(ful)?\b|Test Succeeded|^Success$|"
                  r"Results Match|\b0 Failures|succesfully run", re.MULTILINE)
# simpleAssert's "Device assert failed as expected" is its pass.
FAIL = re.compile(r"\bFAIL(ED|URE)?\b|\b[Ff]ailed\b(?! as expected)|\bTest [Ff]ailed")
ROW = re.compile(r"^(\S+/\S+)\s+(single|multi)\s+(yes|no)\s+(\S+)\s+(\S+)\s+(\S+)")
FINDINGS = re.compile(r"warp emulator: (\d+) finding\(s\)")
# compute-sanitizer's last line: "ERROR SUMMARY: 3 errors", "RACECHECK SUMMARY: 0 hazards displayed (...)".
SANITIZER_SUMMARY = re.compile(r"^========= (?:ERROR|RACECHECK) SUMMARY: (\d+) (?:error|hazard)", re.MULTILINE)


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


def run_sample(name, folder, row, work, timeout, cpus=None):
    """Runs the built sample; cpus: the cores it runs on alone (None: any)."""
    program = os.path.join(work, name)
    if row["build"] != 0:
        return row
    # The progress line (every 10 s on a file) says how long a launch cut short would have run.
    environment = dict(os.environ, WARP_EMULATOR_PROGRESS="2")
    pinned = []
    if cpus is not None:
        environment["WARP_EMULATOR_WORKERS"] = str(len(cpus))
        pinned = ["taskset", "-c", ",".join(str(cpu) for cpu in cpus)]
    started = time.time()
    with open(os.path.join(work, name + ".out"), "w") as out, open(os.path.join(work, name + ".err"), "w") as err:
        # timeout(1) stops a run past its time; wait4 gives the peak memory of
        # timeout and of the program it waited for.
        process = subprocess.Popen(pinned + ["timeout", "-s", "KILL", str(timeout), program], cwd=folder,
                                   stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=environment)
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
    # timeout(1) sends KILL to its process group, itself too: -9, or 137 through a shell.
    row["timed_out"] = process.returncode in (-9, 128 + 9) and row["run_seconds"] >= timeout - 1
    row["launch_estimate"] = last_launch_estimate(stderr)
    return row


# The emulator's progress line: "warp emulator: kernel K: 6144 of 16384 blocks
# (37%), 2.0 s so far, about 3.3 s left" (runtime/reporting/progress.cpp).
PROGRESS = re.compile(r"^warp emulator: kernel (\S+): (\d+) of (\d+) blocks \(\d+%\), (.+?) so far, about (.+?) left$",
                      re.MULTILINE)


def seconds_of(duration):
    """Seconds of the progress line's "2.0 s", "1 min 05 s" or "2 h 03 min"."""
    parts = re.fullmatch(r"([\d.]+) s|(\d+) min (\d+) s|(\d+) h (\d+) min", duration)
    if parts is None:
        raise ValueError("a duration the progress line does not write: %r" % duration)
    if parts.group(1):
        return float(parts.group(1))
    if parts.group(2):
        return 60.0 * int(parts.group(2)) + int(parts.group(3))
    return 3600.0 * int(parts.group(4)) + 60.0 * int(parts.group(5))


def last_launch_estimate(stderr):
    """(seconds, kernel, blocks done, blocks): how long the launch of the last
    progress line would run in all (so far + left), by that line, the one that
    knew most of it; or None."""
    lines = list(PROGRESS.finditer(stderr))
    if not lines:
        return None
    last = lines[-1]
    return (seconds_of(last.group(4)) + seconds_of(last.group(5)), last.group(1), int(last.group(2)),
            int(last.group(3)))


def sanitize_sample(name, folder, row, work, timeout, tools, sanitizer):
    """Each tool's count of what it found in the sample, or "-" where it did not end in time."""
    found = []
    for tool in tools:
        log = os.path.join(work, "%s.%s" % (name, tool))
        with open(log, "w") as out:
            process = subprocess.run(["timeout", "-s", "KILL", str(timeout), sanitizer, "--tool", tool,
                                      "--print-limit", "10", os.path.join(work, name)],
                                     cwd=folder, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        with open(log, encoding="utf-8", errors="replace") as out:
            summary = SANITIZER_SUMMARY.search(out.read())
        found.append("%s %s" % (tool, summary.group(1) if summary and process.returncode != 128 + 9 else "-"))
    row["sanitizer"] = ", ".join(found)
    return row


def gpu_rows(path):
    """label -> (builds, exit, check) of a table this tool printed."""
    rows = {}
    with open(path, encoding="utf-8") as table:
        for line in table:
            match = ROW.match(line)
            if match:
                rows[match.group(1)] = (match.group(3), match.group(4), match.group(5))
    return rows


def run_seconds(path):
    """label -> the run's seconds, of a table this tool printed."""
    seconds = {}
    with open(path, encoding="utf-8") as table:
        for line in table:
            fields = line.split()
            if ROW.match(line) and fields[2] == "yes" and len(fields) > 8:
                seconds[fields[0]] = float(fields[7])
    return seconds


def same_as_gpu(row, gpu):
    if gpu is None or gpu[0] != "yes" or row["build"] != 0:
        return False
    return str(row["exit"]) == gpu[1] and row["check"] == gpu[2] and row["findings"] == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("samples")
    parser.add_argument("work")
    parser.add_argument("--only", default="")
    parser.add_argument("--timeout", type=int, default=240)
    parser.add_argument("--leave-out-past", type=int, default=240,
                        help="seconds: a sample that runs past them is left out of the count")
    parser.add_argument("--jobs", type=int, default=1,
                        help="builds at once, and compute-sanitizer's runs (the plain runs are one at a time)")
    parser.add_argument("--runs-at-once", type=int, default=1,
                        help="plain runs at once, each on --cpus-per-run cores of its own")
    parser.add_argument("--cpus-per-run", type=int, default=0, help="the cores each run has alone (taskset)")
    parser.add_argument("--longest-first", default=None, help="an earlier table: its longest runs start first")
    parser.add_argument("--part", default="1/1", help="K/N: the K-th of N parts of the samples")
    parser.add_argument("--nvcc", default=None, help="the nvcc to build with (default: emulator/nvcc)")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--commit", default=None, help="the cuda-samples commit, where SAMPLES is no git checkout")
    parser.add_argument("--against", default=None, help="a table of this tool from a GPU run, to compare with")
    parser.add_argument("--sanitizer", default="", help="compute-sanitizer tools to run each sample under (on a GPU)")
    options = parser.parse_args()
    tools = list(filter(None, options.sanitizer.split(",")))
    if options.runs_at_once > 1 and options.cpus_per_run < 1:
        parser.error("--runs-at-once needs --cpus-per-run: each run has cores of its own")
    if options.runs_at_once * options.cpus_per_run > len(os.sched_getaffinity(0)):
        parser.error("%d runs at once on %d cores each need %d cores; this process may use %d"
                     % (options.runs_at_once, options.cpus_per_run, options.runs_at_once * options.cpus_per_run,
                        len(os.sched_getaffinity(0))))
    if tools and options.nvcc is None:
        parser.error("--sanitizer needs --nvcc: compute-sanitizer checks a program built for a GPU")
    sanitizer = shutil.which("compute-sanitizer") or "/usr/local/cuda/compute-sanitizer/compute-sanitizer"
    gpu = gpu_rows(options.against) if options.against else None
    os.makedirs(options.work, exist_ok=True)
    only = set(filter(None, options.only.split(",")))
    part = re.fullmatch(r"(\d+)/(\d+)", options.part)
    if part is None or not 1 <= int(part.group(1)) <= int(part.group(2)):
        parser.error("--part takes K/N, 1 <= K <= N: %r" % options.part)
    part_number, parts = int(part.group(1)), int(part.group(2))
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
    earlier = run_seconds(options.longest_first) if options.longest_first else {}
    dealt = sorted(range(len(counted)), key=lambda i: -earlier.get(counted[i][0], 0.0))  # stable: table order
    mine = set(dealt[part_number - 1::parts])
    counted = [sample for i, sample in enumerate(counted) if i in mine]
    if options.list:
        print("\n".join(os.path.relpath(path, options.samples) for _, _, path, _, _ in counted))
        return 0
    print("# cuda-samples commit %s" % (commit or "unknown (not a git checkout)"))
    print("# built with: %s -std=c++17 -O2 -arch=sm_90 -I Common [-I its own] <its sources>"
          % (options.nvcc or "emulator/nvcc"))
    for label, why in excluded:
        print("%-50s excluded: %s" % (label, why))
    if gpu is not None:
        print("# compared with %s: \"same\" where exit status and check are the GPU's, with no finding"
              % options.against)
    print("# %-48s %-6s %-6s %5s %-5s %8s %8s %8s %10s%s%s" % ("sample", "kind", "builds", "exit", "check",
                                                            "findings", "build s", "run s", "peak KiB",
                                                            "" if gpu is None else "  as GPU",
                                                            "  compute-sanitizer" if tools else ""))
    # as on the GPU, counted, left out (past --leave-out-past), not settled (cut sooner, no estimate past it)
    tally = {"single": [0, 0, 0, 0], "multi": [0, 0, 0, 0]}
    past = options.leave_out_past
    def print_row(label, name, kind, row):
        verdict = ""
        if gpu is not None:
            gpu_row = gpu.get(label)
            cut = gpu_row is not None and gpu_row[0] == "yes" and row["build"] == 0 and row["timed_out"]
            estimate = row.get("launch_estimate") if cut else None
            if cut and options.timeout >= past:
                tally[kind][2] += 1
                verdict = "  past %d s: left out" % options.timeout
            elif cut and estimate is not None and estimate[0] > past:
                tally[kind][2] += 1
                verdict = ("  left out: cut at %d s, when its launch of %s (%d of %d blocks done) would alone run "
                           "about %.0f s, past %d s" % (options.timeout, estimate[1], estimate[2], estimate[3],
                                                        estimate[0], past))
            elif cut:
                tally[kind][3] += 1
                verdict = "  not settled: cut at %d s, no launch estimated past %d s" % (options.timeout, past)
            elif gpu_row is not None and gpu_row[0] == "yes":
                same = same_as_gpu(row, gpu_row)
                tally[kind][0] += same
                tally[kind][1] += 1
                verdict = "  same" if same else "  differs"
            else:
                verdict = "  (no GPU build)"
        if row["build"] != 0:
            print("%-50s %-6s %-6s %5s %-5s %8s %8.1f %8s %10s%s" % (label, kind, "no", "-", "-", "-",
                                                                     row["build_seconds"], "-", "-", verdict), flush=True)
            with open(os.path.join(options.work, name + ".build"), "w") as log:
                log.write(" ".join(shlex.quote(a) for a in row["command"]) + "\n" + row["build_output"])
            return
        # A run cut at the time limit was never waited for by timeout(1): its peak is not known.
        peak = "-" if row["timed_out"] else str(row["peak_kib"])
        print("%-50s %-6s %-6s %5d %-5s %8d %8.1f %8.1f %10s%s%s" % (label, kind, "yes", row["exit"], row["check"],
                                                                     row["findings"], row["build_seconds"],
                                                                     row["run_seconds"], peak, verdict,
                                                                     "  " + row["sanitizer"] if tools else ""), flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        builds = [pool.submit(build_sample, command, path) for _, _, path, _, command in counted]
        # The runs one at a time, each timed alone, each row printed as it ends; with
        # --sanitizer, compute-sanitizer's runs then at once, and the rows after them.
        # --runs-at-once: each run takes a free set of cores, and the rows are
        # printed in the table's order as they end.
        slots = queue.Queue()
        for slot in range(options.runs_at_once):
            slots.put(None if options.cpus_per_run < 1 else
                      sorted(os.sched_getaffinity(0))[slot * options.cpus_per_run:(slot + 1) * options.cpus_per_run])

        def run_on_free_cores(name, path, build):
            cpus = slots.get()
            try:
                return run_sample(name, path, build.result(), options.work, options.timeout, cpus)
            finally:
                slots.put(cpus)

        starting = sorted(range(len(counted)), key=lambda i: -earlier.get(counted[i][0], 0.0))
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.runs_at_once) as runner:
            runs = [None] * len(counted)
            for i in starting:
                _, name, path, _, _ = counted[i]
                runs[i] = runner.submit(run_on_free_cores, name, path, builds[i])
            rows = []
            for (label, name, path, kind, _), run in zip(counted, runs):
                rows.append(run.result())
                if not tools:
                    print_row(label, name, kind, rows[-1])
        if tools:
            checked = [pool.submit(sanitize_sample, name, path, row, options.work, options.timeout, tools, sanitizer)
                       if row["build"] == 0 else None for (_, name, path, _, _), row in zip(counted, rows)]
            for (label, name, _, kind, _), row, check in zip(counted, rows, checked):
                print_row(label, name, kind, row if check is None else check.result())
    if gpu is not None:
        for kind, (same, total, left_out, unsettled) in tally.items():
            print("# %s-file samples that built on the GPU: %d of %d as on the GPU; %d more left out, past %d s; "
                  "%d not settled" % (kind, same, total, left_out, past, unsettled))
    return 0


if __name__ == "__main__":
    sys.exit(main())
