# standalone_build.cmake: shuffles.cu, copied alone into an empty folder,
# builds with the README's one-line nvcc command, for sm_75 and sm_90, with
# host and device warnings as errors. The command is read from the README, so
# the README and this test cannot drift apart. No GPU needed.
#   -DNVCC=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(NVCC SOURCE_DIR WORK_DIR)

file(STRINGS "${SOURCE_DIR}/README.md" one_liners REGEX "^ *nvcc -std=c\\+\\+17 -O3 -arch=sm_75 -o shuffles shuffles\\.cu *$")
list(LENGTH one_liners count)
if(NOT count GREATER 0)
  message(FATAL_ERROR "README.md has no line 'nvcc -std=c++17 -O3 -arch=sm_75 -o shuffles shuffles.cu'")
endif()
list(GET one_liners 0 one_liner)
string(STRIP "${one_liner}" one_liner)

foreach(arch sm_75 sm_90)
  string(REPLACE "-arch=sm_75" "-arch=${arch}" command "${one_liner}")
  separate_arguments(arguments UNIX_COMMAND "${command}")
  list(REMOVE_AT arguments 0)  # "nvcc": use the configured compiler
  set(folder "${WORK_DIR}/${arch}")
  file(REMOVE_RECURSE "${folder}")
  file(MAKE_DIRECTORY "${folder}")
  file(COPY "${SOURCE_DIR}/shuffles.cu" DESTINATION "${folder}")
  execute_process(COMMAND "${NVCC}" ${arguments} -Xcompiler=-Wall,-Wextra,-Werror -Werror=all-warnings
                  WORKING_DIRECTORY "${folder}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT EXISTS "${folder}/shuffles")
    message(FATAL_ERROR "'${command}' (warnings as errors) in a folder holding only shuffles.cu failed (exit ${rc}):\n${out}${err}")
  endif()
  message("ok: ${command} -Xcompiler=-Wall,-Wextra,-Werror -Werror=all-warnings")
endforeach()
