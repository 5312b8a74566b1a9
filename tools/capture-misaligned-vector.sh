#!/usr/bin/env bash
# Captures what a GPU with compute-sanitizer, or the emulator, says of
# tests/emulate/misaligned_vector_fields.cu, each variant in a process of its own:
#   tools/capture-misaligned-vector.sh gpu       evidence/h200-misaligned-vector-fields.txt
#   tools/capture-misaligned-vector.sh emulator  evidence/emulator-misaligned-vector-fields.txt
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:?usage: tools/capture-misaligned-vector.sh gpu|emulator}
source=tests/emulate/misaligned_vector_fields.cu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
variants="float4 int2 double2_shared float4_whole"
digest=$(python3 tools/code_digest.py "$source")
case $mode in
  gpu)
    output=evidence/h200-misaligned-vector-fields.txt
    build="nvcc -std=c++17 -O3 -arch=sm_90 -o BINARY $source"
    nvcc -std=c++17 -O3 -arch=sm_90 -o "$work/probe" "$source" || exit 1
    { printf '# %s on a GPU, alone and under compute-sanitizer memcheck, each variant a process\n' "$source"
      printf '# command: %s, then for each VARIANT: BINARY VARIANT; compute-sanitizer --tool memcheck BINARY VARIANT\n' "$build"
      printf '# date: %s\n# GPU, driver: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
      printf '# code digest %s of %s\n' "$digest" "$source"
      printf '# the loads nvcc made (cuobjdump -sass, LDG/LDS lines):\n'
      cuobjdump -sass "$work/probe" | grep -E 'Function|LDG|LDS' | sed 's/^ */#   /'
      for variant in $variants; do
        "$work/probe" "$variant"; echo "# exit code: $?"
        compute-sanitizer --tool memcheck "$work/probe" "$variant" 2>&1 | grep -E 'Invalid|Misaligned|misaligned|ERROR SUMMARY|Address|of size|at .*\+0x|: cuda' | head -8
      done; } > "$output" 2>&1 ;;
  emulator)
    output=evidence/emulator-misaligned-vector-fields.txt
    emulator/emulate --keep "$work/build" "$source" float4 > /dev/null 2>&1
    { printf '# %s on the CPU warp emulator, each variant a process\n' "$source"
      printf '# command: emulator/emulate --keep DIR %s, then for each VARIANT: DIR/bin/misaligned_vector_fields VARIANT\n' "$source"
      printf '# date: %s\n# compiler: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(${CXX:-g++} --version | head -n 1)"
      printf '# code digest %s of %s %s\n' "$(python3 tools/code_digest.py "$source" emulator/emulate emulator/driver emulator/include emulator/runtime)" \
        "$source" "emulator/emulate emulator/driver emulator/include emulator/runtime"
      for variant in $variants; do
        WARP_EMULATOR_PROGRESS=0 "$work/build/bin/misaligned_vector_fields" "$variant" 2>&1; echo "# exit code: $?"
      done; } > "$output" ;;
  *) echo "usage: tools/capture-misaligned-vector.sh gpu|emulator" >&2; exit 2 ;;
esac
cat "$output"
