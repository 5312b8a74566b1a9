#!/usr/bin/env bash
# Captures evidence/emulator-cuda-samples.txt: NVIDIA's cuda-samples built with
# emulator/nvcc and run on the CPU warp emulator, unchanged, each compared with
# the H200's row of evidence/h200-cuda-samples.txt (tools/capture-h200-samples.sh):
#   tools/capture-emulator-samples.sh SAMPLES COMMIT [KEEP] [--cut SECONDS] [--only NAME,...]
#       [--part K/N] [--runs-at-once N --cpus-per-run C] [--output FILE]
# SAMPLES: a copy of github.com/NVIDIA/cuda-samples at COMMIT, the one the H200
# table names. KEEP: a folder for each sample's program, output and build log.
# No GPU needed.
#
# Issue 22 leaves a sample that runs past 4 minutes on the emulator out of the
# count, where the table says so. Each run is cut at --cut seconds (240 unless
# given): one cut at 240 s is left out, and so is one cut sooner whose launch in
# flight would alone run past 240 s by the emulator's own estimate; one cut
# sooner without is "not settled", for a run with --cut 240 --only NAMES to
# settle. On 2 cores, one run at a time, 240 s each is hours: on a machine of
# N * C cores, --runs-at-once N --cpus-per-run C runs N samples at a time,
# each on C cores of its own. --part K/N makes the K-th of N parts, each with
# as many of the runs that took longest in the tables here now. The table goes
# to evidence/emulator-cuda-samples.txt, or -K-of-N.txt for a part, or FILE.
# The header names the machine, and the time block_reduce (emulator/bench)
# takes on the cores of one run, to weigh the machine against another.
set -uo pipefail
cd "$(dirname "$0")/.."
usage="usage: tools/capture-emulator-samples.sh SAMPLES COMMIT [KEEP] [--cut SECONDS] [--only NAME,...] [--part K/N] [--runs-at-once N --cpus-per-run C] [--output FILE]"
samples=${1:?$usage}
commit=${2:?$usage}
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep=$work/samples
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then keep=$1; shift; fi
part=1/1 runs=1 cpus=0 cut=240 only="" output=""
while [ $# -gt 0 ]; do
  case $1 in
    --cut) cut=${2:?$usage}; shift 2 ;;
    --only) only=${2:?$usage}; shift 2 ;;
    --output) output=${2:?$usage}; shift 2 ;;
    --part) part=${2:?$usage}; shift 2 ;;
    --runs-at-once) runs=${2:?$usage}; shift 2 ;;
    --cpus-per-run) cpus=${2:?$usage}; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
if [ -z "$output" ]; then
  output=evidence/emulator-cuda-samples.txt
  [ "$part" = 1/1 ] || output=evidence/emulator-cuda-samples-${part%/*}-of-${part#*/}.txt
fi
hints=()
for table in evidence/emulator-cuda-samples*.txt; do
  [ -f "$table" ] && hints+=(--longest-first "$table")
done
options=(--jobs "$(nproc)" --timeout "$cut" --leave-out-past 240 --part "$part" --runs-at-once "$runs"
         --cpus-per-run "$cpus" --commit "$commit" --against evidence/h200-cuda-samples.txt)
[ -z "$only" ] || options+=(--only "$only")
emulator_code="tools/cuda_samples.py emulator/nvcc emulator/emulate emulator/driver emulator/include emulator/runtime"
machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
one_run="" one_run_text="every core, as many workers"
if [ "$cpus" -gt 0 ]; then
  one_run="taskset -c 0-$((cpus - 1))" one_run_text="$cpus cores (taskset), WARP_EMULATOR_WORKERS=$cpus"
fi
export WARP_EMULATOR_PROGRESS=0
emulator/emulate --keep "$work/block_reduce" emulator/bench/block_reduce.cu > /dev/null
TIMEFORMAT="%R s wall, %U s user"  # bash's own time: GNU time may be missing
calibration=$( { time $one_run "$work/block_reduce/bin/block_reduce" > /dev/null; } 2>&1)
run="python3 tools/cuda_samples.py SAMPLES KEEP ${options[*]}"
{ printf '# cuda-samples with emulator/nvcc on the CPU warp emulator, against the H200\n'
  printf '# command: %s (from tools/capture-emulator-samples.sh, whose other options order the runs: longest first, as in the tables here before)\n' "$run"
  printf '# date: %s\n# machine: %s\n# compiler: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$machine" \
    "$(${CXX:-g++} --version | head -n 1)"
  printf '# one run: %s; emulator/bench/block_reduce.cu on them: %s\n' "$one_run_text" "$calibration"
  printf '# code digest %s of %s\n' "$(python3 tools/code_digest.py $emulator_code)" "$emulator_code"
  python3 tools/cuda_samples.py "$samples" "$keep" "${options[@]}" "${hints[@]}"
  echo "# exit code: $?"
  # As it grows, a copy under $OUT (the device tool's folder), which comes back even from a run cut short.
} | tee "$work/table" ${OUT:+"$OUT/$(basename "$output" .txt).partial"} > /dev/null
mv "$work/table" "$output"
if [ -n "${OUT:-}" ]; then cp "$output" "$OUT"/; fi
tail -3 "$output"
