#!/usr/bin/env bash
# Captures the H200 evidence under evidence/ (see evidence/README.md). Run it
# from anywhere on a machine with the GPU, the CUDA Toolkit and CMake:
#   tools/capture-h200-evidence.sh
# Every file it writes starts with '# ' lines naming the command, date, GPU,
# driver, nvcc and the sha256 of the shuffles.cu it ran, so evidence_fresh can
# tell when one is stale. Nothing here is edited by hand afterwards. Each
# build is the README's command exactly as a learner types it in the
# repository root, run there and recorded as run, so a command that fails
# for a learner (say `-o bench` beside the folder bench/) fails here too; it
# leaves shuffles, shuffles-bench and shuffles-embed there (.gitignore'd).
set -uo pipefail
cd "$(dirname "$0")/.."

sha=$(sha256sum shuffles.cu | cut -c1-64)
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
compiler=$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')
header() {  # title, command
  printf '# %s\n# command: %s\n# date: %s\n# GPU, driver: %s\n# nvcc: %s\n# source: shuffles.cu sha256 %s\n' \
    "$1" "$2" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$gpu" "$compiler" "$sha"
}

# Every h200-* file but the README commands' (tools/capture-h200-readme-commands.sh writes that one).
find evidence -name 'h200-*' ! -name h200-readme-commands.txt -delete
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The report, built with the README's one-liner for this GPU.
build="nvcc -std=c++17 -O3 -arch=sm_90 -o shuffles shuffles.cu"
$build || exit 1
{ header "shuffles report on the H200" "$build && ./shuffles"
  ./shuffles; echo "# exit code: $?"; } > evidence/h200-transcript.txt

# Other row counts: every gated kernel must match at each.
{ header "shuffles --rows N on the H200: exit code, the faulty kernel's sums-wrong row, the verdict" "./shuffles --rows N"
  for rows in 1 31 32 33 257 8205 1000000 =33; do
    if [ "$rows" = =33 ]; then out=$(./shuffles --rows=33); else out=$(./shuffles --rows "$rows"); fi; code=$?
    printf -- '--rows %-8s exit %d  %s | %s\n' "$rows" "$code" "$(grep -E '^reduceRowsBallotDown +[0-9]+ +-$' <<<"$out" | tr -s ' ')" "$(tail -n 1 <<<"$out")"
  done; } > evidence/h200-rows.txt

# Wall time of the default run (Compiler Explorer caps a run at 20 s), five times.
{ header "wall time of the default run, five runs, seconds (first includes CUDA start-up)" "time ./shuffles > /dev/null"
  for i in 1 2 3 4 5; do
    start=$(date +%s.%N); ./shuffles > /dev/null; end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" -v i="$i" 'BEGIN { printf "run %d: %.3f s\n", i, e - s }'
  done
  echo "default-run stdout: $(./shuffles | wc -c) bytes (Compiler Explorer cuts at 32768)"; } > evidence/h200-timing.txt

# --rows that fits the GPU's memory but not the host's: refused with exit 2
# before any output. The count is halfway between what each can hold, at the
# bytes per row shuffles.cu names (kHostBytesPerRow, equal to kDeviceBytesPerRow
# in a GPU build).
host_bytes=$(awk '/^MemAvailable:/ { print $2 * 1024 }' /proc/meminfo)
device_bytes=$(( $(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | head -n 1) * 1024 * 1024 ))
per_row=$(grep -m1 -oE 'kHostBytesPerRow = .*// *[0-9]+$' shuffles.cu | grep -oE '[0-9]+$')  # the GPU build's, first
if [ "$host_bytes" -ge "$device_bytes" ]; then
  echo "host memory ($host_bytes B) is not below the GPU's ($device_bytes B): no --rows fits one but not the other" >&2
  exit 1
fi
{ header "--rows between the host's and the device's memory: must exit 2 naming host memory, stdout empty"          "./shuffles --rows N"
  rows=$(( (host_bytes + device_bytes) / 2 / per_row ))
  echo "# MemAvailable ${host_bytes} B; GPU memory free ${device_bytes} B; ${per_row} bytes a row on each (shuffles.cu)"
  echo "# rows = (MemAvailable + GPU free) / 2 / ${per_row} = ${rows}"
  ./shuffles --rows "$rows" > "$work/rows.out" 2> "$work/rows.err"; code=$?
  echo "# exit code: $code; stdout: $(wc -c < "$work/rows.out") bytes; stderr:"
  cat "$work/rows.err"; } > evidence/h200-host-memory.txt

# The embed, built with its pinned flags (sm_75: the driver compiles its PTX for sm_90 here).
embed_build="nvcc -std=c++17 -O3 -arch=sm_75 -o shuffles-embed embed/embed.cu"
$embed_build || exit 1
{ header "embed/embed.cu on the H200 (sm_75 build, PTX compiled by the driver)" "$embed_build && ./shuffles-embed"
  ./shuffles-embed; echo "# exit code: $?"; } > evidence/h200-embed.txt

# The bench (issue 7): every kernel, the width-8 variant and CUB against a
# device-to-device copy, at 2^23 rows (1 GiB of input); then an ncu profile of
# the three kernels that write the same outputs, at the GPU's own clocks.
bench_shas=$(printf 'source: reduce_rows_width8.cuh sha256 %s\n# source: bench/bench.cu sha256 %s' \
  "$(sha256sum reduce_rows_width8.cuh | cut -c1-64)" "$(sha256sum bench/bench.cu | cut -c1-64)")
