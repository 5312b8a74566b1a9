#!/usr/bin/env bash
# Captures evidence/race-check-comparison.txt: the emulator's race check by
# happens-before (today's) against the order-differential check it replaced
# (each launch run again in other thread orders, memory compared), which the
# header-only emulator of commit 8455a86 had. Every regression case of
# emulator/tests/ is built against both; a case the old emulator cannot build
# (it lacks an API call) says so. The question the file answers: does the old
# check find anything that happens-before misses? No GPU needed; git, g++ and
# a configured build (for today's case programs) are.
#   tools/compare-race-checks.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
# The clock on long launches (emulator/runtime/reporting/progress.hpp) never shows in what is captured.
export WARP_EMULATOR_PROGRESS=0
build=${1:?usage: tools/compare-race-checks.sh BUILD_DIR (a cmake build of this tree)}
old_commit=8455a86
work=$(mktemp -d)
trap 'git worktree remove --force "$work/old" > /dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/old" "$old_commit" > /dev/null 2>&1

verdict() {  # exit status -> what it means
  case $1 in 0) echo "silent";; 66) echo "finding";; 70) echo "stopped (70)";; 1) echo "error (1)";; *) echo "exit $1";; esac
}
{
  printf '# the race check by happens-before (today) against the order-differential check of commit %s\n' "$old_commit"
  printf '# command: tools/compare-race-checks.sh %s\n' "$build"
  printf '# date: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '# machine: %s, %s cores; compiler: %s\n' "$(uname -m)" "$(nproc)" "$(g++ --version | head -1)"
  printf '# code digest %s of emulator/runtime emulator/include emulator/tests/*.cu emulator/tests/case.cuh\n' \
    "$(python3 tools/code_digest.py emulator/runtime emulator/include emulator/tests/*.cu emulator/tests/case.cuh)"
  printf '# old: OLD/emulator/emulate --keep DIR CASE.cu, then DIR/bin/NAME with its first // run: line'"'"'s settings; new: the build'"'"'s emulator_case_NAME\n'
  printf '%-40s %-22s %s\n' case old new
  for source in emulator/tests/*_broken.cu emulator/tests/*_legal.cu emulator/tests/*_unseen.cu; do
    name=$(basename "$source" .cu)
    settings=$(grep -m1 '^// run:' "$source" | sed 's|^// run:||' || true)
    if timeout 300 "$work/old/emulator/emulate" --keep "$work/$name" "$source" > /dev/null 2>&1 \
       || [ -x "$work/$name/bin/$name" ]; then
      set +e; (cd emulator/tests && env $settings timeout 120 "$work/$name/bin/$name" > /dev/null 2>&1); old=$?; set -e
      old=$(verdict $old)
    else
      old="does not build"
    fi
    set +e; (cd emulator/tests && env $settings timeout 120 "$build/emulator/emulator_case_$name" > /dev/null 2>&1); new=$?; set -e
    printf '%-40s %-22s %s\n' "$name" "$old" "$(verdict $new)"
  done
} > "$work/table.txt"
{
  cat "$work/table.txt"
  echo "# broken cases the old check flagged and today's does not:"
  awk '!/^#/ && $1 ~ /_broken$/ && $2 == "finding" && $NF == "silent"' "$work/table.txt" | sed 's/^/#   /'
  echo "# legal cases the old check flagged (false alarms):"
  awk '!/^#/ && $1 ~ /_legal$/ && $2 == "finding"' "$work/table.txt" | sed 's/^/#   /'
  echo "# legal cases today's check flags:"
  awk '!/^#/ && $1 ~ /_legal$/ && $NF == "finding"' "$work/table.txt" | sed 's/^/#   /'
  echo "# cases that show what today's emulator cannot see (_unseen), and the old check's verdict on them:"
  awk '!/^#/ && $1 ~ /_unseen$/' "$work/table.txt" | sed 's/^/#   /'
} > evidence/race-check-comparison.txt
tail -8 evidence/race-check-comparison.txt
