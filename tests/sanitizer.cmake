# sanitizer.cmake: compute-sanitizer's TOOL (memcheck, racecheck, synccheck,
# initcheck) on the default run must report no error.
#
# What these tools cannot see: reduceRowsBallotDown's undefined read. Lane 4
# reading lane 20 breaks no memory, barrier or initialisation rule; on the
# H200 all four reported nothing for it (evidence/h200-ctest.txt). A clean
# run here proves the absence of those errors, not that the masks are right.
#   -DSHUFFLES_BINARY=... -DSANITIZER=<path or empty> -DTOOL=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SHUFFLES_BINARY TOOL)
if(NOT SANITIZER OR NOT EXISTS "${SANITIZER}")
  shuffles_skip_without_tool(compute-sanitizer "it ships with the CUDA Toolkit")
endif()

execute_process(COMMAND "${SANITIZER}" --tool ${TOOL} --error-exitcode 86 "${SHUFFLES_BINARY}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "every gated kernel matched the CPU reference")
  message(FATAL_ERROR "compute-sanitizer --tool ${TOOL} exited ${rc} (86 means it found errors):\n${out}\n${err}")
endif()
string(REGEX MATCH "=+ [A-Z ]*SUMMARY[^\n]*" summary "${out}\n${err}")
message("ok: compute-sanitizer --tool ${TOOL}: exit 0. ${summary}")
