# exercise_planted.cmake: proof that the exercise harness catches the classic
# mistakes, and says what the report does not. Each mistake is planted in a
# copy of shuffles.cu, the harness is built against the copy with warnings as
# errors, and it must fail with the expected smallest failing row (row numbers
# of the tie case are named in reference.hpp's TieRow). Where the harness
# says what the report makes of a mistake, the copy's report is run too.
# On the GPU:       -DNVCC=... -DARCHITECTURES=75,90 -DSHUFFLES_BINARY=... (Skipped without a GPU)
# On the emulator:  -DCOMPILER=<host C++ compiler> -DEMULATOR_DIR=.../emulator (never needs a GPU)
# and both:         -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)  # list() keeps empty elements
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SOURCE_DIR WORK_DIR)

if(DEFINED EMULATOR_DIR)
  shuffles_require_variables(COMPILER)
  set(build_command "${COMPILER}" -std=c++17 -O2 -Wall -Wextra -Werror -x c++ "-I${EMULATOR_DIR}")
else()
  shuffles_require_variables(NVCC SHUFFLES_BINARY ARCHITECTURES)
  shuffles_require_gpu()
  string(REPLACE "," ";" ARCHITECTURES "${ARCHITECTURES}")
  set(build_command "${NVCC}" -std=c++17 -O3 -Xcompiler=-Wall,-Wextra,-Werror -Werror=all-warnings)
  foreach(arch IN LISTS ARCHITECTURES)
    string(REGEX REPLACE "-.*" "" arch "${arch}")  # 90-real -> 90
    list(APPEND build_command "--generate-code=arch=compute_${arch},code=[compute_${arch},sm_${arch}]")
  endforeach()
endif()
file(READ "${SOURCE_DIR}/shuffles.cu" source)

set(failures "")

