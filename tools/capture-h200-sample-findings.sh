#!/usr/bin/env bash
# Captures evidence/h200-cuda-samples-sanitizer.txt: the cuda-samples in which
# the emulator finds something (the "differs" rows of
# evidence/emulator-cuda-samples*.txt), built with nvcc and run on the GPU
# under compute-sanitizer's memcheck, initcheck and racecheck: the GPU's own
# checker, for the emulator's findings to be weighed against. Run from
# anywhere on a machine with the GPU:
#   tools/capture-h200-sample-findings.sh SAMPLES COMMIT NAME,...
# SAMPLES: a copy of github.com/NVIDIA/cuda-samples at COMMIT.
set -uo pipefail
cd "$(dirname "$0")/.."
usage="usage: tools/capture-h200-sample-findings.sh SAMPLES COMMIT NAME,..."
samples=${1:?$usage}
commit=${2:?$usage}
names=${3:?$usage}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tools=memcheck,initcheck,racecheck
run="python3 tools/cuda_samples.py SAMPLES WORK --nvcc nvcc --only $names --sanitizer $tools --jobs $(nproc) --timeout 300 --commit $commit"
{ printf '# cuda-samples the emulator finds something in, on the H200 under compute-sanitizer\n'
  printf '# command: %s, then the first findings of each tool'"'"'s log\n' "$run"
  printf '# date: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '# GPU, driver: %s\n' "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
  printf '# nvcc: %s\n' "$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
  printf '# code digest %s of tools/cuda_samples.py\n' "$(python3 tools/code_digest.py tools/cuda_samples.py)"
  python3 tools/cuda_samples.py "$samples" "$work" --nvcc nvcc --only "$names" --sanitizer "$tools" \
    --jobs "$(nproc)" --timeout 300 --commit "$commit"
  echo "# exit code: $?"
  for name in ${names//,/ }; do
    for tool in ${tools//,/ }; do
      [ -f "$work/$name.$tool" ] || continue
      echo "# $name under $tool, its first lines that name a finding:"
      grep -m 6 -E '^========= +(Race|Error|Invalid|Uninitialized|Warning|Program hit|Saved host backtrace)' \
        "$work/$name.$tool" | sed 's/^/#   /'
    done
  done
} > evidence/h200-cuda-samples-sanitizer.txt
if [ -n "${OUT:-}" ]; then cp evidence/h200-cuda-samples-sanitizer.txt "$OUT"/; fi
grep -v '^#' evidence/h200-cuda-samples-sanitizer.txt
