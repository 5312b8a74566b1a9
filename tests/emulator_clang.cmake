# emulator_clang.cmake: the emulator works with clang++ as well as g++, as the
# README says. Builds tests/emulator_rules.cpp and shuffles.cu with clang++
# (warnings as errors), runs the rules, then holds the clang-built report to
# everything emulated_report.cmake checks. A missing clang++ is Skipped on a
# learner's machine and Failed under CI=true (.ci/run installs it).
#   -DCLANG=<clang++ or empty> -DEMULATOR_DIR=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATOR_DIR SOURCE_DIR WORK_DIR)
if(NOT CLANG OR NOT EXISTS "${CLANG}")
  shuffles_skip_without_tool(clang++ "apt-get install clang")
endif()

file(MAKE_DIRECTORY "${WORK_DIR}")
foreach(program emulator_rules shuffles)
  if(program STREQUAL "shuffles")
    set(source "${SOURCE_DIR}/shuffles.cu")
  else()
    set(source "${SOURCE_DIR}/tests/${program}.cpp")
  endif()
  execute_process(COMMAND "${CLANG}" -std=c++17 -O2 -Wall -Wextra -Werror -x c++ "-I${EMULATOR_DIR}"
                          -o "${WORK_DIR}/${program}" "${source}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "clang++ failed to build ${source}:\n${err}")
  endif()
endforeach()

execute_process(COMMAND "${WORK_DIR}/emulator_rules" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "emulator_rules built with clang++ failed:\n${out}${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" "-DSHUFFLES_BINARY=${WORK_DIR}/shuffles"
                        "-DTRANSCRIPT=${SOURCE_DIR}/evidence/t4-transcript.txt" "-DWORK_DIR=${WORK_DIR}/report"
                        -P "${CMAKE_CURRENT_LIST_DIR}/emulated_report.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the clang++-built emulated report failed emulated_report.cmake:\n${out}${err}")
endif()
execute_process(COMMAND "${CLANG}" --version OUTPUT_VARIABLE version)
string(REGEX REPLACE "\n.*" "" version "${version}")
message("with ${version}: emulator_rules passed, and the emulated report passed every check of emulated_report.cmake")