# build_and_run(<folder> <program> <source> [flags...]): builds <source> into
# <folder>/<program> with warnings as errors and runs it; sets <program>_rc
# and <program>_out. The programs: exercise (the harness, against
# <folder>/shuffles.cu) and shuffles (that copy's own report).
function(build_and_run folder program source)
  execute_process(COMMAND ${build_command} ${ARGN} -o "${folder}/${program}" "${source}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building ${program} from ${source} for ${folder}/shuffles.cu (warnings as errors) failed:\n${err}")
  endif()
  execute_process(COMMAND "${folder}/${program}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${program}_rc "${rc}" PARENT_SCOPE)
  set(${program}_out "${out}" PARENT_SCOPE)
endfunction()
macro(run_harness folder)
  build_and_run("${folder}" exercise "${SOURCE_DIR}/tests/exercise.cu" "-DSHUFFLES_SOURCE=\"${folder}/shuffles.cu\"")
endmacro()
macro(run_report folder)
  build_and_run("${folder}" shuffles "${folder}/shuffles.cu")
endmacro()

# expect_report(<name> <exit code> <regex>): the copy's own report, built and
# run, must exit so and match the regex, as the harness says it does.
function(expect_report name expected_rc regex)
  run_report("${WORK_DIR}/${name}")
  if(NOT shuffles_rc EQUAL expected_rc OR NOT shuffles_out MATCHES "${regex}")
    set(failures "${failures}\n${name}: its report should exit ${expected_rc} and match '${regex}'; it exited ${shuffles_rc}:\n${shuffles_out}" PARENT_SCOPE)
  else()
    message("ok: ${name}: its report exits ${expected_rc}, as the harness says")
  endif()
endfunction()

# verdict(name problem): the mistake was caught when problem is empty.
macro(verdict name problem)
  if("${problem}" STREQUAL "")
    message("ok: ${name}: the harness failed as it must\n${exercise_out}")
  else()
    string(APPEND failures "\n${name}: ${problem}\n${exercise_out}")
  endif()
endmacro()

# plant(name find replace expected_case expected_row passing_case [expected_got])
function(plant name find replace expected_case expected_row passing_case)
  shuffles_write_planted(${name} "${source}" "${find}" "${replace}" shuffles.cu folder)
  run_harness("${folder}")
  set(problem "")
  if(NOT exercise_rc EQUAL 1)
    set(problem "exit ${exercise_rc}, expected 1")
  elseif(NOT exercise_out MATCHES "${expected_case}, argmax: [0-9]+ of [0-9]+ rows wrong\n  smallest failing row: ${expected_row}\n")
    set(problem "expected '${expected_case}' to fail with smallest failing row ${expected_row}")
  elseif(NOT passing_case STREQUAL "" AND NOT exercise_out MATCHES "${passing_case}, argmax: 0 of")
    set(problem "expected '${passing_case}' to pass")
  elseif(ARGC GREATER 6 AND NOT exercise_out MATCHES "smallest failing row: ${expected_row}\n  expected: [-0-9]+\n  got:      ${ARGV6}\n")
    set(problem "expected the smallest failing row to show got ${ARGV6}")
  endif()
  verdict(${name} "${problem}")
  set(failures "${failures}" PARENT_SCOPE)
  set(exercise_out "${exercise_out}" PARENT_SCOPE)
endfunction()

# The highest holding lane wins the tie: right on the standard case (no ties),
# wrong first at tie row 0 (kTieLanes0And19), where it answers 19. The harness
# says the report passes it; the report of the same copy must then exit 0.
set(highest "31 - __clz(static_cast<int>(holders))")
plant(highest_lane_wins "__ffs(static_cast<int>(holders)) - 1" "${highest}" "tie case" 0 "standard case")
if(NOT exercise_out MATCHES "FAILED on the tie case only: the report's rows have no ties, so ./shuffles passes")
  string(APPEND failures "\nhighest_lane_wins: the harness does not say the report passes this argmax")
endif()
# On the emulator a report whose gated kernels all match still exits 66:
# reduceRowsBallotDown's undefined reads are findings, on purpose.
if(DEFINED EMULATOR_DIR)
  set(report_passes 66)
else()
  set(report_passes 0)
endif()
expect_report(highest_lane_wins ${report_passes} "\nevery gated kernel matched the CPU reference\n$")
# __ffs is 1-based: without the - 1 every row is off by one, row 0 first.
plant(ffs_without_minus_one "__ffs(static_cast<int>(holders)) - 1" "__ffs(static_cast<int>(holders))"
      "standard case" 0 "")
# No identity for dead lanes: they carry 0, which beats an all-negative row's
# max. The standard rows never have a negative max; tie row 3 (kTieNegativeMax)
# is the first that does.
plant(max_without_identity "float best = live ? value : kMaxIdentity;" "float best = value;"
      "tie case" 3 "standard case")
# -FLT_MAX, "a large negative float", for the max's identity: right while a
# row holds any finite value, wrong on a row of twenty -inf, where the max
# comes out -FLT_MAX, no lane holds it, and the ballot leaves argmax -1. Tie
# row 13 (kAllMinusInfinity) is the first such row.
plant(max_identity_flt_max "constexpr float kMaxIdentity = -INFINITY;"
      "constexpr float kMaxIdentity = -std::numeric_limits<float>::max();"
      "tie case" 13 "standard case" -1)

# The solution deleted as the README says, the block from the comment
# "Exercise solution" to the comment "end of solution": it must still build
# with warnings as errors, and both the harness and the report must fail and
# say the exercise is not written yet.
string(FIND "${source}" "Exercise solution" start)
string(FIND "${source}" "Exercise solution" start_again REVERSE)
string(FIND "${source}" "end of solution" end)
string(FIND "${source}" "end of solution" end_again REVERSE)
if(start EQUAL -1 OR end EQUAL -1 OR NOT start EQUAL start_again OR NOT end EQUAL end_again OR end LESS start)
  message(FATAL_ERROR "shuffles.cu must hold the comment 'Exercise solution' once, then 'end of solution' once")
endif()
string(SUBSTRING "${source}" 0 ${start} before)
string(FIND "${before}" "\n" line_start REVERSE)
string(SUBSTRING "${source}" 0 ${line_start} before)
string(SUBSTRING "${source}" ${end} -1 after)
string(FIND "${after}" "\n" line_end)
string(SUBSTRING "${after}" ${line_end} -1 after)
set(folder "${WORK_DIR}/solution_deleted")
file(REMOVE_RECURSE "${folder}")
file(WRITE "${folder}/shuffles.cu" "${before}${after}")
run_harness("${folder}")
set(problem "")
if(NOT exercise_rc EQUAL 1)
  set(problem "exit ${exercise_rc}, expected 1")
elseif(NOT exercise_out MATCHES "standard case, argmax: 8205 of 8205 rows wrong\n")
  set(problem "expected every standard row wrong")
elseif(NOT exercise_out MATCHES "exercise: FAILED: argmax is -1 on every row: the exercise is not written yet\n")
  set(problem "expected the harness to say the exercise is not written yet")
endif()
verdict(solution_deleted "${problem}")
expect_report(solution_deleted 1
              "\nargmax disagrees with the reference on 8205 rows\n  argmax is -1 on every row: the exercise is not written yet")

# The mistake a new user makes (emulator only: on a GPU it cannot be seen): an
# xor butterfly inside `if (live)` with the ballot's liveMask. Every answer
# comes out right, since at xor 16 lane 4 reads lane 20, which is not taking
# part, and gets NaN, which loses every comparison; on a GPU that read is
# undefined. The harness must fail on the emulator's findings and name the
# lane and the line of the first undefined read.
if(DEFINED EMULATOR_DIR)
  set(butterfly_line "            const float otherValue = __shfl_xor_sync(liveMask, bestValue, laneMask);\n")
  string(CONCAT butterfly
    "    if (live) {\n"
    "        float bestValue = value;\n"
    "        int bestLane = lane;\n"
    "        for (int laneMask = kWarpSize / 2; laneMask > 0; laneMask /= 2) {\n"
    "${butterfly_line}"
    "            const int otherLane = __shfl_xor_sync(liveMask, bestLane, laneMask);\n"
    "            if (otherValue > bestValue || (otherValue == bestValue && otherLane < bestLane)) {\n"
    "                bestValue = otherValue;\n"
    "                bestLane = otherLane;\n"
    "            }\n"
    "        }\n"
    "        argmaxLane = bestLane;\n"
    "    }\n")
  shuffles_write_planted(butterfly_inside_live
    "${source}"
    "    const unsigned int holders = __ballot_sync(kFullMask, live && value == best);\n    argmaxLane = __ffs(static_cast<int>(holders)) - 1;\n"
    "${butterfly}" shuffles.cu folder)
  file(READ "${folder}/shuffles.cu" planted)
  shuffles_line_of("the planted shuffles.cu" "${planted}" "${butterfly_line}" line)
  run_harness("${folder}")
  set(first "lane 4 read lane 20, which is not taking part, in __shfl_xor_sync(0x000fffff, ..., 16) at shuffles.cu:${line}")
  string(FIND "${exercise_out}" "standard case, the emulator's findings in your reduceRowsPadded: " findings_at)
  string(FIND "${exercise_out}" "${first}" first_at)
  set(problem "")
  if(exercise_rc EQUAL 0)
    set(problem "exit 0: the harness passed code that reads lanes not taking part")
  elseif(NOT exercise_out MATCHES "standard case, argmax: 0 of 8205 rows wrong\n" OR NOT exercise_out MATCHES "tie case, argmax: 0 of 1024 rows wrong\n")
    set(problem "expected every row right (the findings, not the rows, must fail it)")
  elseif(findings_at EQUAL -1 OR first_at LESS findings_at)
    set(problem "expected the findings under the row report, the first being: ${first}")
  endif()
  verdict(butterfly_inside_live "${problem}")
endif()

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "the exercise harness missed a planted mistake:${failures}")
endif()
