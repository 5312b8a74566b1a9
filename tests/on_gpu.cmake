# on_gpu.cmake: runs a test that needs a GPU, after asking tests/gpu_probe.cu
# whether one is usable. With none, the test reports Skipped (never Passed),
# or Failed where SHUFFLES_REQUIRE_GPU is set to anything but 0.
#   cmake -DGPU_PROBE=<gpu_probe> -P on_gpu.cmake -- COMMAND [ARGUMENTS...]
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(GPU_PROBE)

set(command "")
set(after_separator FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(after_separator)
    list(APPEND command "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(after_separator TRUE)
  endif()
endforeach()
if(command STREQUAL "")
  message(FATAL_ERROR "usage: cmake -DGPU_PROBE=... -P on_gpu.cmake -- COMMAND [ARGUMENTS...]")
endif()

execute_process(COMMAND "${GPU_PROBE}" RESULT_VARIABLE rc OUTPUT_VARIABLE why ERROR_VARIABLE why)
if(NOT rc EQUAL 0)
  string(STRIP "${why}" why)
  shuffles_skip_without_gpu("${why}")
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit ${rc}")
endif()
