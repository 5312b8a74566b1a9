# exercise_planted.cmake: proof that the exercise harness catches the classic
# mistakes. Each mistake is planted in a copy of shuffles.cu, the harness is
# built against the copy, and it must fail with the expected smallest failing
# row (row numbers of the tie case are named in reference.hpp's TieRow).
# On the GPU:       -DNVCC=... -DARCHITECTURES=75,90 -DSHUFFLES_BINARY=... (Skipped without a GPU)
# On the emulator:  -DCOMPILER=<host C++ compiler> -DEMULATOR_DIR=.../emulator (never needs a GPU)
# and both:         -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)  # list() keeps empty elements
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SOURCE_DIR WORK_DIR)

if(DEFINED EMULATOR_DIR)
  shuffles_require_variables(COMPILER)
  set(build_command "${COMPILER}" -std=c++17 -O2 -x c++ "-I${EMULATOR_DIR}")
else()
  shuffles_require_variables(NVCC SHUFFLES_BINARY ARCHITECTURES)
  shuffles_require_gpu()
  string(REPLACE "," ";" ARCHITECTURES "${ARCHITECTURES}")
  set(build_command "${NVCC}" -std=c++17 -O3)
  foreach(arch IN LISTS ARCHITECTURES)
    string(REGEX REPLACE "-.*" "" arch "${arch}")  # 90-real -> 90
    list(APPEND build_command "--generate-code=arch=compute_${arch},code=[compute_${arch},sm_${arch}]")
  endforeach()
endif()
file(READ "${SOURCE_DIR}/shuffles.cu" source)

set(failures "")
# plant(name find replace expected_case expected_row passing_case [expected_got])
function(plant name find replace expected_case expected_row passing_case)
  shuffles_write_planted(${name} "${source}" "${find}" "${replace}" shuffles.cu folder)
  execute_process(COMMAND ${build_command} "-DSHUFFLES_SOURCE=\"${folder}/shuffles.cu\""
                          -o "${folder}/exercise" "${SOURCE_DIR}/tests/exercise.cu"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building the exercise harness against '${name}' failed:\n${err}")
  endif()
  execute_process(COMMAND "${folder}/exercise" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(problem "")
  if(NOT rc EQUAL 1)
    set(problem "exit ${rc}, expected 1")
  elseif(NOT out MATCHES "${expected_case}, argmax: [0-9]+ of [0-9]+ rows wrong\n  smallest failing row: ${expected_row}\n")
    set(problem "expected '${expected_case}' to fail with smallest failing row ${expected_row}")
  elseif(NOT passing_case STREQUAL "" AND NOT out MATCHES "${passing_case}, argmax: 0 of")
    set(problem "expected '${passing_case}' to pass")
  elseif(ARGC GREATER 6 AND NOT out MATCHES "smallest failing row: ${expected_row}\n  expected: [-0-9]+\n  got:      ${ARGV6}\n")
    set(problem "expected the smallest failing row to show got ${ARGV6}")
  endif()
  if(problem STREQUAL "")
    message("ok: ${name}: the harness failed as it must\n${out}")
  else()
    set(failures "${failures}\n${name}: ${problem}\n${out}${err}" PARENT_SCOPE)
  endif()
endfunction()

# The highest holding lane wins the tie: right on the standard case (no ties),
# wrong first at tie row 0 (kTieLanes0And19), where it answers 19.
plant(highest_lane_wins "__ffs(static_cast<int>(holders)) - 1" "31 - __clz(static_cast<int>(holders))"
      "tie case" 0 "standard case")
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

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "the exercise harness missed a planted mistake:${failures}")
endif()
