# emulator_answers.cmake: the emulator answers as the H200 did. Runs
# emulator/tests/gpu_answers.cu on the emulator and compares its output, line
# by line, with evidence/gpu-answers-h200.txt (tools/capture-h200-evidence.sh):
# the CUDA error of every launch configuration, and the results of the
# collectives at the PTX ISA's edges (operands of 32 and more, exited lanes).
# The device line may differ, and the lines gpu_answers.cu says the emulator
# answers otherwise on purpose ("memcheck:", "after cudaDeviceReset:"), which
# are shown but not compared. On the emulator the program exits 66: its
# __syncthreads_count() kernel lets threads 40-63 exit before the barrier, and
# its memcheck line writes past an allocation, both on purpose, and those must
# be its only findings.
#   -DEMULATE=... -DPROGRAM=.../gpu_answers.cu -DEVIDENCE=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATE PROGRAM EVIDENCE WORK_DIR)

file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${EMULATE}" --keep "${WORK_DIR}" "${PROGRAM}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(STRINGS "${EVIDENCE}" expected REGEX "^[^#]")
string(REGEX REPLACE "\n$" "" out_trimmed "${out}")
string(REPLACE "\n" ";" got "${out_trimmed}")
set(not_compared "^(device |memcheck: |after cudaDeviceReset: )")
set(shown "${got}")
list(FILTER shown INCLUDE REGEX "${not_compared}")
list(FILTER expected EXCLUDE REGEX "${not_compared}")
list(FILTER got EXCLUDE REGEX "${not_compared}")
set(problems "")
list(LENGTH expected expected_count)
list(LENGTH got got_count)
if(NOT expected_count EQUAL got_count)
  string(APPEND problems "\n  ${got_count} lines of answers, the H200 gave ${expected_count}")
endif()
math(EXPR last "${expected_count} - 1")
foreach(i RANGE ${last})
  list(GET expected ${i} want)
  if(i LESS got_count)
    list(GET got ${i} have)
  else()
    set(have "(missing)")
  endif()
  if(NOT have STREQUAL want)
    string(APPEND problems "\n  the H200: ${want}\n  emulated: ${have}")
  endif()
endforeach()
if(NOT rc EQUAL 66)
  string(APPEND problems "\n  exit ${rc}, expected 66 (the __syncthreads_count kernel's early exit, reported)")
endif()
if(NOT err MATCHES "\nwarp emulator: 2 finding\\(s\\) in [0-9]+ launch\\(es\\): 1 broken rule\\(s\\), 0 undefined read\\(s\\), 1 invalid access\\(es\\), 0 uninitialised read\\(s\\), 0 race\\(s\\)\n"
   OR NOT err MATCHES "RULE BROKEN: kernel syncthreadsCount, block \\(0,0,0\\): threads 40-63 exited without reaching the barrier"
   OR NOT err MATCHES "INVALID ACCESS: kernel writeAt, block \\(0,0,0\\), thread \\(0,0,0\\): invalid write of 4 bytes")
  string(APPEND problems "\n  expected exactly two findings: syncthreadsCount's threads 40-63 exiting before the barrier, and writeAt's write past the end")
endif()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "the emulator does not answer as the H200 did:${problems}\n--- stderr ---\n${err}")
endif()
string(REPLACE ";" "\n  " shown "${shown}")
message("the emulator gave the H200's ${expected_count} answers (evidence/gpu-answers-h200.txt)\n${out}\n"
        "not compared, the emulator's own:\n  ${shown}")