bench_build="nvcc -std=c++17 -O3 -arch=sm_90 -o shuffles-bench bench/bench.cu"
$bench_build || exit 1
{ header "bench on the H200: median of 25 timed runs per kernel" "$bench_build && ./shuffles-bench"
  echo "# $bench_shas"; ./shuffles-bench; echo "# exit code: $?"; } > evidence/h200-bench.txt
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics=$metrics,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread
{ header "ncu of one timed launch each (after the 3 warm-up launches), clocks not locked" \
         "ncu --clock-control none --kernel-name K --launch-skip 3 --launch-count 1 --metrics ... ./shuffles-bench --runs 1"
  echo "# $bench_shas"
  for kernel in reduceRowsPadded reduceRowsWidth8 reduceRowsCub; do
    ncu --clock-control none --kernel-name "$kernel" --launch-skip 3 --launch-count 1 --metrics "$metrics" \
        ./shuffles-bench --runs 1 2>&1
  done
  # The experiment: would writing only the 20 live normalised columns (80 B a
  # row instead of 128) be faster? A copy of the header whose padding lanes
  # store nothing, timed and profiled the same way.
  python3 - "$work/live-only.cuh" <<'PY'
import sys
text = open("reduce_rows_width8.cuh").read()
old = """    if (hasRow) {
        const float4 scaled = live ?"""
new = """    if (hasRow && live) {  // EXPERIMENT: the padding columns are not written
        const float4 scaled = live ?"""
assert old in text, "reduce_rows_width8.cuh changed: update the experiment in capture-h200-evidence.sh"
open(sys.argv[1], "w").write(text.replace(old, new))
PY
  echo "# ==== experiment: reduceRowsWidth8 with 'if (hasRow)' made 'if (hasRow && live)' before its stores,"
  echo "# ==== so lanes 5-7 leave the padding columns unwritten (bench's bytes/row column still counts 216 for it)"
  nvcc -std=c++17 -O3 -arch=sm_90 "-DWIDTH8_SOURCE=\"$work/live-only.cuh\"" -o "$work/bench-live-only" bench/bench.cu || exit 1
  "$work/bench-live-only" | grep -E '^(device-to-device|reduceRowsPadded|reduceRowsWidth8) '
  ncu --clock-control none --kernel-name reduceRowsWidth8 --launch-skip 3 --launch-count 1 --metrics "$metrics" \
      "$work/bench-live-only" --runs 1 2>&1 | grep -E '^  reduceRowsWidth8\(|^    [a-z]'
  } > evidence/h200-bench-profile.txt

# A deliberately broken normaliser (registers no longer masked) must make the
# transcript comparison fail on this GPU, whose registers differ from the T4's.
cp -r tests "$work/broken"
sed -i 's|set(line "${head}${SHUFFLES_MASK_REGISTERS}${tail}")|# broken on purpose|' "$work/broken/normalise_report.cmake"
{ header "report_matches_transcript with a normaliser broken on purpose (registers unmasked): must FAIL" \
         "cmake -P <copy of tests/report_matches_transcript.cmake with registers masking removed>"
  cmake -DSHUFFLES_BINARY="$PWD/shuffles" -DTRANSCRIPT=evidence/t4-transcript.txt -DWORK_DIR="$work/bw" \
        -P "$work/broken/report_matches_transcript.cmake" 2>&1
  echo "# exit code: $? (non-zero: the broken normaliser was caught)"; } > evidence/h200-broken-normaliser.txt

# What the H200 answers for launch configurations and edge-case collectives
# (evidence/gpu-answers-h200.txt), for the emulator to answer the same.
tools/capture-gpu-answers.sh > /dev/null || exit 1

# The whole suite, nothing allowed to skip for want of a GPU, but for four
# tests: readme_matches_evidence and readme_quotes_evidence (the README's
# figures and quoted outputs are copied from the files this script writes,
# after it, so they run in CI), and the
# README-commands tests, each of which runs the whole suite again in a fresh
# copy (readme_commands_cpu runs in CI; tools/capture-h200-readme-commands.sh
# runs readme_commands_gpu here, on its own).
skipped='^(readme_matches_evidence|readme_quotes_evidence|readme_commands_cpu|readme_commands_gpu)$'
test_command="cmake -S . -B build-h200 && cmake --build build-h200 -j && SHUFFLES_REQUIRE_GPU=1 ctest --test-dir build-h200 -j 8 -V -E '$skipped'"
{ header "the full CTest log on the H200" "$test_command"
  cmake -S . -B build-h200 > "$work/configure.log" 2>&1 && cmake --build build-h200 -j > "$work/build.log" 2>&1 \
    || { cat "$work/configure.log" "$work/build.log"; }
  SHUFFLES_REQUIRE_GPU=1 ctest --test-dir build-h200 -j 8 -V -E "$skipped" 2>&1; echo "# ctest exit code: $?"; } > evidence/h200-ctest.txt

rm -rf build-h200
# On the lent GPU machine, $OUT brings files back, at most 8 of them: one tar of them all.
if [ -n "${OUT:-}" ]; then
  (cd evidence && find . \( -name 'h200-*' ! -name h200-readme-commands.txt -o -name gpu-answers-h200.txt \) -print0 \
     | tar --null -T - -cf "$OUT/h200-evidence.tar")
fi
tail -n 25 evidence/h200-ctest.txt
