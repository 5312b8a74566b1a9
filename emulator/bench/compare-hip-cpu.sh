#!/usr/bin/env bash
# compare-hip-cpu.sh: the emulator, every check on, side by side with HIP-CPU
# (github ROCm/HIP-CPU), which runs HIP kernels on CPU threads and checks
# nothing: the same two kernels, with the same work and checksums
# (five_shuffles.cu, block_reduce.cu, and their HIP ports in hip/).
#   emulator/bench/compare-hip-cpu.sh HIP_CPU_CHECKOUT [RUNS]
# HIP_CPU_CHECKOUT is a work tree of HIP-CPU (the project never copies its
# code; issue 24 measured commit e112c935). RUNS is 7 unless given.
#
# A maintainer's tool, never a timed test: the machines are noisy. It installs
# TBB from Debian where it is missing (HIP-CPU needs it), builds HIP-CPU's side
# with g++ 12 -O3 and the emulator's with emulator/emulate's own build, runs
# the two paired (emulator, HIP-CPU, emulator, HIP-CPU, ...) so that a noisy
# moment hits both, and prints for each kernel the median wall time, the
# median CPU time (user + sys: the emulator runs one block after another,
# HIP-CPU on every core), the ratios, the largest peak memory (maximum
# resident set), with the machine and the code digest
# (tools/code_digest.py) of what ran.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -f "$1/include/hip/hip_runtime.h" ]; then
  echo "usage: $0 HIP_CPU_CHECKOUT [RUNS]   (a work tree of github ROCm/HIP-CPU, with include/hip/hip_runtime.h)" >&2
  exit 2
fi
hip_cpu=$(cd "$1" && pwd)
runs=${2:-7}
bench=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$bench/../.." && pwd)
cd "$root"

hip_cxx=${HIP_CXX:-g++-12}
command -v "$hip_cxx" > /dev/null || { echo "$0: $hip_cxx not found (HIP_CXX=... names another)" >&2; exit 2; }
if ! dpkg -s libtbb-dev > /dev/null 2>&1; then
  echo "$0: installing TBB from Debian (libtbb-dev), which HIP-CPU needs" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtbb-dev > /dev/null
fi

# The emulator's clock on long launches would be on stderr, which measure() holds to be empty.
export WARP_EMULATOR_PROGRESS=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernels="five_shuffles block_reduce"
for kernel in $kernels; do
  "$hip_cxx" -std=c++17 -O3 -fopenmp-simd -I "$hip_cpu/include" "$bench/hip/$kernel.cpp" -o "$work/hip_$kernel" \
    -ltbb -lpthread -ldl
  # emulate builds, runs once (which also checks the build), and keeps the program.
  emulator/emulate --keep "$work/emulated_$kernel" "$bench/$kernel.cu" > /dev/null
done

# One run of a program: "wall cpu peak_kib" on stdout, its wall time and CPU
# time (user + sys) in seconds to the millisecond, and its peak memory in KiB
# (the rusage wait4 gives; GNU time's %e has 10 ms steps, a seventh of
# HIP-CPU's five_shuffles). The program's own output must be its checksum line.
measure() {  # program
  python3 - "$1" "$work/out" "$work/err" > "$work/time" << 'PYTHON' ||
import os, subprocess, sys, time
program, out, err = sys.argv[1:]
with open(out, "w") as stdout, open(err, "w") as stderr:
    start = time.perf_counter()
    child = subprocess.Popen([program], stdout=stdout, stderr=stderr)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
print("%.3f %.3f %d" % (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status) != 0)
PYTHON
    { echo "$0: $1 failed:" >&2; cat "$work/out" "$work/err" >&2; exit 1; }
  if [ -s "$work/err" ]; then
    echo "$0: $1 wrote on stderr:" >&2; cat "$work/err" >&2; exit 1
  fi
  cat "$work/time"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
largest() { sort -g | tail -n 1; }

echo "# emulator/bench/compare-hip-cpu.sh $1 $runs"
echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# emulator: $(${CXX:-g++} --version | head -n 1), every check on; HIP-CPU $(git -C "$hip_cpu" rev-parse --short HEAD 2> /dev/null || echo '(not a git work tree)'), $("$hip_cxx" --version | head -n 1) -O3, TBB $(dpkg-query -W -f '${Version}' libtbb-dev)"
echo "# code digest $(python3 tools/code_digest.py emulator/bench emulator/emulate emulator/driver emulator/include emulator/runtime) of emulator/bench emulator/emulate emulator/driver emulator/include emulator/runtime"
echo "# medians of $runs paired runs; CPU = user + sys; peak = the largest maximum resident set"
printf '%-14s %10s %10s %10s %10s %8s %8s %12s %12s\n' kernel "emu wall" "hip wall" "emu CPU" "hip CPU" "wall x" "CPU x" "emu peak" "hip peak"
for kernel in $kernels; do
  : > "$work/emulated.runs"
  : > "$work/hip.runs"
  for ((i = 0; i < runs; ++i)); do
    measure "$work/emulated_$kernel/bin/$kernel" >> "$work/emulated.runs"
    measure "$work/hip_$kernel" >> "$work/hip.runs"
  done
  ew=$(cut -d' ' -f1 "$work/emulated.runs" | median); hw=$(cut -d' ' -f1 "$work/hip.runs" | median)
  ec=$(cut -d' ' -f2 "$work/emulated.runs" | median); hc=$(cut -d' ' -f2 "$work/hip.runs" | median)
  em=$(cut -d' ' -f3 "$work/emulated.runs" | largest); hm=$(cut -d' ' -f3 "$work/hip.runs" | largest)
  awk -v k="$kernel" -v ew="$ew" -v hw="$hw" -v ec="$ec" -v hc="$hc" -v em="$em" -v hm="$hm" 'BEGIN {
    printf "%-14s %9.3fs %9.3fs %9.3fs %9.3fs %7.1fx %7.1fx %8.0f MiB %8.0f MiB\n", k, ew, hw, ec, hc,
           (hw > 0 ? ew / hw : 0), (hc > 0 ? ec / hc : 0), em / 1024, hm / 1024 }'
  echo "#   $kernel runs (wall CPU peak_KiB), emulator: $(paste -sd, "$work/emulated.runs"); HIP-CPU: $(paste -sd, "$work/hip.runs")"
done
