# emulate.cmake: emulator/emulate, the one command that runs a learner's .cu
# file unchanged on the CPU warp emulator, checked the way a learner uses it:
# from the project's root, with the file's path as a learner types it.
#   CHECK=example_rule_broken  emulator/examples/half_warp_sum_broken.cu: the
#                              broken rule on stderr at the example's own line,
#                              and exit 66 (a finding turns exit 0 into 66)
#   CHECK=example_legal        emulator/examples/half_warp_sum_fixed.cu: exit 0,
#                              nothing on stderr (a false alarm costs trust),
#                              also as a file named src.cu built with --keep
#   CHECK=rewrites             tests/emulate/rewrites.cu: every launch form it
#                              checks passes, __FILE__ and __LINE__ are the
#                              original's, launches in strings and comments kept
#   CHECK=compile_error        tests/emulate/compile_error.cu: the compiler's
#                              status, its message at the original file and line
#   CHECK=inline_ptx           tests/emulate/inline_ptx_unknown.cu: inline PTX the
#                              emulator does not run (bfind, a video instruction's
#                              form) stops the build with one message for each,
#                              naming it at its line, not the assembler's
#   CHECK=queued_work_on_workers tests/emulate/queued_work_on_workers.cu on two
#                              workers: a copy queued behind a launch sees its end
#   CHECK=owners_across_attempts tests/emulate/owners_across_attempts.cu on two
#                              workers, under strace: all 34 launches on workers,
#                              none run again on one for owners left from 32 before
#   CHECK=heap_write_past_row  tests/emulate/heap_write_past_row.cu: a write one
#                              past a kernel's malloc'd row is named at its line
#   CHECK=read_before_start    tests/emulate/read_before_start.cu: b[-1] is named
#                              as the 4 bytes just before b's start, element -1
#   CHECK=arguments            options (-I DIR and -D NAME=1 as one word or two),
#                              arguments, stdout, stderr, exit status and a signal
#                              pass through; emulate's own errors exit 125
#   CHECK=sources_are_cuda     the examples and cases are plain CUDA: nvcc builds
#                              them (-DNVCC=...), and fails on compile_error.cu at
#                              the line emulate's compiler names
#   -DEMULATE=<the script> -DSOURCE_DIR=<project root> -DWORK_DIR=... -DCHECK=...
#   [-DCXX=<host compiler>: emulate's CXX] [-DNVCC=<nvcc>: for sources_are_cuda]
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATE SOURCE_DIR WORK_DIR CHECK)
if(DEFINED CXX)
  if(NOT CXX OR NOT EXISTS "${CXX}")
    shuffles_skip_without_tool(clang++ "apt-get install clang")
  endif()
  set(ENV{CXX} "${CXX}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# emulate(<arguments>...): runs emulate from SOURCE_DIR; sets rc, out, err.
macro(emulate)
  execute_process(COMMAND "${EMULATE}" ${ARGN} WORKING_DIRECTORY "${SOURCE_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endmacro()

function(fail problem)
  message(FATAL_ERROR "${CHECK}: ${problem}\n--- exit status: ${rc}\n--- stdout:\n${out}\n--- stderr:\n${err}")
endfunction()

# The number of the first line of `file` (relative to SOURCE_DIR) that contains `text`.
function(line_of file text out_var)
  file(READ "${SOURCE_DIR}/${file}" source)
  shuffles_line_of(${file} "${source}" "${text}" line)
  set(${out_var} ${line} PARENT_SCOPE)
endfunction()

# Runs `case`, which stops its kernel at one invalid access: exit 66, the
# program's cudaErrorIllegalAddress, and `named` (a regex) on stderr, else
# fails saying `problem`.
function(expect_stopping_access case named problem)
  emulate(${case})
  if(NOT rc EQUAL 66 OR NOT out STREQUAL "cudaErrorIllegalAddress\n" OR NOT err MATCHES "${named}")
    fail("${problem}: exit ${rc}\n${out}${err}")
  endif()
  message("ok: ${err}")
endfunction()

function(count_lines text out_var)
  string(REGEX MATCHALL "\n" newlines "${text}")
  list(LENGTH newlines count)
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()

set(examples emulator/examples)
set(expected_sum "sum of lanes 0-15: 136 in lane 0, 136 in lane 31 (expected 136)\n")

if(CHECK STREQUAL "example_rule_broken")
  set(example ${examples}/half_warp_sum_broken.cu)
  line_of(${example} "sum += __shfl_down_sync(0xffffffff, sum, offset);" shuffle_line)
  line_of(${example} "sums[lane] = __shfl_sync(0xffffffff, sum, 0);" broadcast_line)
  emulate(${example})
  string(CONCAT finding "RULE BROKEN: kernel halfWarpSum, block \\(0,0,0\\), warp 0: "
         "__shfl_down_sync\\(0xffffffff, \\.\\.\\., 8\\) at half_warp_sum_broken\\.cu:${shuffle_line} "
         "was reached by lanes 0-15, but lanes 16-31, named in its mask, never arrived: "
         "lanes 16-31 wait at __shfl_sync\\(0xffffffff, \\.\\.\\., 0\\) at half_warp_sum_broken\\.cu:${broadcast_line}")
  if(NOT err MATCHES "${finding}")
    fail("stderr does not name the broken rule at the example's lines ${shuffle_line} and ${broadcast_line}")
  elseif(NOT out STREQUAL expected_sum)
    fail("stdout is not the example's one line")
  elseif(NOT rc EQUAL 66)
    fail("exit status ${rc}, expected 66: the program returned 0 after a finding")
  endif()
  message("ok: the broken rule is reported at ${example}:${shuffle_line}, and the exit status is 66")

elseif(CHECK STREQUAL "example_legal")
  emulate(${examples}/half_warp_sum_fixed.cu)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL expected_sum)
    fail("expected exit 0, nothing on stderr and the sum on stdout")
  endif()
  # The same file named src.cu, kept: its program must not collide with the
  # folder emulate keeps the copies in (DIR/src).
  configure_file(${SOURCE_DIR}/${examples}/half_warp_sum_fixed.cu ${WORK_DIR}/src.cu COPYONLY)
  emulate(--keep ${WORK_DIR}/keep ${WORK_DIR}/src.cu)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL expected_sum)
    fail("the example copied to src.cu: expected exit 0, nothing on stderr and the sum on stdout")
  endif()
  message("ok: ${out}")

