# evidence_fresh.cmake: every evidence/h200-* file must name the sha256 of the
# shuffles.cu it describes; evidence/h200-bench* also those of the bench's own
# sources, and every evidence/emulator-* file that of the emulator's headers
# (warp_emulator.hpp and warp_emulator/*.hpp, in byte order of their paths, as
# tools/capture-emulator-evidence.sh hashes them). evidence/gpu-answers-h200.txt
# names that of emulator/tests/gpu_answers.cu, and evidence/emulator-example.txt
# that of emulator/examples/half_warp_sum_broken.cu.
# A file that names another is stale and must be captured again (see
# evidence/README.md). No GPU needed.
#   -DSOURCE=.../shuffles.cu -DEMULATOR_DIR=.../emulator
#   -DBENCH_SOURCES=a|b -DEVIDENCE_DIR=.../evidence
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SOURCE EMULATOR_DIR BENCH_SOURCES EVIDENCE_DIR)

file(SHA256 "${SOURCE}" sha)
file(GLOB emulator_parts RELATIVE "${EMULATOR_DIR}" "${EMULATOR_DIR}/warp_emulator/*.hpp")
list(SORT emulator_parts)
set(emulator_text "")
foreach(part warp_emulator.hpp ${emulator_parts})
  file(READ "${EMULATOR_DIR}/${part}" text)
  string(APPEND emulator_text "${text}")
endforeach()
string(SHA256 emulator_sha "${emulator_text}")
file(SHA256 "${EMULATOR_DIR}/tests/gpu_answers.cu" answers_sha)
file(SHA256 "${EMULATOR_DIR}/examples/half_warp_sum_broken.cu" example_sha)
string(REPLACE "|" ";" BENCH_SOURCES "${BENCH_SOURCES}")
set(bench_shas "")
foreach(path IN LISTS BENCH_SOURCES)
  file(SHA256 "${path}" bench_sha)
  list(APPEND bench_shas "${bench_sha}")
endforeach()
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
check("h200-bench*" "${sha}" ${bench_shas})
check("emulator-*" "${sha}" "${emulator_sha}")
check("gpu-answers-*" "${answers_sha}")
check("emulator-example*" "${example_sha}")
if(NOT stale STREQUAL "")
  message(FATAL_ERROR "these evidence files do not name the sha256 of the current sources; capture them again:${stale}")
endif()
