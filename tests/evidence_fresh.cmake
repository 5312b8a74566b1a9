# evidence_fresh.cmake: every evidence/h200-* file must name the sha256 of the
# shuffles.cu it describes; a file that names another is stale and must be
# captured again (see evidence/README.md). No GPU needed.
#   -DSOURCE=.../shuffles.cu -DEVIDENCE_DIR=.../evidence
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SOURCE EVIDENCE_DIR)

file(SHA256 "${SOURCE}" sha)
file(GLOB evidence_files "${EVIDENCE_DIR}/h200-*")
if(NOT evidence_files)
  message(FATAL_ERROR "no evidence/h200-* files: the H200 evidence has not been captured")
endif()
set(stale "")
foreach(path IN LISTS evidence_files)
  file(READ "${path}" text)
  string(FIND "${text}" "${sha}" at)
  get_filename_component(name "${path}" NAME)
  if(at EQUAL -1)
    string(APPEND stale "\n  ${name}")
  else()
    message("fresh: ${name} names shuffles.cu ${sha}")
  endif()
endforeach()
if(NOT stale STREQUAL "")
  message(FATAL_ERROR "these evidence files do not name the current shuffles.cu (sha256 ${sha}); capture them again:${stale}")
endif()
