# check_exercise_output.cmake: what the check-exercise target prints, as a
# learner reads it. With a GPU it names the GPU harness; with none it gives the
# runtime's reason on one line, then runs the emulated harness. Both must pass
# with the shipped solution.
#   -DGPU_HARNESS=<exercise> -DEMULATED_HARNESS=<exercise_emulated>
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(GPU_HARNESS EMULATED_HARNESS)

execute_process(COMMAND "${CMAKE_COMMAND}" -DGPU_HARNESS=${GPU_HARNESS} -DEMULATED_HARNESS=${EMULATED_HARNESS}
                        -P "${CMAKE_CURRENT_LIST_DIR}/check_exercise.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(printed "${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check-exercise exited ${rc} with the shipped solution:\n${printed}")
endif()
if(printed MATCHES "check-exercise: no usable GPU \\(([^\n]*)\\),\n")
  if(CMAKE_MATCH_1 STREQUAL "")
    message(FATAL_ERROR "check-exercise gave no reason for 'no usable GPU':\n${printed}")
  endif()
  message("ok: no GPU, reason on one line: ${CMAKE_MATCH_1}")
elseif(printed MATCHES "check-exercise: ran the GPU harness")
  message("ok: ran the GPU harness")
else()
  message(FATAL_ERROR "check-exercise said neither that it ran the GPU harness nor why not, on one line:\n${printed}")
endif()
if(NOT printed MATCHES "check-exercise: (the emulated|the GPU) harness passed")
  message(FATAL_ERROR "check-exercise did not say which harness passed:\n${printed}")
endif()
