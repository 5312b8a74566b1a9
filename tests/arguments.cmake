# arguments.cmake: the command line's contract, which needs no GPU.
#   Each bad argument exits 2 with a message and the usage on stderr, nothing
#   on stdout; --help and -h exit 0 with the usage on stdout. With
#   CUDA_VISIBLE_DEVICES empty (no GPU seen, on any machine) the program exits
#   3, with nothing on stdout and, on stderr, the emulator command to run instead.
#   -DSHUFFLES_BINARY=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SHUFFLES_BINARY)

set(failures "")
set(usage "usage: shuffles \\[--rows N\\]   \\(N from 1 to 1048576; 8205 when not given\\)\n")
function(expect_bad_arguments)
  shuffles_run(run ${ARGN})
  string(JOIN " " shown ${ARGN})
  if(NOT run_RC EQUAL 2 OR NOT run_OUT STREQUAL "" OR NOT run_ERR MATCHES "^shuffles: [^\n]+\n${usage}$")
    set(failures "${failures}\n  shuffles ${shown}: exit ${run_RC} (expected 2), stdout '${run_OUT}' (expected empty), stderr '${run_ERR}' (expected a message, then the usage)" PARENT_SCOPE)
  else()
    message("ok: shuffles ${shown} -> exit 2, stderr: ${run_ERR}")
  endif()
endfunction()

expect_bad_arguments(--rows 0)
expect_bad_arguments(--rows -1)
expect_bad_arguments(--rows abc)
expect_bad_arguments(--rows 1.5)
expect_bad_arguments(--rows 1048577)
expect_bad_arguments(--rows 99999999999999999999)
expect_bad_arguments(--rows)
expect_bad_arguments(--rows=12)
expect_bad_arguments(--bogus)
expect_bad_arguments(8205)
expect_bad_arguments(--rows 5 --rows 6)
foreach(flag --help -h)
  shuffles_run(help ${flag})
  if(NOT help_RC EQUAL 0 OR NOT help_OUT MATCHES "^${usage}$" OR NOT help_ERR STREQUAL "")
    set(failures "${failures}\n  shuffles ${flag}: exit ${help_RC}, stdout '${help_OUT}', stderr '${help_ERR}'")
  endif()
endforeach()

# Through cmake -E env: set(ENV{CUDA_VISIBLE_DEVICES} "") would unset the
# variable, leaving every GPU visible.
execute_process(COMMAND ${CMAKE_COMMAND} -E env CUDA_VISIBLE_DEVICES= ${SHUFFLES_BINARY}
                RESULT_VARIABLE run_RC OUTPUT_VARIABLE run_OUT ERROR_VARIABLE run_ERR)
if(NOT run_RC EQUAL 3 OR NOT run_OUT STREQUAL "" OR NOT run_ERR MATCHES "\nno usable CUDA device: [^\n]+\n[^\n]+\n  emulator/emulate shuffles\\.cu\n$")
  set(failures "${failures}\n  with no GPU seen: exit ${run_RC} (expected 3), stdout '${run_OUT}' (expected empty), stderr '${run_ERR}' (expected the emulator command)")
else()
  message("ok: with CUDA_VISIBLE_DEVICES empty, exit 3 and stderr:\n${run_ERR}")
endif()

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
