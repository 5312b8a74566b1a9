# lanes_sum_matches_program: the number a picture shows is the number the
# program computes. lanes_row0_sum.cu runs reduceRowsPadded on the program's input
# with the emulator's trace on and prints sums[0]; lane 0's sum after the last
# shuffle-down step of that run's trace must be the same float, and the green
# cell of the committed ladder picture must show it (%.4g).
#   -DCOMPILER=<host C++ compiler> -DPYTHON=<python3> -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(COMPILER PYTHON SOURCE_DIR WORK_DIR)
shuffles_require_python()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
# reduceRowsBallotDown's undefined reads are findings on purpose; =log keeps the program's exit code.
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "WARP_EMULATOR_TRACE=${WORK_DIR}/trace.jsonl"
                        WARP_EMULATOR_TRACE_KERNELS=reduceRowsPadded WARP_EMULATOR_ON_FINDING=log
                        "CXX=${COMPILER}" "${PYTHON}" "${SOURCE_DIR}/emulator/emulate" "${SOURCE_DIR}/tests/lanes_row0_sum.cu"
                RESULT_VARIABLE rc OUTPUT_VARIABLE program_sum ERROR_VARIABLE err)
string(STRIP "${program_sum}" program_sum)
if(NOT rc EQUAL 0 OR program_sum STREQUAL "")
  message(FATAL_ERROR "row0_sum exited ${rc}:\n${program_sum}\n${err}")
endif()

set(ladder_sum "${SOURCE_DIR}/tools/lanes/ladder_sum.py")
execute_process(COMMAND "${PYTHON}" "${ladder_sum}" "${WORK_DIR}/trace.jsonl"
                RESULT_VARIABLE rc OUTPUT_VARIABLE trace_sum ERROR_VARIABLE err)
string(STRIP "${trace_sum}" trace_sum)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ladder_sum.py exited ${rc}:\n${trace_sum}${err}")
endif()
if(NOT trace_sum STREQUAL program_sum)
  message(FATAL_ERROR "the trace's lane 0 after the ladder holds ${trace_sum}, the program's sums[0] is ${program_sum}")
endif()

execute_process(COMMAND "${PYTHON}" "${ladder_sum}" --format %.4g "${WORK_DIR}/trace.jsonl"
                RESULT_VARIABLE rc OUTPUT_VARIABLE shown ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ladder_sum.py --format exited ${rc}:\n${shown}${err}")
endif()
file(READ "${SOURCE_DIR}/docs/lanes/padded-sum-ladder.svg" picture)
if(NOT picture MATCHES "class=\"cell-answer\"[^\n]*\n<text class=\"value\"[^>]*>([^<]*)</text>")
  message(FATAL_ERROR "docs/lanes/padded-sum-ladder.svg has no green answer cell")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL shown)
  message(FATAL_ERROR "docs/lanes/padded-sum-ladder.svg shows ${CMAKE_MATCH_1} in lane 0's answer cell, "
                      "the program's sums[0] is ${program_sum} (${shown}); redraw with tools/draw-lanes.sh")
endif()
message("ok: sums[0] = ${program_sum}, lane 0 after the ladder in the trace = ${trace_sum}, "
        "the ladder picture shows ${CMAKE_MATCH_1}")
