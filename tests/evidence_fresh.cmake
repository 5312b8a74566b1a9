# evidence_fresh.cmake: every evidence/h200-* file must name the sha256 of the
# shuffles.cu it describes, and every evidence/emulator-* file that of
# shuffles.cu and of emulator/warp_emulator.hpp; a file that names another is
# stale and must be captured again (see evidence/README.md). No GPU needed.
#   -DSOURCE=.../shuffles.cu -DEMULATOR_SOURCE=.../warp_emulator.hpp -DEVIDENCE_DIR=.../evidence
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SOURCE EMULATOR_SOURCE EVIDENCE_DIR)

file(SHA256 "${SOURCE}" sha)
file(SHA256 "${EMULATOR_SOURCE}" emulator_sha)
set(stale "")
# check(glob sha...): every file matching glob names every sha.
function(check glob)
  file(GLOB evidence_files "${EVIDENCE_DIR}/${glob}")
  if(NOT evidence_files)
    message(FATAL_ERROR "no evidence/${glob} files: that evidence has not been captured")
  endif()
  foreach(path IN LISTS evidence_files)
    file(READ "${path}" text)
    get_filename_component(name "${path}" NAME)
    set(fresh TRUE)
    foreach(wanted IN LISTS ARGN)
      string(FIND "${text}" "${wanted}" at)
      if(at EQUAL -1)
        set(fresh FALSE)
      endif()
    endforeach()
    if(fresh)
      message("fresh: ${name} names ${ARGN}")
    else()
      string(APPEND stale "\n  ${name} (needs ${ARGN})")
    endif()
  endforeach()
  set(stale "${stale}" PARENT_SCOPE)
endfunction()
check("h200-*" "${sha}")
check("emulator-*" "${sha}" "${emulator_sha}")
if(NOT stale STREQUAL "")
  message(FATAL_ERROR "these evidence files do not name the current sources (shuffles.cu ${sha}, "
                      "warp_emulator.hpp ${emulator_sha}); capture them again:${stale}")
endif()
