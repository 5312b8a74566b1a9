#!/usr/bin/env bash
# Draws the pictures of the lanes (docs/lanes/*.svg) from real runs of the
# real kernels on the CPU warp emulator. Needs no GPU: g++ (or CXX) and python3.
#   tools/draw-lanes.sh            writes docs/lanes/
#   tools/draw-lanes.sh DIR        writes DIR/ instead (the lanes_pictures_fresh test does)
# shuffles.cu runs on the page's 8205 rows with reduceRowsPadded and
# reduceRowsBallotDown traced, tests/oracle.cu on the same rows with
# reduceRowsWidth8 traced; each trace is of block 0, warp 0 of the kernel's
# first launch (row 0; rows 0-3 for the width-8 kernel). The trace format is
# the emulator's (WARP_EMULATOR_TRACE); tools/lanes/draw_lanes.py draws it.
set -euo pipefail
cd "$(dirname "$0")/.."
# The clock on long launches (emulator/runtime/reporting/progress.hpp) never shows in what is captured.
export WARP_EMULATOR_PROGRESS=0

out=${1:-docs/lanes}
cxx=${CXX:-g++}
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The README's command for a machine with no GPU, for the program and the oracle.
export CXX="$cxx"

# Their reports go to files: what matters here is the trace, and a failing run stops the script.
# reduceRowsBallotDown's undefined reads are findings on purpose (they are one of the pictures), so
# WARP_EMULATOR_ON_FINDING=log leaves each program its own exit code: 0 when every gated kernel matched.
export WARP_EMULATOR_ON_FINDING=log
WARP_EMULATOR_TRACE="$work/shuffles.jsonl" WARP_EMULATOR_TRACE_KERNELS=reduceRowsPadded,reduceRowsBallotDown \
  "$python" emulator/emulate shuffles.cu > "$work/shuffles.out" 2> "$work/shuffles.err" \
  || { echo "draw-lanes: the emulated shuffles run failed:" >&2; cat "$work/shuffles.out" "$work/shuffles.err" >&2; exit 1; }
WARP_EMULATOR_TRACE="$work/oracle.jsonl" WARP_EMULATOR_TRACE_KERNELS=reduceRowsWidth8 \
  "$python" emulator/emulate tests/oracle.cu 8205 > "$work/oracle.out" 2> "$work/oracle.err" \
  || { echo "draw-lanes: the emulated oracle run failed:" >&2; cat "$work/oracle.out" "$work/oracle.err" >&2; exit 1; }

for trace in "$work/shuffles.jsonl" "$work/oracle.jsonl"; do
  [ -s "$trace" ] || { echo "draw-lanes: the emulator wrote no trace $(basename "$trace") (does the emulator still handle WARP_EMULATOR_TRACE?)" >&2; exit 1; }
done
"$python" tools/lanes/draw_lanes.py --require-all --out "$out" "$work/shuffles.jsonl" "$work/oracle.jsonl"
