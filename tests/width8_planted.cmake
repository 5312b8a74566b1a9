# width8_planted.cmake: proof that the oracle catches the two ways a `width`
# goes wrong in reduce_rows_width8.cuh, on the CPU warp emulator (no GPU). Each
# mistake is planted in a copy of the header, the oracle is built against it,
# and it must fail on reduceRowsWidth8's outputs.
#   broadcast_without_width  __shfl_sync(kFullMask, sum, 0): every row gets the
#                            sum of its warp's first row; row 0 is right, row 1
#                            is the first wrong one.
#   butterfly_from_8         the xor butterfly starts at laneMask 8 = the width:
#                            a partner in a later segment gives back the lane's
#                            own value, but one in an earlier segment is read
#                            (the Programming Guide allows that), so odd
#                            segments take the max of the row before theirs.
#   -DCOMPILER=<host C++ compiler> -DEMULATOR_DIR=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(COMPILER EMULATOR_DIR SOURCE_DIR WORK_DIR)

file(READ "${SOURCE_DIR}/reduce_rows_width8.cuh" source)
set(failures "")
# plant(name find replace output_regex)
function(plant name find replace output_regex)
  shuffles_write_planted(${name} "${source}" "${find}" "${replace}" reduce_rows_width8.cuh folder)
  shuffles_build_emulated("the oracle against '${name}'" "${EMULATOR_DIR}" "${folder}/oracle" "${SOURCE_DIR}/tests/oracle.cu"
                          "-DWIDTH8_SOURCE=\"${folder}/reduce_rows_width8.cuh\"")
  execute_process(COMMAND "${folder}/oracle" 8205 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 1)
    set(failures "${failures}\n${name}: exit ${rc}, expected 1\n${out}" PARENT_SCOPE)
  elseif(NOT out MATCHES "${output_regex}")
    set(failures "${failures}\n${name}: the output does not match '${output_regex}'\n${out}" PARENT_SCOPE)
  else()
    message("ok: ${name}: the oracle failed as it must\n${out}")
  endif()
endfunction()

plant(broadcast_without_width
      "__shfl_sync(kFullMask, sum, 0, kSegmentLanes)" "__shfl_sync(kFullMask, sum, 0)"
      "program input, --rows 8205, reduceRowsWidth8 sums: [0-9]+ of 8205 rows wrong\n  smallest failing row: 1\n")
plant(butterfly_from_8
      "for (int laneMask = kSegmentLanes / 2; laneMask > 0; laneMask /= 2)"
      "for (int laneMask = kSegmentLanes; laneMask > 0; laneMask /= 2)"
      "program input, --rows 8205, reduceRowsWidth8 maxes: [1-9][0-9]* of 8205 rows wrong\n")

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "the oracle missed a planted width mistake:${failures}")
endif()
