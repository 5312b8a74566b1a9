#!/usr/bin/env bash
# Captures the CPU warp emulator's evidence under evidence/ (see
# evidence/README.md). Needs no GPU: any Linux machine with a C++17 compiler.
#   tools/capture-emulator-evidence.sh          (CXX picks the compiler; g++ by default)
# Writes emulator-report.txt (the default report: stdout, then the emulator's
# findings on stderr), emulator-example.txt (the README's example of a broken
# rule) and emulator-timing.txt (five timed runs). Each starts
# with '# ' lines naming the command, date, machine, compiler and the sha256
# of shuffles.cu and of emulator/warp_emulator.hpp, so evidence_fresh can tell
# when one is stale. Nothing here is edited by hand afterwards.
set -uo pipefail
cd "$(dirname "$0")/.."

cxx=${CXX:-g++}
sha=$(sha256sum shuffles.cu | cut -c1-64)
# The emulator is warp_emulator.hpp and the headers it includes: one sha256 of
# them all, in byte order of their paths (tests/evidence_fresh.cmake computes the same).
emulator_sha=$(cat emulator/warp_emulator.hpp $(printf '%s\n' emulator/warp_emulator/*.hpp | LC_ALL=C sort) | sha256sum | cut -c1-64)
machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
compiler=$("$cxx" --version | head -n 1)
header() {  # title, command
  printf '# %s\n# command: %s\n# date: %s\n# machine: %s\n# compiler: %s\n# source: shuffles.cu sha256 %s\n# source: emulator/warp_emulator.hpp and emulator/warp_emulator/*.hpp sha256 %s\n' \
    "$1" "$2" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$machine" "$compiler" "$sha" "$emulator_sha"
}

rm -f evidence/emulator-*
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The README's command for a machine with no GPU.
build="$cxx -std=c++17 -O2 -x c++ -I emulator -o $work/shuffles-emulated shuffles.cu"
$build || exit 1
"$work/shuffles-emulated" > "$work/out" 2> "$work/err"; code=$?
{ header "shuffles report on the CPU warp emulator: stdout, then stderr" "${build//$work\//} && ./shuffles-emulated"
  cat "$work/out"; echo "# exit code: $code"; echo "# ---- stderr ----"; cat "$work/err"; } > evidence/emulator-report.txt

# The README's example of a broken rule, run through emulator/emulate, stdout
# and stderr together as a terminal shows them.
example="emulator/emulate emulator/examples/half_warp_sum_broken.cu"
example_sha=$(sha256sum emulator/examples/half_warp_sum_broken.cu | cut -c1-64)
{ header "emulator/emulate on the broken example: stdout and stderr together (2>&1)" "$example"
  echo "# source: emulator/examples/half_warp_sum_broken.cu sha256 $example_sha"
  $example 2>&1; echo "# exit code: $?"; } > evidence/emulator-example.txt

# Wall times, five runs each, with the race check on (the default: every
# launch runs again in other orders): the default report (to take 2 s or
# less on the 2-core CI machine), and a kernel of 2^20 threads doing five
# shuffles each (1 s or less).
five="emulator/emulate --keep $work/five emulator/bench/five_shuffles.cu"
$five > /dev/null || exit 1
timed() {  # label, command...
  local label=$1; shift
  for i in 1 2 3 4 5; do
    start=$(date +%s.%N); "$@" > /dev/null 2>&1; end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" -v i="$i" -v l="$label" 'BEGIN { printf "%srun %d: %.3f s\n", l, i, e - s }'
  done
}
{ header "wall time, five runs each, seconds, race check on" "time ./shuffles-emulated > /dev/null 2>&1"
  echo "# the default emulated report:"
  timed "" "$work/shuffles-emulated"
  echo "# command: emulator/emulate --keep DIR emulator/bench/five_shuffles.cu, then time DIR/bin/five_shuffles > /dev/null 2>&1 (2^20 threads, 5 shuffles each)"
  timed "five_shuffles " "$work/five/bin/five_shuffles"; } > evidence/emulator-timing.txt

ls -l evidence/emulator-*