elseif(CHECK STREQUAL "rewrites")
  set(case tests/emulate/rewrites.cu)
  line_of(${case} "std::printf(\"this line is %s:%d\\n\", __FILE__, __LINE__);" marker_line)
  emulate(--keep "${WORK_DIR}/keep" ${case})
  string(REGEX MATCHALL "[^\n]*: [0-9]+\n" checks "${out}")  # expect.cuh's lines: "what: value"
  list(LENGTH checks check_count)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    fail("expected exit 0 and nothing on stderr")
  elseif(out MATCHES "WRONG")
    fail("a rewritten launch computed a wrong result")
  elseif(NOT check_count EQUAL 7)
    fail("${check_count} checks printed, expected 7")
  elseif(NOT out MATCHES "^fillKernel<<<1, 32>>>\\(values, 5\\); <\n")
    fail("the launch in a string was rewritten")
  elseif(NOT out MATCHES "\nthis line is ${case}:${marker_line}\n")
    fail("__FILE__:__LINE__ is not ${case}:${marker_line}: the copy lost the original's name or lines")
  endif()
  # The copy emulate kept: the original's lines, one #line above them, the
  # launches in comments as they were.
  file(REAL_PATH "${SOURCE_DIR}/${case}" real_case)
  file(READ "${SOURCE_DIR}/${case}" original)
  file(READ "${WORK_DIR}/keep/src${real_case}" copy)
  count_lines("${original}" original_lines)
  count_lines("${copy}" copy_lines)
  math(EXPR expected_lines "${original_lines} + 1")
  if(NOT copy_lines EQUAL expected_lines)
    fail("the copy has ${copy_lines} lines, expected ${expected_lines}")
  elseif(NOT copy MATCHES "^#line 1 \"tests/emulate/rewrites\\.cu\"\n")
    fail("the copy does not begin with #line 1 \"${case}\"")
  endif()
  foreach(comment "// fillKernel<<<1, 32>>>(values, 5); in a line comment"
                  "/* kernels::addOne<<<1, 32>>>(values); in a block comment */")
    string(FIND "${copy}" "${comment}" at)
    if(at EQUAL -1)
      fail("the copy lost the comment '${comment}'")
    endif()
  endforeach()
  message("ok: ${check_count} launch forms rewritten and checked; strings, comments and line numbers kept\n${out}")

elseif(CHECK STREQUAL "compile_error")
  set(case tests/emulate/compile_error.cu)
  line_of(${case} "(valuez);" error_line)
  emulate(--keep "${WORK_DIR}/keep" ${case})
  if(NOT rc EQUAL 1)
    fail("exit status ${rc}, expected the compiler's 1")
  elseif(NOT err MATCHES "(^|\n)tests/emulate/compile_error\\.cu:${error_line}:[0-9]+: error: [^\n]*valuez")
    fail("the compiler's error does not name ${case}:${error_line}")
  endif()
  string(FIND "${err}" "${WORK_DIR}" at)
  if(NOT at EQUAL -1)
    fail("the compiler's messages name emulate's copy instead of ${case}")
  endif()
  message("ok: the compiler's error names ${case}:${error_line}, exit status ${rc}\n${err}")

