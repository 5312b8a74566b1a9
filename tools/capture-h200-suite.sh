#!/usr/bin/env bash
# Captures evidence/h200-ctest.txt: one run of the whole suite on a GPU
# machine, with SHUFFLES_REQUIRE_GPU=1, so that no gpu test may skip, the
# README-command blocks run whole included. It is the record of a commit's
# run, named in its header, not a claim about later code.
#   tools/capture-h200-suite.sh COMMIT
# The README-command tests copy the files git tracks; in a copy of the tree
# without .git, write the list first where the .git is
# (git ls-files > tracked-files.txt) and send it along.
set -uo pipefail
cd "$(dirname "$0")/.."
commit=${1:?usage: tools/capture-h200-suite.sh COMMIT (the commit this tree is)}
if [ -f tracked-files.txt ]; then
  export SHUFFLES_TRACKED_FILES="$PWD/tracked-files.txt"
fi
command="cmake -S . -B build-h200 && cmake --build build-h200 -j 16 && SHUFFLES_REQUIRE_GPU=1 ctest --test-dir build-h200 -j 16 --output-on-failure"
{ printf '# the whole suite on a GPU, nothing allowed to skip for want of one\n# record of commit %s\n' "$commit"
  printf '# command: %s\n# date: %s\n' "$command" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '# GPU, driver: %s\n# nvcc: %s\n' "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" \
    "$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
  start=$(date +%s)
  cmake -S . -B build-h200 > /dev/null 2>&1 && cmake --build build-h200 -j 16 > build-h200.log 2>&1 \
    || { echo "# the build failed:"; tail -30 build-h200.log; }
  echo "# built in $(( $(date +%s) - start )) s"
  SHUFFLES_REQUIRE_GPU=1 ctest --test-dir build-h200 -j 16 --output-on-failure 2>&1 | grep -v '^      Start'
  echo "# ctest exit code: ${PIPESTATUS[0]}"; } > h200-ctest.partial
# Only now, so that the suite's own tests read the evidence as committed, not this run half-written.
mv h200-ctest.partial evidence/h200-ctest.txt
rm -rf build-h200 build-h200.log
if [ -n "${OUT:-}" ]; then cp evidence/h200-ctest.txt "$OUT"/; fi
tail -n 40 evidence/h200-ctest.txt
