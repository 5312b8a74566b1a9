#!/usr/bin/env bash
# Captures evidence/gpu-answers-h200.txt: what the GPU answers for the launch
# configurations and edge-case collectives in emulator/tests/gpu_answers.cu.
# Run from anywhere on a machine with the GPU and the CUDA Toolkit:
#   tools/capture-gpu-answers.sh
set -uo pipefail
cd "$(dirname "$0")/.."
build="nvcc -std=c++17 -O3 -arch=sm_90 -o gpu-answers emulator/tests/gpu_answers.cu"
$build || exit 1
{ printf '# what the GPU answers (emulator/tests/gpu_answers.cu), for the emulator to answer the same\n'
  printf '# command: %s && ./gpu-answers\n' "$build"
  printf '# date: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '# GPU, driver: %s\n' "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
  printf '# nvcc: %s\n' "$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
  printf '# source: emulator/tests/gpu_answers.cu sha256 %s\n' "$(sha256sum emulator/tests/gpu_answers.cu | cut -c1-64)"
  ./gpu-answers; echo "# exit code: $?"; } > evidence/gpu-answers-h200.txt
rm -f gpu-answers
if [ -n "${OUT:-}" ]; then cp evidence/gpu-answers-h200.txt "$OUT"/; fi
cat evidence/gpu-answers-h200.txt
