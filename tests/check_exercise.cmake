# check_exercise.cmake: what `cmake --build build --target check-exercise`
# runs, after that target has built both harnesses from the current sources
# (so it never runs a stale one). It runs the GPU harness where a GPU is
# usable, and the CPU warp emulator's where none is, says which it ran, and
# fails the build when the harness fails.
#   -DGPU_HARNESS=<exercise> -DEMULATED_HARNESS=<exercise_emulated>
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(GPU_HARNESS EMULATED_HARNESS)

execute_process(COMMAND "${GPU_HARNESS}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 77)  # the harness's "no usable GPU"
  # gpu_gate.cuh's line "exercise: skipped, no usable GPU (<the runtime's reason>)"
  string(REGEX MATCH "no usable GPU \\(([^\n]*)\\)" found "${out}")
  message("check-exercise: no usable GPU (${CMAKE_MATCH_1}),\n"
          "so the harness runs on the CPU warp emulator (${EMULATED_HARNESS}),\n"
          "which also names any shuffle or vote of yours that reads a lane not taking part\n")
  execute_process(COMMAND "${EMULATED_HARNESS}" RESULT_VARIABLE rc)
  set(ran "the emulated harness")
else()
  message("check-exercise: ran the GPU harness (${GPU_HARNESS})\n${out}${err}")
  set(ran "the GPU harness")
  if(rc EQUAL 0)
    message("A GPU cannot show a shuffle that reads a lane not taking part; to check that too, run\n"
            "  ${EMULATED_HARNESS}\n(this target has just built it from the same sources)")
  endif()
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check-exercise: ${ran} exited ${rc}: your argmax is not done yet (see above)")
endif()
message("check-exercise: ${ran} passed")
