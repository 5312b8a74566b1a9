#!/usr/bin/env bash
# Captures evidence/emulator-cuda-samples.txt: NVIDIA's cuda-samples built with
# emulator/nvcc and run on the CPU warp emulator, unchanged, each compared with
# the H200's row of evidence/h200-cuda-samples.txt (tools/capture-h200-samples.sh):
#   tools/capture-emulator-samples.sh SAMPLES COMMIT [KEEP]
# SAMPLES: a copy of github.com/NVIDIA/cuda-samples at COMMIT, the one the H200
# table names. KEEP: a folder for each sample's program, output and build log.
# No GPU needed. Each run may take 60 s (a sample past it is killed and
# counted as it ended: "differs"); all of them take about half an hour on 2 cores.
set -uo pipefail
cd "$(dirname "$0")/.."
samples=${1:?usage: tools/capture-emulator-samples.sh SAMPLES COMMIT [KEEP]}
commit=${2:?usage: tools/capture-emulator-samples.sh SAMPLES COMMIT [KEEP]}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
keep=${3:-$work/samples}
emulator_code="tools/cuda_samples.py emulator/nvcc emulator/emulate emulator/driver emulator/include emulator/runtime"
machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
run="python3 tools/cuda_samples.py SAMPLES KEEP --jobs 2 --timeout 60 --commit $commit --against evidence/h200-cuda-samples.txt"
{ printf '# cuda-samples with emulator/nvcc on the CPU warp emulator, against the H200\n'
  printf '# command: %s\n# date: %s\n# machine: %s\n# compiler: %s\n# code digest %s of %s\n' "$run" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$machine" "$(${CXX:-g++} --version | head -n 1)" \
    "$(python3 tools/code_digest.py $emulator_code)" "$emulator_code"
  python3 tools/cuda_samples.py "$samples" "$keep" --jobs 2 --timeout 60 --commit "$commit" \
    --against evidence/h200-cuda-samples.txt
  echo "# exit code: $?"; } > evidence/emulator-cuda-samples.txt
tail -3 evidence/emulator-cuda-samples.txt
