# emulated_report.cmake: the full default report on the CPU warp emulator.
# Its stdout must match the T4 transcript through the same normaliser as the
# GPU report. Its stderr must hold the emulator's findings for the three
# kernels of shuffles.cu: no rule broken and no race anywhere, and undefined
# reads in reduceRowsBallotDown only, lane by lane as its contract comment
# lists them. Those reads are on purpose, and the emulator judges them: the
# program exits 0, so the emulated run exits 66, saying why. No memory access
# is out of bounds, uninitialised or a race. It must finish in under 10 s
# (evidence/emulator-timing.txt has its time on a 2-core machine).
#   -DSHUFFLES_BINARY=<shuffles_emulated> -DTRANSCRIPT=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)  # list() keeps empty elements (blank report lines)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/normalise_report.cmake")
shuffles_require_variables(SHUFFLES_BINARY TRANSCRIPT WORK_DIR)

string(TIMESTAMP started "%s" UTC)
shuffles_run(report)
string(TIMESTAMP finished "%s" UTC)
math(EXPR seconds "${finished} - ${started}")
if(NOT report_RC EQUAL 66)
  message(FATAL_ERROR "the emulated report exited ${report_RC}, expected 66 (its findings on purpose)\nstdout:\n${report_OUT}\nstderr:\n${report_ERR}")
endif()

set(problems "")
shuffles_read_transcript("${TRANSCRIPT}" expected)
shuffles_compare_reports("${expected}" "${report_OUT}" "${WORK_DIR}" same)
if(NOT same)
  list(APPEND problems "stdout differs from the T4 transcript outside the masked fields:\n${same_DIFF}")
endif()
if(NOT report_OUT MATCHES "^GPU: CPU warp emulator")
  list(APPEND problems "the GPU line does not name the emulator")
endif()
if(NOT report_OUT MATCHES "\nreduceRowsBallotDown +8205 +-\n")
  list(APPEND problems "the emulator should make every one of the 8205 reduceRowsBallotDown rows wrong (NaN)")
endif()

# The emulator's findings.
if(report_ERR MATCHES "RULE BROKEN|RACE|INVALID ACCESS|UNINITIALISED|note:")
  list(APPEND problems "the emulator reports a broken rule, a bad memory access, a race or a note in shuffles.cu")
endif()
# Any kernel name: letters, digits, '_' and '::' (a report header is "warp emulator: <name><<<").
string(REGEX MATCHALL "warp emulator: [^<\n]+<<<" launches "${report_ERR}")
if(NOT launches STREQUAL "warp emulator: reduceRowsBallotDown<<<")
  list(APPEND problems "expected findings for reduceRowsBallotDown only, got: ${launches}")
endif()
set(first "first: kernel reduceRowsBallotDown, block (0,0,0), warp 0: lane 4 read lane 20, which is not taking part, in __shfl_down_sync(0x000fffff, ..., 16) at shuffles.cu:")
string(FIND "${report_ERR}" "${first}" at)
if(at EQUAL -1)
  list(APPEND problems "the first undefined read is not reported as: ${first}")
endif()
# Lane by lane: at offset d, lanes max(0, 20 - d) to 19 read lane + d, unless that is past lane 31.
set(expected_reads 0)
foreach(offset 16 8 4 2 1)
  math(EXPR low "20 - ${offset}")
  foreach(lane RANGE ${low} 19)
    math(EXPR source "${lane} + ${offset}")
    if(source LESS 32)
      math(EXPR expected_reads "${expected_reads} + 1")
      set(line "    lane ${lane} read lane ${source} in __shfl_down_sync\\(0x000fffff, \\.\\.\\., ${offset}\\) at shuffles\\.cu:[0-9]+ \\(8205\\)\n")
      if(NOT report_ERR MATCHES "${line}")
        list(APPEND problems "missing: lane ${lane} read lane ${source} at offset ${offset}, in all 8205 warps")
      endif()
    endif()
  endforeach()
endforeach()
string(REGEX MATCHALL "\n    lane [0-9]+ read lane" listed "${report_ERR}")
list(LENGTH listed listed_count)
math(EXPR total "${expected_reads} * 8205")
if(NOT listed_count EQUAL expected_reads OR NOT report_ERR MATCHES " ${total} undefined shuffle reads")
  list(APPEND problems "expected exactly ${expected_reads} kinds of undefined read, ${total} in all; listed ${listed_count}")
endif()

string(REGEX MATCH "\nwarp emulator: [0-9]+ finding\\(s\\) in 1 launch\\(es\\): 0 broken rule\\(s\\), ${total} undefined read\\(s\\), 0 invalid access\\(es\\), 0 uninitialised read\\(s\\), 0 race\\(s\\)\nwarp emulator: the program exited 0; exiting 66 instead" summary "${report_ERR}")
if(summary STREQUAL "")
  list(APPEND problems "stderr does not end by counting the ${total} undefined reads and saying why the exit code is 66")
endif()
if(seconds GREATER_EQUAL 10)
  list(APPEND problems "the emulated report took ${seconds} s; it must take under 10 s")
endif()

if(problems)
  string(REPLACE ";" "\n" problems "${problems}")
  message(FATAL_ERROR "${problems}\n--- stderr ---\n${report_ERR}")
endif()
message("the emulated report matches the T4 transcript and names ${expected_reads} undefined reads by lane (${seconds} s)\n${report_ERR}")
