# emulator_clang.cmake: the emulator works with clang++ as well as g++, as the
# README says. emulator/emulate with CXX=clang++ builds its runtime library
# and the program with clang++ (warnings as errors); the report must pass
# every check of emulated_report.cmake, and a case of each kind (a mask rule,
# a barrier rule, a race, a bad access, the floating-point state a fiber
# switch must keep, a template kernel's __shared__ tiles, half precision's
# bits, which clang's vectoriser stores 16 bytes at a time) must give its
# expected output. A missing clang++ is
# Skipped on a learner's machine and Failed under CI=true (.ci/run installs it).
#   -DCLANG=<clang++ or empty> -DEMULATOR_DIR=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATOR_DIR SOURCE_DIR WORK_DIR)
if(NOT CLANG OR NOT EXISTS "${CLANG}")
  shuffles_skip_without_tool(clang++ "apt-get install clang")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
set(ENV{CXX} "${CLANG}")
set(ENV{WARP_EMULATOR_CACHE} "${WORK_DIR}/cache")  # its own runtime library, built by clang++
unset(ENV{WARP_EMULATOR_LIBRARY})
# emulate_keep(<source>): builds <source> with clang++ into WORK_DIR/<name>/bin/<name>.
function(emulate_keep source)
  get_filename_component(name "${source}" NAME_WE)
  execute_process(COMMAND "${EMULATOR_DIR}/emulate" --keep "${WORK_DIR}/${name}" -Wall -Wextra -Werror "${source}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT EXISTS "${WORK_DIR}/${name}/bin/${name}")
    message(FATAL_ERROR "emulate with clang++ did not build ${source}:\n${out}${err}")
  endif()
endfunction()

emulate_keep("${SOURCE_DIR}/shuffles.cu")
execute_process(COMMAND "${CMAKE_COMMAND}" "-DSHUFFLES_BINARY=${WORK_DIR}/shuffles/bin/shuffles"
                        "-DTRANSCRIPT=${SOURCE_DIR}/evidence/t4-transcript.txt" "-DWORK_DIR=${WORK_DIR}/report"
                        -P "${CMAKE_CURRENT_LIST_DIR}/emulated_report.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the clang++-built emulated report failed emulated_report.cmake:\n${out}${err}")
endif()
set(cases missing_lanes_broken barrier_warp_skips_broken race_float_tile_broken oob_global_write_broken
          floating_point_control_legal template_shared_legal template_shared_broken half_precision_legal)
foreach(case IN LISTS cases)
  emulate_keep("${EMULATOR_DIR}/tests/${case}.cu")
  execute_process(COMMAND python3 "${EMULATOR_DIR}/tests/run_case.py" "${WORK_DIR}/${case}/bin/${case}"
                          "${EMULATOR_DIR}/tests/${case}.cu"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the case ${case}, built by clang++, failed:\n${out}${err}")
  endif()
endforeach()
execute_process(COMMAND "${CLANG}" --version OUTPUT_VARIABLE version)
string(REGEX REPLACE "\n.*" "" version "${version}")
list(LENGTH cases count)
message("with ${version}: the emulated report passed every check of emulated_report.cmake, and ${count} cases passed")
