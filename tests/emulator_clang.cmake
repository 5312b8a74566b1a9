# emulator_clang.cmake: the emulator works with clang++ as well as g++, as the
# README says. Builds shuffles.cu with clang++ (warnings as errors) and holds
# its report to everything emulated_report.cmake checks, then runs a case of
# each kind (a mask rule, a barrier rule, a race, the floating-point state a
# fiber switch must keep) built by clang++. A missing clang++ is Skipped on a
# learner's machine and Failed under CI=true (.ci/run installs it).
#   -DCLANG=<clang++ or empty> -DEMULATOR_DIR=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATOR_DIR SOURCE_DIR WORK_DIR)
if(NOT CLANG OR NOT EXISTS "${CLANG}")
  shuffles_skip_without_tool(clang++ "apt-get install clang")
endif()

file(MAKE_DIRECTORY "${WORK_DIR}")
set(COMPILER "${CLANG}")
shuffles_build_emulated("shuffles.cu with clang++" "${EMULATOR_DIR}" "${WORK_DIR}/shuffles" "${SOURCE_DIR}/shuffles.cu"
                        -Wall -Wextra -Werror)
execute_process(COMMAND "${CMAKE_COMMAND}" "-DSHUFFLES_BINARY=${WORK_DIR}/shuffles"
                        "-DTRANSCRIPT=${SOURCE_DIR}/evidence/t4-transcript.txt" "-DWORK_DIR=${WORK_DIR}/report"
                        -P "${CMAKE_CURRENT_LIST_DIR}/emulated_report.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the clang++-built emulated report failed emulated_report.cmake:\n${out}${err}")
endif()
foreach(case missing_lanes_broken barrier_warp_skips_broken race_left_neighbour_broken floating_point_control_legal)
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DCASE=${EMULATOR_DIR}/tests/${case}.cu" "-DEMULATE=${EMULATOR_DIR}/emulate"
                          "-DCXX=${CLANG}" "-DWORK_DIR=${WORK_DIR}/${case}" -P "${EMULATOR_DIR}/tests/run_case.cmake"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the case ${case}, built by clang++, failed:\n${out}${err}")
  endif()
endforeach()
execute_process(COMMAND "${CLANG}" --version OUTPUT_VARIABLE version)
string(REGEX REPLACE "\n.*" "" version "${version}")
message("with ${version}: the emulated report passed every check of emulated_report.cmake, and four cases passed")
