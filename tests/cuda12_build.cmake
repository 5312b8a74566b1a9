# cuda12_build.cmake: shuffles.cu builds with nvcc 12.6, the toolchain of the
# T4 transcript and of Compiler Explorer's pinned entry, for sm_75 with no
# warnings: proof that it uses nothing CUDA 13 added or CUDA 12 lacks.
#   -DNVCC12=<path to a CUDA 12 nvcc, or empty> -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SOURCE_DIR WORK_DIR)

if(NOT NVCC12 OR NOT EXISTS "${NVCC12}")
  # Not shuffles_skip_without_tool: that fails under CI=true, and CI cannot
  # install this one. PyPI's nvidia-cuda-nvcc-cu12 wheels (12.6.x) hold ptxas
  # but not the nvcc driver, cicc or cudafe++, and Debian ships no CUDA 12.6.
  # .ci/run checks the wheel each time and passes it here if that changes.
  message("SHUFFLES_SKIPPED: no CUDA 12 nvcc: configure with -DSHUFFLES_NVCC12=/path/to/cuda-12.6/bin/nvcc "
          "(a CUDA 12.6 toolkit; PyPI's nvidia-cuda-nvcc-cu12 wheel carries no nvcc driver)")
  return()
endif()

execute_process(COMMAND "${NVCC12}" --version OUTPUT_VARIABLE version)
if(NOT version MATCHES "release 12\\.")
  message(FATAL_ERROR "SHUFFLES_NVCC12 (${NVCC12}) is not a CUDA 12 nvcc:\n${version}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(COPY "${SOURCE_DIR}/shuffles.cu" DESTINATION "${WORK_DIR}")
execute_process(COMMAND "${NVCC12}" -std=c++17 -O3 -arch=sm_75 -Xcompiler=-Wall,-Wextra -o shuffles shuffles.cu
                WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "nvcc 12 build failed or warned (exit ${rc}):\n${out}${err}")
endif()
string(REGEX MATCH "release [0-9.]+, V[0-9.]+" release "${version}")
message("ok: built with nvcc ${release} for sm_75, no warnings")
