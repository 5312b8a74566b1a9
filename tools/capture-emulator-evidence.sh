#!/usr/bin/env bash
# Captures the CPU warp emulator's evidence under evidence/ (evidence/README.md
# lists the files). Needs no GPU: a Linux machine with g++ (or CXX) and Python 3.
#   tools/capture-emulator-evidence.sh
# Each file starts with '# ' lines naming the command, date, machine, compiler
# and the code digest of what it ran (tools/code_digest.py), so that
# evidence_follows_the_code can tell when one is stale.
set -uo pipefail
cd "$(dirname "$0")/.."
# The clock on long launches (emulator/runtime/reporting/progress.hpp) never shows in what is captured.
export WARP_EMULATOR_PROGRESS=0

cxx=${CXX:-g++}
export CXX="$cxx"
emulator_code="emulator/emulate emulator/nvcc emulator/driver emulator/include emulator/runtime"
machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
compiler=$("$cxx" --version | head -n 1)
header() {  # title, command, code (paths and globs)
  printf '# %s\n# command: %s\n# date: %s\n# machine: %s\n# compiler: %s\n# code digest %s of %s\n' \
    "$1" "$2" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$machine" "$compiler" \
    "$(python3 tools/code_digest.py $3)" "$3"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
emulator/emulate --print-library > /dev/null || exit 1  # built once, before anything is timed

# The README's command for a machine with no GPU.
emulator/emulate shuffles.cu > "$work/out" 2> "$work/err"; code=$?
{ header "shuffles report on the CPU warp emulator: stdout, then stderr" "emulator/emulate shuffles.cu" \
         "shuffles.cu $emulator_code"
  cat "$work/out"; echo "# exit code: $code"; echo "# ---- stderr ----"; cat "$work/err"; } > evidence/emulator-report.txt

# The page's first pitfall: the ladder of reduceRowsPadded under if (live),
# with the full mask (the change evidence/h200-hang.txt runs on the H200).
mkdir -p "$work/hang"
cp shuffles.cu "$work/hang/shuffles.cu"
python3 tests/plant.py ladder_inside_branch --source-dir . --output "$work/hang/shuffles.cu" || exit 1  # tests/plants.py
(cd "$work/hang" && diff -u "$OLDPWD/shuffles.cu" shuffles.cu | sed "s|$OLDPWD/||; s|^+++ shuffles.cu.*|+++ shuffles.cu, planted|") > "$work/hang.diff"
(cd "$work/hang" && "$OLDPWD/emulator/emulate" shuffles.cu > out 2> err); code=$?
{ header "the page's first pitfall on the CPU warp emulator: the change, then stderr" \
         "emulator/emulate shuffles.cu, in a copy with the change below" "shuffles.cu $emulator_code"
  sed 's/^/# /' "$work/hang.diff"; echo "# exit code: $code"; grep -v '^    lane ' "$work/hang/err"; } > evidence/emulator-hang.txt

# The README's example of a broken rule, stdout and stderr together as a terminal shows them.
example="emulator/emulate emulator/examples/half_warp_sum_broken.cu"
{ header "emulator/emulate on the broken example: stdout and stderr together (2>&1)" "$example" \
         "emulator/examples/half_warp_sum_broken.cu $emulator_code"
  $example 2>&1; echo "# exit code: $?"; } > evidence/emulator-example.txt

# The first run on a new machine (the README's figure): the runtime library
# built from an empty cache, then the report; the load average beside it says
# how busy the machine was.
first_load=$(cut -d' ' -f1-3 /proc/loadavg)
env -u WARP_EMULATOR_LIBRARY WARP_EMULATOR_CACHE="$work/empty-cache" /usr/bin/time \
  -f "first run, the library built from an empty cache: %e s, %U s of CPU time" \
  emulator/emulate shuffles.cu > /dev/null 2> "$work/first"
second_load=$(cut -d' ' -f1-3 /proc/loadavg)
env -u WARP_EMULATOR_LIBRARY WARP_EMULATOR_CACHE="$work/empty-cache" /usr/bin/time \
  -f "the run after it, the library cached: %e s, %U s of CPU time" \
  emulator/emulate shuffles.cu > /dev/null 2> "$work/second"

# Wall time and peak memory (the maximum resident set, from GNU time), five
# runs each, of the programs already built (emulate --keep), every check on.
emulator/emulate --keep "$work/report" shuffles.cu > /dev/null 2>&1
emulator/emulate --keep "$work/five" emulator/bench/five_shuffles.cu > /dev/null 2>&1
emulator/emulate --keep "$work/block" emulator/bench/block_reduce.cu > /dev/null 2>&1
timed() {  # label, program
  for i in 1 2 3 4 5; do
    /usr/bin/time -f "$1 run $i: %e s, peak memory %M KiB" "$2" > /dev/null 2> "$work/time" ; tail -1 "$work/time"
  done
}
{ header "wall time and peak memory, five runs each, every check on" \
         "emulator/emulate --keep DIR PROGRAM.cu, then /usr/bin/time DIR/bin/PROGRAM > /dev/null" \
         "shuffles.cu emulator/bench/five_shuffles.cu emulator/bench/block_reduce.cu $emulator_code"
  echo "# emulator/emulate shuffles.cu with WARP_EMULATOR_CACHE empty, load average $first_load, then $second_load:"
  tail -1 "$work/first"; tail -1 "$work/second"
  echo "# the default report (emulator/emulate shuffles.cu):"
  timed report "$work/report/bin/shuffles"
  echo "# emulator/bench/five_shuffles.cu: 2^20 threads, five shuffles each:"
  timed five_shuffles "$work/five/bin/five_shuffles"
  echo "# emulator/bench/block_reduce.cu: 2^22 threads, a shared-memory block reduction:"
  timed block_reduce "$work/block/bin/block_reduce"; } > evidence/emulator-timing.txt

ls -l evidence/emulator-*
