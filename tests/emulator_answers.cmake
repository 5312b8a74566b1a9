# emulator_answers.cmake: the emulator answers as the H200 did. Runs
# emulator/tests/gpu_answers.cu on the emulator and compares its output, line
# by line, with evidence/gpu-answers-h200.txt (tools/capture-gpu-answers.sh):
# the CUDA error of every launch configuration, and the results of the
# collectives at the PTX ISA's edges (operands of 32 and more, exited lanes).
# Only the device line may differ. On the emulator the program exits 66: its
# __syncthreads_count() kernel lets threads 40-63 exit before the barrier, on
# purpose, which the emulator reports (block_barrier.hpp); that finding must be
# the only one.
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
list(FILTER expected EXCLUDE REGEX "^device ")
list(FILTER got EXCLUDE REGEX "^device ")
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
string(REGEX MATCHALL "RULE BROKEN: " breaks "${err}")
list(LENGTH breaks break_count)
if(NOT break_count EQUAL 1 OR NOT err MATCHES "RULE BROKEN: kernel syncthreadsCount, block \\(0,0,0\\): threads 40-63 exited without reaching the barrier")
  string(APPEND problems "\n  expected exactly one finding, syncthreadsCount's threads 40-63 exiting before the barrier")
endif()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "the emulator does not answer as the H200 did:${problems}\n--- stderr ---\n${err}")
endif()
message("the emulator gave the H200's ${expected_count} answers (evidence/gpu-answers-h200.txt)\n${out}")
