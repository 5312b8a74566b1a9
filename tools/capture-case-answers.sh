#!/usr/bin/env bash
# Captures evidence/case-answers-h200.txt: what a GPU, and compute-sanitizer
# on it, say of each of the emulator's regression cases (emulator/tests/): each
# case built with nvcc, run alone, then under memcheck, initcheck and
# racecheck. The cases' first lines quote it. Run from anywhere, on a machine
# with the GPU, the CUDA Toolkit and compute-sanitizer:
#   tools/capture-case-answers.sh
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/compute-sanitizer/compute-sanitizer)
build="nvcc -std=c++17 -O3 -arch=sm_90 -I emulator/tests -o BINARY emulator/tests/NAME.cu"

# One case: its answers, as a block of lines, in $work/NAME.txt.
answer() {
  local name=$1 binary=$work/$1
  {
    echo "== $name"
    if ! nvcc -std=c++17 -O3 -arch=sm_90 -I emulator/tests -o "$binary" "emulator/tests/$name.cu" > "$work/$name.build" 2>&1; then
      echo "does not build with nvcc:"; sed 's/^/  /' "$work/$name.build"; return
    fi
    (cd emulator/tests && timeout 20 "$binary" > "$work/$name.out" 2>&1); local rc=$?
    echo "alone: exit $rc$([ $rc = 124 ] && echo ' (killed after 20 s)')"
    sed 's/^/  | /' "$work/$name.out" | head -12
    for tool in memcheck initcheck racecheck; do
      (cd emulator/tests && timeout 60 "$sanitizer" --tool "$tool" "$binary" > "$work/$name.$tool" 2>&1); rc=$?
      summary=$(grep -E '(ERROR|RACECHECK) SUMMARY' "$work/$name.$tool" | sed 's/^========= //')
      first=$(grep -m1 -E '^========= (Invalid|Uninitialized|Error|Program hit|Misaligned|Warning|Race)' "$work/$name.$tool" | sed 's/^========= //')
      echo "$tool: exit $rc$([ $rc = 124 ] && echo ' (killed after 60 s)'); ${summary:-no summary}${first:+; first: $first}"
    done
  } > "$work/$name.txt"
}
export -f answer
export work sanitizer

names=$(cd emulator/tests && ls *_broken.cu *_legal.cu *_unseen.cu 2>/dev/null | sed 's/\.cu$//')
{ printf '# what a GPU and compute-sanitizer say of each regression case of the emulator (emulator/tests/)\n'
  printf '# command: for each case NAME: %s, then, from emulator/tests, timeout 20 BINARY and timeout 60 compute-sanitizer --tool TOOL BINARY for memcheck, initcheck and racecheck\n' "$build"
  printf '# date: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '# GPU, driver: %s\n' "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
  printf '# nvcc: %s\n' "$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
  printf '# compute-sanitizer: %s\n' "$("$sanitizer" --version | grep -o 'Version [0-9.]*' | head -1)"
  printf '# code digest %s of emulator/tests/*.cu emulator/tests/case.cuh\n' "$(python3 tools/code_digest.py emulator/tests/*.cu emulator/tests/case.cuh)"
  echo "$names" | xargs -P 16 -I{} bash -c 'answer {}'
  for name in $names; do cat "$work/$name.txt"; done
} > evidence/case-answers-h200.txt
if [ -n "${OUT:-}" ]; then cp evidence/case-answers-h200.txt "$OUT"/; fi
grep -c '^== ' evidence/case-answers-h200.txt