elseif(CHECK STREQUAL "inline_ptx")
  set(case tests/emulate/inline_ptx_unknown.cu)
  line_of(${case} "bfind.u32" error_line)
  line_of(${case} "asm(\"vadd.u32.u32.u32.sat" video_line)
  emulate(${case})
  string(REGEX MATCHALL "error:" errors "${err}")
  list(LENGTH errors error_count)
  if(NOT rc EQUAL 1)
    fail("exit status ${rc}, expected the compiler's 1")
  elseif(NOT err MATCHES "(^|\n)tests/emulate/inline_ptx_unknown\\.cu:${error_line}:[0-9]+: error: inline PTX `bfind\\.u32 %0, %1;` is not emulated")
    fail("no message naming the PTX statement at ${case}:${error_line}")
  elseif(NOT err MATCHES "(^|\n)tests/emulate/inline_ptx_unknown\\.cu:${video_line}:[0-9]+: error: inline PTX `vadd\\.u32\\.u32\\.u32\\.sat %0, %1, %2;` is not emulated: [^\n]*U32_MAX")
    fail("no message naming the video instruction at ${case}:${video_line}, and why")
  elseif(NOT error_count EQUAL 2 OR err MATCHES "Assembler|[{]standard input[}]")
    fail("${error_count} errors, or the assembler's: expected one message for each of the two statements")
  endif()
  message("ok: one message names each inline PTX statement not emulated, at ${case}:${error_line} and ${video_line}\n${err}")

elseif(CHECK STREQUAL "queued_work_on_workers")
  set(ENV{WARP_EMULATOR_WORKERS} 2)
  emulate(tests/emulate/queued_work_on_workers.cu)
  unset(ENV{WARP_EMULATOR_WORKERS})
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "counter 163840 -163840, expected 163840 -163840\n")
    fail("the copy queued behind the launch did not see the launch's end")
  endif()
  message("ok: ${out}")

elseif(CHECK STREQUAL "owners_across_attempts")
  find_program(STRACE strace)
  if(NOT STRACE)
    shuffles_skip_without_tool(strace "apt-get install strace")
  endif()
  emulate(--keep ${WORK_DIR}/keep tests/emulate/owners_across_attempts.cu)
  set(expected "cudaSuccess: block 0 read 1, block 63 read 0, d touched 31 times\n")
  if(NOT rc EQUAL 0 OR NOT out STREQUAL expected)
    fail("expected exit 0 and ${expected}")
  endif()
  # Each worker process's end (an exit, or SIGKILL where the other worker of an
  # attempt gave up first), and the program's own: 2 workers for each launch.
  set(ENV{WARP_EMULATOR_WORKERS} 2)
  execute_process(COMMAND "${STRACE}" -f -e trace=none -o ${WORK_DIR}/exits ${WORK_DIR}/keep/bin/owners_across_attempts
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  unset(ENV{WARP_EMULATOR_WORKERS})
  file(STRINGS ${WORK_DIR}/exits exits REGEX "[+][+][+] (exited with|killed by)")
  list(LENGTH exits processes)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL expected OR NOT processes EQUAL 69)
    fail("expected 68 worker processes and the program (34 launches on 2 workers each), got ${processes}: a launch "
         "ran again on one worker, or its kernel did from then on")
  endif()
  message("ok: ${processes} processes exited: ${out}")

elseif(CHECK STREQUAL "heap_write_past_row")
  set(case tests/emulate/heap_write_past_row.cu)
  line_of(${case} "row[threadIdx.x + 1] =" write_line)
  line_of(${case} "row = static_cast<int*>(malloc" malloc_line)
  expect_stopping_access(${case}
    "thread \\(31,0,0\\): invalid write of 4 bytes at heap_write_past_row\\.cu:${write_line}, to the 4 bytes just past the end of the 128 bytes from a kernel's malloc at heap_write_past_row\\.cu:${malloc_line}"
    "the write past the heap row was not named at its line")

elseif(CHECK STREQUAL "read_before_start")
  set(case tests/emulate/read_before_start.cu)
  line_of(${case} "out[i] = b[i - 1];" read_line)
  line_of(${case} "cudaMalloc(&b," malloc_line)
  expect_stopping_access(${case}
    "thread \\(0,0,0\\): invalid read of 4 bytes at read_before_start\\.cu:${read_line}, to the 4 bytes just before the start of the float\\[32\\] from cudaMalloc at read_before_start\\.cu:${malloc_line} \\(element -1\\)"
    "b[-1] was not named as the 4 bytes just before b, element -1")

