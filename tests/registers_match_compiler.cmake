# registers_match_compiler.cmake: each registers figure the report prints
# (from cudaFuncGetAttributes) equals the compiler's own count for the code
# this GPU runs, read with cuobjdump --dump-resource-usage from the binary.
# The code a GPU of compute capability X.Y runs is sm_XY, else the newest sm_XZ
# with Z < Y; a build with neither (PTX compiled by the driver) cannot be compared.
#   -DSHUFFLES_BINARY=... -DCUOBJDUMP=<path or empty>
cmake_minimum_required(VERSION 3.20)  # list() keeps empty elements
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(SHUFFLES_BINARY)

shuffles_run(report)
if(NOT report_RC EQUAL 0)
  message(FATAL_ERROR "shuffles exited ${report_RC}:\n${report_ERR}")
endif()
if(NOT CUOBJDUMP OR NOT EXISTS "${CUOBJDUMP}")
  shuffles_skip_without_tool(cuobjdump "from the CUDA Toolkit, or pip install nvidia-cuda-cuobjdump")
endif()

if(NOT report_OUT MATCHES "\\(compute capability ([0-9]+)\\.([0-9]+)\\)")
  message(FATAL_ERROR "no compute capability in the report's GPU line:\n${report_OUT}")
endif()
set(major ${CMAKE_MATCH_1})
set(minor ${CMAKE_MATCH_2})

execute_process(COMMAND "${CUOBJDUMP}" --dump-resource-usage "${SHUFFLES_BINARY}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE usage ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cuobjdump --dump-resource-usage failed:\n${err}")
endif()

# Registers per kernel per architecture, as variables regs_<arch>_<kernel>.
string(REPLACE ";" "<semicolon>" usage "${usage}")
string(REPLACE "\n" ";" lines "${usage}")
set(arch "")
set(function "")
set(archs "")
foreach(line IN LISTS lines)
  if(line MATCHES "^arch = sm_([0-9]+)")
    set(arch ${CMAKE_MATCH_1})
  elseif(line MATCHES "^ Function _Z[0-9]+(reduceRowsPadded|reduceRowsShared|reduceRowsBallotDown)P")
    set(function ${CMAKE_MATCH_1})
  elseif(line MATCHES "^  REG:([0-9]+) " AND NOT function STREQUAL "")
    set(regs_${arch}_${function} ${CMAKE_MATCH_1})
    list(APPEND archs ${arch})
    set(function "")
  endif()
endforeach()
list(REMOVE_DUPLICATES archs)

set(chosen "")
foreach(candidate IN LISTS archs)
  math(EXPR candidate_major "${candidate} / 10")
  math(EXPR candidate_minor "${candidate} % 10")
  if(candidate_major EQUAL major AND NOT candidate_minor GREATER minor)
    if(chosen STREQUAL "" OR candidate GREATER chosen)
      set(chosen ${candidate})
    endif()
  endif()
endforeach()
if(chosen STREQUAL "")
  message(FATAL_ERROR "the binary holds machine code for sm_${archs} only, none of which a compute capability "
                      "${major}.${minor} GPU runs: the driver compiled its PTX, so there is no compiler figure to "
                      "compare with. Reconfigure with -DCMAKE_CUDA_ARCHITECTURES=${major}${minor}.")
endif()

set(problems "")
foreach(kernel reduceRowsPadded reduceRowsShared reduceRowsBallotDown)
  if(NOT report_OUT MATCHES "\n${kernel} +[0-9]+ +([0-9]+) +[0-9]+\n")
    list(APPEND problems "${kernel}: no attributes row in the report")
    continue()
  endif()
  set(reported ${CMAKE_MATCH_1})
  set(compiled "${regs_${chosen}_${kernel}}")
  if(NOT reported STREQUAL compiled)
    list(APPEND problems "${kernel}: the report says ${reported} registers, cuobjdump says '${compiled}' for sm_${chosen}")
  else()
    message("ok: ${kernel}: ${reported} registers in the report and in cuobjdump's sm_${chosen} code")
  endif()
endforeach()
if(problems)
  string(REPLACE ";" "\n  " problems "${problems}")
  message(FATAL_ERROR "registers disagree:\n  ${problems}")
endif()
