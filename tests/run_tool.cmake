# run_tool.cmake: runs TOOL with ARGS (a '|'-separated list) and passes its
# verdict through: exit 0 passes, anything else fails, and a line starting with
# SHUFFLES_SKIPPED in its output marks the test Skipped. A TOOL that was not
# found is Skipped on a learner's machine and Failed under CI=true.
#   -DTOOL=<path or empty> -DTOOL_NAME=... -DARGS=a|b|c [-DHINT=...]
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(TOOL_NAME ARGS)
if(NOT TOOL OR NOT EXISTS "${TOOL}")
  shuffles_skip_without_tool(${TOOL_NAME} "${HINT}")
endif()
string(REPLACE "|" ";" arguments "${ARGS}")
execute_process(COMMAND "${TOOL}" ${arguments} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TOOL_NAME} exited ${rc}")
endif()
