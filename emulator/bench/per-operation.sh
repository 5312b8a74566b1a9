#!/usr/bin/env bash
# per-operation.sh: what the emulator pays, every check on, for a thread's
# start and exit and for each thread's pass through a __syncthreads(): the
# costs that emulator/bench/block_reduce.cu's time is made of, to be weighed
# against HIP-CPU's whole cost per thread (compare-hip-cpu.sh).
#   emulator/bench/per-operation.sh [RUNS]
# Runs barrier_cost.cu (2^22 threads, blocks of 256) with 0 and with 9
# barriers, RUNS times each (7 unless given), alternately, on one core
# (taskset) and one worker, so that neither a second core nor the other
# process's noise enters, and prints the medians of CPU time (user + sys):
#   per thread:          the 0-barrier run's time / threads
#   per thread-barrier:  (the 9-barrier run's - the 0-barrier run's) / (threads * 9)
# A maintainer's tool, never a timed test: the machines are noisy.
set -euo pipefail
runs=${1:-7}
bench=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$bench/../.." && pwd)
cd "$root"
[ -x /usr/bin/time ] || { echo "$0: needs GNU time (/usr/bin/time: apt-get install time)" >&2; exit 2; }
command -v taskset > /dev/null || { echo "$0: needs taskset (util-linux)" >&2; exit 2; }

export WARP_EMULATOR_PROGRESS=0 WARP_EMULATOR_WORKERS=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
emulator/emulate --keep "$work/program" "$bench/barrier_cost.cu" > /dev/null
program="$work/program/bin/barrier_cost"
core=$(( $(nproc) - 1 ))  # the last core: the first is the likeliest to serve the machine's own work

barriers=9
: > "$work/0.runs"
: > "$work/$barriers.runs"
for ((i = 0; i < runs; ++i)); do
  for count in 0 "$barriers"; do
    taskset -c "$core" /usr/bin/time -f "%U %S" -o "$work/time" "$program" "$count" > "$work/out"
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/time" >> "$work/$count.runs"
  done
done
# The grid's size, as the program says it ("barrier_cost: 4194304 threads, ..."), not a copy of its constant.
threads=$(awk '{ print $2 }' "$work/out")
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
none=$(median "$work/0.runs")
some=$(median "$work/$barriers.runs")

echo "# emulator/bench/per-operation.sh $runs"
echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); runs on core $core alone (taskset), one worker"
echo "# emulator: $(${CXX:-g++} --version | head -n 1), every check on"
code="emulator/bench/barrier_cost.cu emulator/bench/per-operation.sh emulator/emulate emulator/driver emulator/include emulator/runtime"
echo "# code digest $(python3 tools/code_digest.py $code) of $code"
echo "# medians of $runs alternating runs of emulator/bench/barrier_cost.cu; CPU = user + sys"
echo "#   0 barriers (s): $(paste -sd' ' "$work/0.runs")"
echo "#   $barriers barriers (s): $(paste -sd' ' "$work/$barriers.runs")"
awk -v none="$none" -v some="$some" -v threads="$threads" -v barriers="$barriers" 'BEGIN {
  printf "%d threads in blocks of 256: %.2f s of CPU with no barrier, %.2f s with %d each\n", threads, none, some, barriers
  printf "a thread started and exited: %.0f ns\n", none / threads * 1e9
  printf "a thread through one __syncthreads(): %.1f ns\n", (some - none) / (threads * barriers) * 1e9
}'
