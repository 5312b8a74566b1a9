#!/usr/bin/env bash
# Captures the GPU evidence under evidence/ (evidence/README.md lists the
# files). Run it from anywhere on a machine with the GPU, the CUDA Toolkit
# and compute-sanitizer:
#   tools/capture-h200-evidence.sh
# Each build is the README's command as a learner types it in the repository
# root. Every file starts with '# ' lines naming the command, date, GPU,
# driver, nvcc and the code digest of what it ran (tools/code_digest.py), so
# that evidence_follows_the_code can tell when one is stale. Nothing here is
# edited by hand afterwards.
set -uo pipefail
cd "$(dirname "$0")/.."

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
compiler=$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')
header() {  # title, command, code (paths and globs)
  printf '# %s\n# command: %s\n# date: %s\n# GPU, driver: %s\n# nvcc: %s\n# code digest %s of %s\n' \
    "$1" "$2" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$gpu" "$compiler" "$(python3 tools/code_digest.py $3)" "$3"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The report, built with the README's one-liner for this GPU.
build="nvcc -std=c++17 -O3 -arch=sm_90 -o shuffles shuffles.cu"
$build || exit 1
{ header "shuffles report on the H200" "$build && ./shuffles" shuffles.cu
  ./shuffles; echo "# exit code: $?"; } > evidence/h200-transcript.txt

# The embed, built with its pinned flags (sm_75: the driver compiles its PTX for sm_90 here).
embed_build="nvcc -std=c++17 -O3 -arch=sm_75 -o shuffles-embed embed/embed.cu"
$embed_build || exit 1
{ header "embed/embed.cu on the H200 (sm_75 build, PTX compiled by the driver)" "$embed_build && ./shuffles-embed" \
         embed/embed.cu
  ./shuffles-embed; echo "# exit code: $?"; } > evidence/h200-embed.txt

# The page's first pitfall: reduceRowsPadded's ladder under if (live), with the
# full mask. Each build of the planted copy runs three times under timeout 20;
# then the -G build; then the exercise harness on it, which must stop by
# itself; then the GPU must be free for the next program.
mkdir -p "$work/hang/tests"
cp shuffles.cu reference.hpp "$work/hang/"
cp tests/exercise.cu "$work/hang/tests/"
python3 tests/plant.py ladder_inside_branch --source-dir . --output "$work/hang/shuffles.cu" || exit 1  # tests/plants.py
seconds() { python3 -c "import time; print('%.2f' % (time.time() - $1))"; }
{ header "the page's first pitfall on the H200: the change, each build, and each run's exit code under a limit" \
         "in a copy of the repository with the change below, the builds and runs below" "shuffles.cu tests/exercise.cu"
  (cd "$work/hang" && diff -u "$OLDPWD/shuffles.cu" shuffles.cu) | sed "s|$PWD/||; s|^+++ shuffles.cu.*|+++ shuffles.cu, planted|; s/^/# /"
  for arch in sm_90 sm_75; do
    hang_build="nvcc -std=c++17 -O3 -arch=$arch -o shuffles-hang shuffles.cu"
    (cd "$work/hang" && $hang_build) || exit 1
    echo "$hang_build"
    for run in 1 2 3; do
      start=$(python3 -c 'import time; print(time.time())')
      (cd "$work/hang" && timeout 20 ./shuffles-hang > out 2>&1); code=$?
      echo "  run $run: timeout 20 ./shuffles-hang -> exit $code$([ $code = 124 ] && echo ', killed by timeout') after $(seconds "$start") s, $(wc -c < "$work/hang/out") bytes of output"
    done
  done
  debug_build="nvcc -std=c++17 -G -arch=sm_90 -o shuffles-hang-debug shuffles.cu"
  (cd "$work/hang" && $debug_build) || exit 1
  echo "$debug_build"
  start=$(python3 -c 'import time; print(time.time())')
  (cd "$work/hang" && timeout 60 ./shuffles-hang-debug > out 2>&1); code=$?
  echo "  timeout 60 ./shuffles-hang-debug -> exit $code after $(seconds "$start") s; its correctness lines:"
  grep -E '^(reduceRows|every gated|a gated)' "$work/hang/out" | sed 's/^/    /'
  harness_build="nvcc -std=c++17 -O3 -arch=sm_90 -o exercise tests/exercise.cu"
  (cd "$work/hang" && $harness_build) || exit 1
  echo "$harness_build"
  start=$(python3 -c 'import time; print(time.time())')
  (cd "$work/hang" && timeout 30 ./exercise > out 2>&1); code=$?
  echo "  timeout 30 ./exercise -> exit $code after $(seconds "$start") s:"
  sed 's/^/    /' "$work/hang/out"
  echo "then the GPU: $(nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader)," \
       "$(nvidia-smi --query-compute-apps=pid --format=csv,noheader | wc -l) processes on it"
  start=$(python3 -c 'import time; print(time.time())')
  ./shuffles > /dev/null 2>&1; code=$?
  echo "and the unplanted ./shuffles -> exit $code after $(seconds "$start") s"
  (cd "$work" && cp -r hang fixed && cp "$OLDPWD/shuffles.cu" fixed/ && cd fixed && $harness_build) || exit 1
  start=$(python3 -c 'import time; print(time.time())')
  (cd "$work/fixed" && ./exercise > out 2>&1); code=$?
  echo "and the unplanted exercise harness -> exit $code after $(seconds "$start") s"
} > evidence/h200-hang.txt

# The bench: every kernel, the width-8 variant and CUB against a
# device-to-device copy, at 2^23 rows (1 GiB of input); then an ncu profile of
# the three kernels that write the same outputs, at the GPU's own clocks.
bench_code="shuffles.cu bench/bench.cu bench/reduce_rows_width8.cuh"
bench_build="nvcc -std=c++17 -O3 -arch=sm_90 -o shuffles-bench bench/bench.cu"
$bench_build || exit 1
{ header "bench on the H200: median of 25 timed runs per kernel" "$bench_build && ./shuffles-bench" "$bench_code"
  ./shuffles-bench; echo "# exit code: $?"; } > evidence/h200-bench.txt
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics=$metrics,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread
{ header "ncu of one timed launch each (after the 3 warm-up launches), clocks not locked" \
         "ncu --clock-control none --kernel-name K --launch-skip 3 --launch-count 1 --metrics ... ./shuffles-bench --runs 1" \
         "$bench_code"
  for kernel in reduceRowsPadded reduceRowsWidth8 reduceRowsCub; do
    ncu --clock-control none --kernel-name "$kernel" --launch-skip 3 --launch-count 1 --metrics "$metrics" \
        ./shuffles-bench --runs 1 2>&1
  done; } > evidence/h200-bench-profile.txt

# What the GPU answers where the emulator must answer the same.
answers_build="nvcc -std=c++17 -O3 -arch=sm_90 -o gpu-answers emulator/tests/gpu_answers.cu"
$answers_build || exit 1
{ header "what the GPU answers (emulator/tests/gpu_answers.cu), for the emulator to answer the same" \
         "$answers_build && ./gpu-answers" emulator/tests/gpu_answers.cu
  ./gpu-answers; echo "# exit code: $?"; } > evidence/gpu-answers-h200.txt
rm -f gpu-answers

# On the lent GPU machine, $OUT brings files back, at most 8 of them: one tar of them all.
if [ -n "${OUT:-}" ]; then
  (cd evidence && tar -cf "$OUT/h200-evidence.tar" h200-transcript.txt h200-embed.txt h200-hang.txt h200-bench.txt \
     h200-bench-profile.txt gpu-answers-h200.txt)
fi
head -c 3000 evidence/h200-hang.txt
