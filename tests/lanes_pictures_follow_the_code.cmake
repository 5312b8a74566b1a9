# lanes_pictures_follow_the_code: a picture is drawn from the run, so a change
# to the code changes it. The shuffle-down ladder of reduceRowsPadded moved
# inside `if (live)` (the mistake emulator_planted.cmake also plants) leaves
# lanes 20-31 out of the ladder, and the redrawn ladder must show undefined
# reads (elements of class "undefined-read") where the committed one shows none.
#   -DCOMPILER=<host C++ compiler> -DPYTHON=<python3> -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(COMPILER PYTHON SOURCE_DIR WORK_DIR)
shuffles_require_python()

set(ladder "padded-sum-ladder.svg")
# Counts the undefined reads drawn in an SVG file.
function(count_undefined_reads file out_var)
  file(READ "${file}" text)
  string(REGEX MATCHALL "class=\"undefined-read\"" found "${text}")
  list(LENGTH found count)
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()

count_undefined_reads("${SOURCE_DIR}/docs/lanes/${ladder}" committed)
if(NOT committed EQUAL 0)
  message(FATAL_ERROR "the committed docs/lanes/${ladder} already shows ${committed} undefined reads")
endif()

file(READ "${SOURCE_DIR}/shuffles.cu" source)
shuffles_write_planted(ladder_inside_branch "${source}"
                       "        sum += __shfl_down_sync(kFullMask, sum, offset);"
                       "        if (live) sum += __shfl_down_sync(kFullMask, sum, offset);"
                       shuffles.cu folder)
shuffles_build_emulated("the planted copy" "${SOURCE_DIR}/emulator" "${folder}/shuffles" "${folder}/shuffles.cu")
# The planted run breaks a rule, so the runtime answers cudaErrorWarpRuleBroken
# and the program exits 4 (as in emulator_planted); what matters here is its trace.
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "WARP_EMULATOR_TRACE=${folder}/trace.jsonl"
                        WARP_EMULATOR_TRACE_KERNELS=reduceRowsPadded "${folder}/shuffles"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
execute_process(COMMAND "${PYTHON}" "${SOURCE_DIR}/tools/lanes/draw_lanes.py" --out "${folder}/pictures"
                        "${folder}/trace.jsonl"
                RESULT_VARIABLE draw_rc OUTPUT_VARIABLE draw_out ERROR_VARIABLE draw_err)
if(NOT draw_rc EQUAL 0 OR NOT EXISTS "${folder}/pictures/${ladder}")
  message(FATAL_ERROR "drawing the planted run's trace failed (exit ${draw_rc}):\n${draw_out}${draw_err}\n"
                      "the planted run exited ${rc}:\n${out}${err}")
endif()
if(NOT rc EQUAL 4)
  message(FATAL_ERROR "the planted run exited ${rc}, where a broken rule makes it exit 4:\n${out}${err}")
endif()
count_undefined_reads("${folder}/pictures/${ladder}" planted)
if(planted EQUAL 0)
  message(FATAL_ERROR "with the ladder inside if (live), the redrawn ${ladder} shows no undefined read; "
                      "the picture does not follow the code")
endif()
message("ok: the committed ${ladder} shows ${committed} undefined reads; with the ladder inside if (live) "
        "the redrawn one shows ${planted} (${folder}/pictures/${ladder})")
