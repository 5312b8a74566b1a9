#!/usr/bin/env bash
# Captures evidence/case-answers-h200.txt: what a GPU, and compute-sanitizer
# on it, say of each of the emulator's regression cases (emulator/tests/): each
# case built with nvcc, run alone, then under memcheck, initcheck and
# racecheck. The cases' first lines quote it. Run from anywhere, on a machine
# with the GPU, the CUDA Toolkit and compute-sanitizer:
#   tools/capture-case-answers.sh [--add NAME,...]
# --add answers only the cases named, new ones the file lacks, and keeps the
# others' answers: it refuses unless every other case is as the file's code
# digest says it was, and the GPU, driver, nvcc and compute-sanitizer are the
# ones its header names (a header line says what was added, and when).
set -uo pipefail
cd "$(dirname "$0")/.."
# Globs and ls in byte order, as Python sorts the same names: the H200's
# locale put threadfence_reduction_legal.cu before thread_index_3d_legal.cu,
# and the code digest of emulator/tests/*.cu came out unlike the one
# evidence_follows_the_code computes here.
export LC_ALL=C
usage="usage: tools/capture-case-answers.sh [--add NAME,...]"
added=""
case "${1:-}" in
  "") ;;
  --add) added=${2:?$usage}; [ $# -eq 2 ] || { echo "$usage" >&2; exit 2; } ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
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
evidence=evidence/case-answers-h200.txt
gpu_line="# GPU, driver: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
nvcc_line="# nvcc: $(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
sanitizer_line="# compute-sanitizer: $("$sanitizer" --version | grep -o 'Version [0-9.]*' | head -1)"
digest_line="# code digest $(python3 tools/code_digest.py emulator/tests/*.cu emulator/tests/case.cuh) of emulator/tests/*.cu emulator/tests/case.cuh"
if [ -n "$added" ]; then
  # Answers for the cases named, beside the file's answers for the others.
  [ -f "$evidence" ] || { echo "capture-case-answers: --add needs $evidence: capture all first" >&2; exit 1; }
  for name in ${added//,/ }; do
    [[ " $(echo $names) " == *" $name "* ]] || { echo "capture-case-answers: no case emulator/tests/$name.cu" >&2; exit 1; }
    if grep -qx "== $name" "$evidence"; then
      echo "capture-case-answers: $name has answers in $evidence already: to answer it again, capture all" >&2; exit 1
    fi
  done
  others=()
  for file in emulator/tests/*.cu; do
    name=$(basename "$file" .cu)
    [[ ",$added," == *",$name,"* ]] || others+=("$file")
  done
  was=$(python3 tools/code_digest.py "${others[@]}" emulator/tests/case.cuh)
  if ! grep -q "^# code digest $was of " "$evidence"; then
    echo "capture-case-answers: cases other than $added changed since $evidence was captured: capture all" >&2; exit 1
  fi
  for line in "$gpu_line" "$nvcc_line" "$sanitizer_line"; do
    grep -qxF "$line" "$evidence" || { echo "capture-case-answers: $evidence was not captured with '${line#\# }': capture all" >&2; exit 1; }
  done
  echo "${added//,/ }" | tr ' ' '\n' | xargs -P 16 -I{} bash -c 'answer {}'
  # The file's blocks of answers, one per case, each into $work/NAME.txt.
  awk -v work="$work" '/^== / { out = work "/" substr($0, 4) ".txt" } out != "" { print > out } out == "" { print }' \
    "$evidence" | grep -v '^# code digest ' > "$work/header"
  { cat "$work/header"
    printf '# added %s: %s, answered by the same commands; the others as captured above\n' \
      "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$added"
    echo "$digest_line"
    for name in $names; do cat "$work/$name.txt"; done
  } > "$work/merged"
  mv "$work/merged" "$evidence"
else
  { printf '# what a GPU and compute-sanitizer say of each regression case of the emulator (emulator/tests/)\n'
    printf '# command: for each case NAME: %s, then, from emulator/tests, timeout 20 BINARY and timeout 60 compute-sanitizer --tool TOOL BINARY for memcheck, initcheck and racecheck\n' "$build"
    printf '# date: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    printf '%s\n%s\n%s\n%s\n' "$gpu_line" "$nvcc_line" "$sanitizer_line" "$digest_line"
    echo "$names" | xargs -P 16 -I{} bash -c 'answer {}'
    for name in $names; do cat "$work/$name.txt"; done
  } > "$evidence"
fi
if [ -n "${OUT:-}" ]; then cp "$evidence" "$OUT"/; fi
grep -c '^== ' "$evidence"
