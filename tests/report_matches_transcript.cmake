# report_matches_transcript.cmake: runs shuffles and compares its stdout with
# the T4 transcript, byte for byte outside the three fields normalise_report.cmake
# masks. Prints a unified diff on a mismatch.
#   -DSHUFFLES_BINARY=... -DTRANSCRIPT=... -DWORK_DIR=...  [-DACTUAL_FILE=... to compare a saved report]
cmake_minimum_required(VERSION 3.20)  # list() keeps empty elements (blank report lines)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/normalise_report.cmake")
shuffles_require_variables(TRANSCRIPT WORK_DIR)

if(DEFINED ACTUAL_FILE)
  file(READ "${ACTUAL_FILE}" actual)
else()
  shuffles_require_variables(SHUFFLES_BINARY)
  shuffles_run(report)
  if(NOT report_RC EQUAL 0)
    message(FATAL_ERROR "shuffles exited ${report_RC}\nstdout:\n${report_OUT}\nstderr:\n${report_ERR}")
  endif()
  set(actual "${report_OUT}")
endif()

shuffles_read_transcript("${TRANSCRIPT}" expected)
shuffles_compare_reports("${expected}" "${actual}" "${WORK_DIR}" same)
if(NOT same)
  message(NOTICE "${same_DIFF}")
  message(FATAL_ERROR "the report differs from ${TRANSCRIPT} outside the fields allowed to differ (diff above)")
endif()
message("the report matches the T4 transcript (GPU line, registers and the faulty kernel's count masked)")
