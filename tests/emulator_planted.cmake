# emulator_planted.cmake: proof that the emulator catches mistakes in the real
# kernels of shuffles.cu. Each mistake is planted in a copy, the copy is built
# on the emulator, and its run must fail as stated.
#   ladder_inside_branch     the shuffle-down ladder moved inside `if (live)`
#                            with its full mask: lanes 20-31 never arrive, a
#                            rule break the emulator names; the launch then
#                            fails with cudaErrorWarpRuleBroken, as a GPU's
#                            failed kernel would, and shuffles exits 4.
#   shared_without_syncwarp  the __syncwarp() between the shared-memory steps
#                            deleted: lanes that do not run in step read slots
#                            not yet written, and the reduceRowsShared sums fail.
#   shared_lane_le_offset    `if (lane < offset)` made `if (lane <= offset)`:
#                            lane `offset` rewrites the slot lane 0 reads in the
#                            same step. The lanes' order decides the sums: in
#                            ascending order they come out right, so only
#                            the race check sees it: the run exits 66
#                            (findings, though every row matched).
#   -DCOMPILER=<host C++ compiler> -DEMULATOR_DIR=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(COMPILER EMULATOR_DIR SOURCE_DIR WORK_DIR)

file(READ "${SOURCE_DIR}/shuffles.cu" source)
set(failures "")
# plant(name find replace exit_code stdout_regex stderr_regex)
function(plant name find replace exit_code stdout_regex stderr_regex)
  shuffles_write_planted(${name} "${source}" "${find}" "${replace}" shuffles.cu folder)
  shuffles_build_emulated("'${name}'" "${EMULATOR_DIR}" "${folder}/shuffles" "${folder}/shuffles.cu")
  execute_process(COMMAND "${folder}/shuffles" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(problem "")
  if(NOT rc EQUAL exit_code)
    set(problem "exit ${rc}, expected ${exit_code}")
  elseif(NOT out MATCHES "${stdout_regex}")
    set(problem "stdout does not match '${stdout_regex}'")
  elseif(NOT err MATCHES "${stderr_regex}")
    set(problem "stderr does not match '${stderr_regex}'")
  endif()
  if(problem STREQUAL "")
    message("ok: ${name}: the emulated run failed as it must\n${out}${err}")
  else()
    set(failures "${failures}\n${name}: ${problem}\n${out}${err}" PARENT_SCOPE)
  endif()
endfunction()

plant(ladder_inside_branch
      "        sum += __shfl_down_sync(kFullMask, sum, offset);"
      "        if (live) sum += __shfl_down_sync(kFullMask, sum, offset);"
      4 "^$"
      "RULE BROKEN: kernel reduceRowsPadded, block \\(0,0,0\\), warp 0: __shfl_down_sync\\(0xffffffff, \\.\\.\\., 16\\) at shuffles\\.cu:[0-9]+ was reached by lanes 0-19, but lanes 20-31, named in its mask, never arrived: lanes 20-31 wait at __shfl_sync\\(0xffffffff, \\.\\.\\., 0\\).*cudaErrorWarpRuleBroken")
plant(shared_without_syncwarp
      "        // Outside the `if`, so all 32 lanes arrive: the next step reads slots\n        // this step wrote, and this orders those writes before those reads.\n        __syncwarp();\n"
      ""
      1 "\nreduceRowsShared +[1-9][0-9]* +[0-9]+\n"
      "")
plant(shared_lane_le_offset
      "        if (lane < offset) {\n            mySums[lane] += mySums[lane + offset];"
      "        if (lane <= offset) {\n            mySums[lane] += mySums[lane + offset];"
      66 "\nreduceRowsShared +0 +0\n"
      "RACE: kernel reduceRowsShared: its result depends on the order its threads run in \\(a race\\)")

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "the emulator missed a planted mistake:${failures}")
endif()
