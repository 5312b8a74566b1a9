# common.cmake: what every cmake -P test script shares.
#
# A script reports Skipped by printing a line that starts with SHUFFLES_SKIPPED
# (each such test has SKIP_REGULAR_EXPRESSION set to it) and stopping. Nothing
# else ever prints that word, so a failing test cannot pass for a skipped one.

# No usable GPU: Skipped, or Failed when SHUFFLES_REQUIRE_GPU is set (not 0).
# A macro, so its return() ends the calling script.
macro(shuffles_skip_without_gpu reason)
  if(NOT "$ENV{SHUFFLES_REQUIRE_GPU}" STREQUAL "" AND NOT "$ENV{SHUFFLES_REQUIRE_GPU}" STREQUAL "0")
    message(FATAL_ERROR "SHUFFLES_REQUIRE_GPU is set and there is no usable GPU: ${reason}")
  endif()
  message("SHUFFLES_SKIPPED: no usable GPU: ${reason}")
  return()
endmacro()

# A tool the test needs is missing: Skipped on a learner's machine, Failed
# under CI=true, because .ci/run installs every tool the tests use.
macro(shuffles_skip_without_tool tool hint)
  if("$ENV{CI}" STREQUAL "true")
    message(FATAL_ERROR "${tool} is missing, and under CI=true every tool must be there (.ci/run installs it): ${hint}")
  endif()
  message("SHUFFLES_SKIPPED: ${tool} not found: ${hint}")
  return()
endmacro()

# Runs the program with ARGS; sets <prefix>_RC, <prefix>_OUT, <prefix>_ERR.
# Exit code 3 is the program's documented "no usable CUDA device".
function(shuffles_run prefix)
  execute_process(COMMAND ${SHUFFLES_BINARY} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${prefix}_RC "${rc}" PARENT_SCOPE)
  set(${prefix}_OUT "${out}" PARENT_SCOPE)
  set(${prefix}_ERR "${err}" PARENT_SCOPE)
endfunction()

# Fails unless every named variable was passed with -D.
function(shuffles_require_variables)
  foreach(name IN LISTS ARGN)
    if(NOT DEFINED ${name})
      message(FATAL_ERROR "this script needs -D${name}=...")
    endif()
  endforeach()
endfunction()

# The number of the first line of `text` that contains `needle` (1-based):
# tests name source lines this way rather than hard-coding them. Fails, naming
# `what`, when `needle` is not there.
function(shuffles_line_of what text needle out_var)
  string(FIND "${text}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what} no longer contains '${needle}'; update this test")
  endif()
  string(SUBSTRING "${text}" 0 ${at} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines count)
  math(EXPR line "${count} + 1")
  set(${out_var} ${line} PARENT_SCOPE)
endfunction()

# A planted mistake in a test of its own (the suite's others are in
# tests/plants.py): sets out_var to `text` with `find` replaced by `replace`.
# Fails, naming the mistake, when `find` is no longer there: a plant that
# silently did not apply would leave the code unbroken and the test passing.
function(shuffles_plant name text find replace file_name out_var)
  string(FIND "${text}" "${find}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${file_name} no longer contains '${find}'; update the '${name}' mistake in this test")
  endif()
  string(REPLACE "${find}" "${replace}" planted "${text}")
  set(${out_var} "${planted}" PARENT_SCOPE)
endfunction()

# The renderer of tools/lanes/ and its tests need python3 (its standard library only).
macro(shuffles_require_python)
  if(NOT PYTHON OR NOT EXISTS "${PYTHON}")
    shuffles_skip_without_tool(python3 "install Python 3 (these scripts need its standard library only)")
  endif()
endmacro()
