#!/usr/bin/env bash
# Captures evidence/h200-readme-commands.txt: every command block of README.md
# run whole on the H200, in a fresh copy of the tracked files, as a learner
# with a GPU would type them (tests/readme_commands.py, the gpu label; the
# same test CTest runs as readme_commands_gpu). Kept apart from
# tools/capture-h200-evidence.sh because it runs the whole suite again.
#   tools/capture-h200-readme-commands.sh
# The copy holds the files git tracks. In a copy of the tree sent to another
# machine, whose .git is missing or not this tree's, make the list where the
# .git is (git ls-files > build-readme/tracked-files.txt) and send it along:
# when that file exists it is the list, and git is not asked.
set -uo pipefail
cd "$(dirname "$0")/.."
files_from=""
if [ -f build-readme/tracked-files.txt ]; then
  files_from="--files-from build-readme/tracked-files.txt"
fi
command="SHUFFLES_REQUIRE_GPU=1 python3 tests/readme_commands.py --label gpu --source . --work build-readme/work $files_from"
{ printf '# every README command block on the H200 (readme_commands_gpu)\n# command: %s\n# date: %s\n' \
    "$command" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '# GPU, driver: %s\n# nvcc: %s\n' "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" \
    "$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*')"
  printf '# source: shuffles.cu sha256 %s\n# source: README.md sha256 %s\n' \
    "$(sha256sum shuffles.cu | cut -c1-64)" "$(sha256sum README.md | cut -c1-64)"
  eval "$command" 2>&1
  echo "# exit code: $?"; } > evidence/h200-readme-commands.txt
rm -rf build-readme/work
if [ -n "${OUT:-}" ]; then cp evidence/h200-readme-commands.txt "$OUT"/; fi
tail -n 15 evidence/h200-readme-commands.txt