elseif(CHECK STREQUAL "arguments")
  set(case tests/emulate/arguments.cu)
  set(ENV{EMULATE_CXXFLAGS} "-DFROM_ENVIRONMENT=2 -O1")
  emulate(-DFROM_OPTION=1 -Itests/emulate/include -DFROM_INCLUDE ${case} 7 "two words" --keep -x)
  unset(ENV{EMULATE_CXXFLAGS})
  string(CONCAT expected "FROM_OPTION=1 FROM_ENVIRONMENT=2 FROM_INCLUDE_FOLDER=3\n" "argv[0]=[tests/emulate/arguments]\n"
         "argv[1]=[7]\n" "argv[2]=[two words]\n" "argv[3]=[--keep]\n" "argv[4]=[-x]\n")
  if(NOT out STREQUAL expected OR NOT err STREQUAL "a line on stderr\n" OR NOT rc EQUAL 7)
    fail("expected exit 7, stdout:\n${expected}and 'a line on stderr'")
  endif()
  # An option's value in the next word, as nvcc and g++ take it: -D NAME=1, -I DIR, -D NAME.
  emulate(-D FROM_OPTION=1 -I tests/emulate/include -D FROM_INCLUDE ${case} 5)
  string(CONCAT expected "FROM_OPTION=1 FROM_ENVIRONMENT=0 FROM_INCLUDE_FOLDER=3\n"
         "argv[0]=[tests/emulate/arguments]\n" "argv[1]=[5]\n")
  if(NOT out STREQUAL expected OR NOT rc EQUAL 5)
    fail("-D FROM_OPTION=1 -I tests/emulate/include -D FROM_INCLUDE, each option two words: expected exit 5, "
         "stdout:\n${expected}")
  endif()
  emulate(${case} abort)
  if(NOT rc EQUAL 134)
    fail("exit status ${rc} after SIGABRT, expected 128 + 6")
  endif()
  emulate(${case}-missing)
  if(NOT rc EQUAL 125 OR NOT err MATCHES "^emulate: ${case}-missing: no such file")
    fail("a missing file: expected exit 125 and emulate's message")
  endif()
  file(WRITE "${WORK_DIR}/no_arguments.cu"
       "#include <cuda_runtime.h>\n__global__ void k() {}\nint main() {\n    k<<<1, 32>>>;\n}\n")
  emulate("${WORK_DIR}/no_arguments.cu")
  if(NOT rc EQUAL 125 OR NOT err MATCHES "^emulate: [^\n]*no_arguments\\.cu:4: cannot rewrite this launch")
    fail("a launch without arguments: expected exit 125 and the file and line in emulate's message")
  endif()
  message("ok: options in one word and in two, arguments, output, exit status 7, SIGABRT as 134, and emulate's own "
          "errors as 125")

elseif(CHECK STREQUAL "sources_are_cuda")
  if(NOT NVCC OR NOT EXISTS "${NVCC}")
    shuffles_skip_without_tool(nvcc "install the CUDA Toolkit")
  endif()
  foreach(source ${examples}/half_warp_sum_broken.cu ${examples}/half_warp_sum_fixed.cu
                 tests/emulate/rewrites.cu tests/emulate/arguments.cu tests/emulate/stopped.cu
                 tests/emulate/inline_ptx_unknown.cu tests/emulate/queued_work_on_workers.cu
                 tests/emulate/owners_across_attempts.cu
                 tests/emulate/heap_write_past_row.cu tests/emulate/read_before_start.cu
                 tests/emulate/misaligned_vector_fields.cu)
    execute_process(COMMAND "${NVCC}" -std=c++17 -c -o "${WORK_DIR}/program.o" ${source}
                    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      fail("nvcc cannot build ${source}")
    endif()
  endforeach()
  line_of(tests/emulate/compile_error.cu "(valuez);" error_line)
  execute_process(COMMAND "${NVCC}" -std=c++17 -c -o "${WORK_DIR}/program.o" tests/emulate/compile_error.cu
                  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "compile_error\\.cu\\(${error_line}\\): error: [^\n]*valuez")
    fail("nvcc should fail on compile_error.cu at line ${error_line}")
  endif()
  message("ok: nvcc builds the examples and cases, and fails on compile_error.cu:${error_line}")

else()
  message(FATAL_ERROR "unknown CHECK '${CHECK}'")
endif()
