# run_case.cmake: one regression case of the emulator, in the manner of
# Valgrind's memcheck tests. CASE is a small program (NAME.cu) beside its
# expected output, NAME.stdout.exp and NAME.stderr.exp, checked in and
# compared byte for byte. Lines at the top of NAME.cu say how to run it:
#   // expect-exit: N           the exit status (0 when absent)
#   // run: VAR=value ...       environment for one run; each such line is
#                               one run, and every run must give the same
#                               output (no line: one run, no variables)
# The program is built and run by emulator/emulate, as a learner runs theirs.
#   -DCASE=.../NAME.cu -DEMULATE=.../emulate -DWORK_DIR=... [-DCXX=compiler]
cmake_minimum_required(VERSION 3.20)
foreach(name CASE EMULATE WORK_DIR)
  if(NOT DEFINED ${name})
    message(FATAL_ERROR "this script needs -D${name}=...")
  endif()
endforeach()

get_filename_component(case_name "${CASE}" NAME_WE)
get_filename_component(case_dir "${CASE}" DIRECTORY)
file(STRINGS "${CASE}" header REGEX "^// (expect-exit|run):")
set(expected_exit 0)
set(runs "")
foreach(line IN LISTS header)
  if(line MATCHES "^// expect-exit: ([0-9]+)$")
    set(expected_exit "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^// run:(.*)$")
    string(STRIP "${CMAKE_MATCH_1}" environment)
    list(APPEND runs "|${environment}")  # the bar keeps an empty run in the list
  endif()
endforeach()
if(runs STREQUAL "")
  set(runs "|")
endif()
file(READ "${case_dir}/${case_name}.stdout.exp" expected_out)
file(READ "${case_dir}/${case_name}.stderr.exp" expected_err)

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(compiler "")
if(DEFINED CXX AND NOT CXX STREQUAL "")
  set(compiler "CXX=${CXX}")
endif()
# Built once by emulate (which also runs it: the first run), then run again.
set(problems "")
set(first TRUE)
foreach(run IN LISTS runs)
  string(SUBSTRING "${run}" 1 -1 environment)
  separate_arguments(variables UNIX_COMMAND "${environment}")
  if(first)
    set(command "${EMULATE}" --keep "${WORK_DIR}/build" "${CASE}")
    set(first FALSE)
  else()
    set(command "${WORK_DIR}/build/bin/${case_name}")  # where emulate --keep puts the program
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env ${compiler} ${variables} ${command}
                  WORKING_DIRECTORY "${case_dir}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(label "run [${environment}]")
  if(NOT rc STREQUAL expected_exit)
    string(APPEND problems "${label}: exit ${rc}, expected ${expected_exit}\n")
  endif()
  foreach(stream out err)
    if(NOT "${${stream}}" STREQUAL "${expected_${stream}}")
      file(WRITE "${WORK_DIR}/actual.std${stream}" "${${stream}}")
      execute_process(COMMAND diff -u "${case_dir}/${case_name}.std${stream}.exp" "${WORK_DIR}/actual.std${stream}"
                      OUTPUT_VARIABLE difference)
      string(APPEND problems "${label}: std${stream} differs from ${case_name}.std${stream}.exp:\n${difference}\n")
    endif()
  endforeach()
endforeach()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "${case_name}:\n${problems}")
endif()
list(LENGTH runs run_count)
message("${case_name}: ${run_count} run(s), each exit ${expected_exit} with the expected stdout and stderr")
