# arguments.cmake: the command line's contract, for the tests that need no GPU.
#   MODE=bad_arguments  each bad argument exits 2 with a message and the usage
#                       on stderr and nothing on stdout; --help exits 0 with the
#                       usage on stdout.
#   MODE=no_device      with CUDA_VISIBLE_DEVICES empty, exits 3 with nothing
#                       on stdout, and on stderr what stands in the way (no
#                       driver, a driver older than the build, or a driver that
#                       sees no GPU, then naming CUDA_VISIBLE_DEVICES) and the
#                       command that runs the file on the CPU warp emulator.
#   MODE=rows_too_large (GPU) a --rows the device's memory cannot hold exits 2,
#                       and the message gives the device memory it needs.
#   MODE=rows_too_large_for_host  (the emulated build, no GPU) a --rows the
#                       host cannot hold exits 2, and the message gives the host
#                       memory it needs: 584 bytes a row there (292 on the
#                       host, and the emulator's device memory is host memory).
#   -DSHUFFLES_BINARY=... -DMODE=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SHUFFLES_BINARY MODE)

set(failures "")
# expect_bad_arguments(args...), or with MESSAGE <regex> the message line must match it.
function(expect_bad_arguments)
  cmake_parse_arguments(arg "" "MESSAGE" "" ${ARGN})
  set(ARGN ${arg_UNPARSED_ARGUMENTS})
  shuffles_run(run ${ARGN})
  string(JOIN " " shown ${ARGN})
  if(NOT run_RC EQUAL 2)
    set(problem "exit ${run_RC}, expected 2")
  elseif(NOT run_OUT STREQUAL "")
    set(problem "stdout not empty: ${run_OUT}")
  elseif(NOT run_ERR MATCHES "^shuffles: [^\n]+\nusage: shuffles")
    set(problem "stderr lacks a message followed by the usage: ${run_ERR}")
  elseif(DEFINED arg_MESSAGE AND NOT run_ERR MATCHES "^shuffles: [^\n]*${arg_MESSAGE}")
    set(problem "the message does not match '${arg_MESSAGE}': ${run_ERR}")
  else()
    message("ok: shuffles ${shown} -> exit 2, stderr: ${run_ERR}")
    return()
  endif()
  set(failures "${failures}\n  shuffles ${shown}: ${problem}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "bad_arguments")
  expect_bad_arguments(--rows 0)
  expect_bad_arguments(--rows -1)
  expect_bad_arguments(--rows abc)
  expect_bad_arguments(--rows 1.5)
  expect_bad_arguments(--rows 99999999999999999999)
  expect_bad_arguments(--rows)
  expect_bad_arguments(--rows=)
  expect_bad_arguments(--rows=-3)
  expect_bad_arguments(--rows=12abc)
  expect_bad_arguments(--bogus)
  expect_bad_arguments(8205)
  foreach(flag --help -h)
    shuffles_run(help ${flag})
    if(NOT help_RC EQUAL 0 OR NOT help_OUT MATCHES "^usage: shuffles \\[--rows N\\] \\[-h \\| --help\\]\n"
       OR NOT help_OUT MATCHES "\n  -h, --help  print this message\n" OR NOT help_ERR STREQUAL "")
      set(failures "${failures}\n  shuffles ${flag}: exit ${help_RC}, stdout '${help_OUT}', stderr '${help_ERR}'")
    endif()
  endforeach()
elseif(MODE STREQUAL "no_device")
  # Through cmake -E env: set(ENV{CUDA_VISIBLE_DEVICES} "") would unset the
  # variable, leaving every GPU visible.
  execute_process(COMMAND ${CMAKE_COMMAND} -E env CUDA_VISIBLE_DEVICES= ${SHUFFLES_BINARY}
                  RESULT_VARIABLE run_RC OUTPUT_VARIABLE run_OUT ERROR_VARIABLE run_ERR)
  set(emulator_command "g++ -std=c++17 -O2 -x c++ -I emulator -o shuffles-emulated shuffles.cu && ./shuffles-emulated")
  string(REGEX REPLACE "([.+])" "\\\\\\1" emulator_pattern "${emulator_command}")
  if(NOT run_RC EQUAL 3 OR NOT run_OUT STREQUAL "")
    set(failures "\n  exit ${run_RC} (expected 3), stdout '${run_OUT}' (expected empty), stderr '${run_ERR}'")
  elseif(NOT run_ERR MATCHES "\nno usable CUDA device: (no NVIDIA driver is installed|the NVIDIA driver supports CUDA [0-9]+\\.[0-9]+, older than the CUDA [0-9]+\\.[0-9]+|the NVIDIA driver sees no GPU, and CUDA_VISIBLE_DEVICES=''\n)")
    set(failures "\n  stderr does not say which of no driver, an old driver or a hidden GPU it is: '${run_ERR}'")
  elseif(NOT run_ERR MATCHES "\n  ${emulator_pattern}\n")
    set(failures "\n  stderr does not name the emulator command '${emulator_command}': '${run_ERR}'")
  else()
    message("ok: with CUDA_VISIBLE_DEVICES empty, exit 3 and stderr:\n${run_ERR}")
  endif()
elseif(MODE STREQUAL "rows_too_large")
  shuffles_require_gpu()
  # 2147483647 rows need about 584 GiB of device memory: more than any GPU has today.
  expect_bad_arguments(--rows 2147483647 MESSAGE "it needs 598016 MiB of device memory, and [^\n]+ has [0-9]+ MiB free")
elseif(MODE STREQUAL "rows_too_large_for_host")
  if(NOT EXISTS /proc/meminfo)
    message("SHUFFLES_SKIPPED: no /proc/meminfo here, so the program checks no host memory")
    return()
  endif()
  # 2147483647 rows x 584 bytes is 1196032 MiB, about 1.1 TiB: more than this
  # machine can give, and the check must say so before allocating any of it.
  expect_bad_arguments(--rows 2147483647
    MESSAGE "it needs 1196032 MiB of host memory, and [0-9]+ MiB are available \\((MemAvailable in /proc/meminfo|what the cgroup's memory[.a-z_]+ leaves)\\)\n")
else()
  message(FATAL_ERROR "unknown MODE ${MODE}")
endif()

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
