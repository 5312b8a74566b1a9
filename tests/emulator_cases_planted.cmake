# emulator_cases_planted.cmake: proof that the regression cases can fail.
# First the case runner: a case whose expected stderr lost a line, or whose
# expected exit code is wrong, must fail. Then the emulator: in a copy of it,
# each rule is broken in turn, and the case that holds the emulator to that
# rule must fail against the copy.
#   -DEMULATOR_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATOR_DIR WORK_DIR)
file(REMOVE_RECURSE "${WORK_DIR}")
set(cases "${EMULATOR_DIR}/tests")
set(failures "")

# expect_failure(label case emulate_dir cases_dir): the case must FAIL, by a
# wrong exit code or output, and not because the planted copy no longer
# builds (that would prove nothing about the check).
function(expect_failure label case emulate_dir cases_dir)
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DCASE=${cases_dir}/${case}.cu" "-DEMULATE=${emulate_dir}/emulate"
                          "-DWORK_DIR=${WORK_DIR}/run-${label}" -P "${EMULATOR_DIR}/tests/run_case.cmake"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCH "[^\n]*(exit [0-9]+, expected [0-9]+|differs from [^\n]+)" why "${err}")
  if(rc EQUAL 0)
    set(failures "${failures}\n  ${label}: ${case} passed, and must fail\n${out}${err}" PARENT_SCOPE)
  elseif(NOT EXISTS "${WORK_DIR}/run-${label}/build/bin/${case}" OR why STREQUAL "")  # run_case's emulate --keep
    set(failures "${failures}\n  ${label}: ${case} failed, but not by its exit code or output (a build error?)\n${out}${err}"
        PARENT_SCOPE)
  else()
    message("ok: ${label}: ${case} failed as it must (${why})")
  endif()
endfunction()

# The runner: a copy of own_bit_broken with a wrong expectation.
set(copy "${WORK_DIR}/cases")
file(MAKE_DIRECTORY "${copy}")
file(COPY "${cases}/case.cuh" "${cases}/own_bit_broken.cu" "${cases}/own_bit_broken.stdout.exp" DESTINATION "${copy}")
file(STRINGS "${cases}/own_bit_broken.stderr.exp" lines)
list(FILTER lines EXCLUDE REGEX "RULE BROKEN")
string(JOIN "\n" shortened ${lines})
file(WRITE "${copy}/own_bit_broken.stderr.exp" "${shortened}\n")
expect_failure(stderr_line_lost own_bit_broken "${EMULATOR_DIR}" "${copy}")
file(COPY "${cases}/own_bit_broken.stderr.exp" DESTINATION "${copy}")
file(READ "${cases}/own_bit_broken.cu" text)
shuffles_plant(wrong_exit_code "${text}" "// expect-exit: 66" "// expect-exit: 0" own_bit_broken.cu text)
file(WRITE "${copy}/own_bit_broken.cu" "${text}")
expect_failure(wrong_exit_code own_bit_broken "${EMULATOR_DIR}" "${copy}")

# The emulator: plant(name file find replace case) breaks `file` of a copy.
function(plant name file find replace case)
  set(planted "${WORK_DIR}/emulator-${name}")
  file(COPY "${EMULATOR_DIR}/" DESTINATION "${planted}" PATTERN "tests" EXCLUDE)
  file(READ "${planted}/warp_emulator/${file}" text)
  shuffles_plant(${name} "${text}" "${find}" "${replace}" "warp_emulator/${file}" text)
  file(WRITE "${planted}/warp_emulator/${file}" "${text}")
  expect_failure(${name} ${case} "${planted}" "${cases}")
  set(failures "${failures}" PARENT_SCOPE)
endfunction()
# This check's own check: a plant that breaks the build must not count as caught.
set(before "${failures}")
plant(does_not_build warp_collectives.hpp "if (uncalled != 0) {" "if (uncalled != 0 {" own_bit_broken)
if(failures STREQUAL before)
  string(APPEND failures "\n  does_not_build: a planted emulator that does not build was counted as a caught mistake")
else()
  message("ok: does_not_build: a planted emulator that does not build is not counted as caught")
  set(failures "${before}")
endif()
plant(own_bit_not_checked warp_collectives.hpp "if (uncalled != 0) {" "if (false) {" own_bit_broken)
plant(lanes_that_left_not_checked warp_collectives.hpp "    reportLanesThatLeft(warp, group, request);\n" "" mask_mismatch_broken)
plant(exited_count_as_arrived block_barrier.hpp "thread.state == State::Exited && thread.barriersPassed" "false && thread.barriersPassed"
      barrier_warp_skips_broken)
plant(no_other_order launch.hpp
      "runGrid(LaneOrder::Random, Settings::get().seed ^ (0x5DEECE66Dull * static_cast<std::uint64_t>(run)), true, true);"
      "runGrid(Settings::get().laneOrder, Settings::get().seed, false, false);"
      race_left_neighbour_broken)
plant(warps_never_run_ahead scheduler.hpp "if (eager && thread.state == State::Waiting) {" "if (false) {"
      race_syncwarp_across_warps_broken)
plant(match_all_gives_the_mask warp_collectives.hpp "(mine.allMatched ? named : 0u)" "(mine.allMatched ? request.mask : 0u)"
      early_exit_legal)
plant(reads_of_absent_lanes_allowed warp_collectives.hpp "if (((named >> source) & 1u) == 0) {" "if (false) {"
      early_exit_read_broken)

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "a planted mistake went unnoticed:${failures}")
endif()
