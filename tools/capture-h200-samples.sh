#!/usr/bin/env bash
# Captures what an H200 and the CUDA Toolkit's nvcc make of NVIDIA's
# cuda-samples, and of every device property, as the emulator's ground truth:
#   evidence/h200-cuda-samples.txt      tools/cuda_samples.py with the real nvcc:
#                                       which samples build and pass on the GPU
#   evidence/h200-device-properties.txt emulator/tests/device_properties.cu
# Run from anywhere on a machine with the GPU:
#   tools/capture-h200-samples.sh SAMPLES COMMIT [KEEP]
# KEEP: a folder for each sample's output and build log (for reading, not evidence).
# SAMPLES: a copy of github.com/NVIDIA/cuda-samples at COMMIT (its Common/ and
# the folders tools/cuda_samples.py --list names are enough).
set -uo pipefail
cd "$(dirname "$0")/.."
samples=${1:?usage: tools/capture-h200-samples.sh SAMPLES COMMIT}
commit=${2:?usage: tools/capture-h200-samples.sh SAMPLES COMMIT}

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)
compiler=$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')
header() {  # title, command, code (paths)
  printf '# %s\n# command: %s\n# date: %s\n# GPU, driver: %s\n# nvcc: %s\n# code digest %s of %s\n' \
    "$1" "$2" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$gpu" "$compiler" "$(python3 tools/code_digest.py $3)" "$3"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep=${3:-$work/samples}

run="python3 tools/cuda_samples.py SAMPLES WORK --nvcc nvcc --jobs $(nproc) --timeout 120 --commit $commit"
{ header "cuda-samples with the CUDA Toolkit's nvcc on the H200" "$run" tools/cuda_samples.py
  python3 tools/cuda_samples.py "$samples" "$keep" --nvcc nvcc --jobs "$(nproc)" --timeout 120 --commit "$commit"
  echo "# exit code: $?"; } > evidence/h200-cuda-samples.txt

build="nvcc -std=c++17 -O2 -arch=sm_90 -o device_properties emulator/tests/device_properties.cu"
nvcc -std=c++17 -O2 -arch=sm_90 -o "$work/device_properties" emulator/tests/device_properties.cu || exit 1
{ header "every cudaDeviceProp field and cudaDeviceGetAttribute answer of the H200" "$build && ./device_properties" \
         emulator/tests/device_properties.cu
  "$work/device_properties"; echo "# exit code: $?"; } > evidence/h200-device-properties.txt
