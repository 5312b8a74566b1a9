# nvcc.cmake: emulator/nvcc, the driver that builds CUDA programs for the CPU
# warp emulator from nvcc's own command line, checked as a learner and a
# Makefile use it, on the programs of tests/nvcc/:
#   CHECK=multi_file      several .cu and .cpp files in one command, a
#                         __device__ function across files (-rdc=true); the
#                         .cpp file is host code (no __CUDACC__, __NVCC__ set)
#   CHECK=separate        -dc and -c one file at a time, -dlink, the objects
#                         linked, a static library (-lib)
#   CHECK=makefile        make NVCC=emulator/nvcc on tests/nvcc/multi/Makefile
#   CHECK=arch            __CUDA_ARCH__ in a kernel and the compute capability
#                         follow -arch, -gencode and their absence
#   CHECK=options         -I DIR and -IDIR, -D, -Xcompiler, -o, --version, -h;
#                         -ptx, an unknown option, sm_60 and a .ptx input each
#                         refused in one message that names it, and
#                         emulator/nvcc nvcc ... told that it takes nvcc's place
#   CHECK=toolkit_headers a helper header written for the Toolkit works; a
#                         -I of the Toolkit's own include folder changes
#                         nothing; a CUDA library's header is one message;
#                         a failed build that includes Thrust names it
#   CHECK=dependencies    -MD -MF: the dependency file names the sources
#   CHECK=device_launch   a launch from device code (dynamic parallelism) stops
#                         the program with exit 70 and one message naming it
#   CHECK=sources_are_cuda the programs are plain CUDA: nvcc builds them
#   -DNVCC_DRIVER=<emulator/nvcc> -DSOURCE_DIR=<project root> -DWORK_DIR=... -DCHECK=...
#   [-DNVCC=<the CUDA Toolkit's nvcc>: for sources_are_cuda]
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(NVCC_DRIVER SOURCE_DIR WORK_DIR CHECK)
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(programs "${SOURCE_DIR}/tests/nvcc")

# driver(<arguments>...): runs emulator/nvcc in tests/nvcc; sets rc, out, err.
macro(driver)
  execute_process(COMMAND "${NVCC_DRIVER}" ${ARGN} WORKING_DIRECTORY "${programs}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endmacro()

# run(<program> [arguments]...): runs a program built here; sets rc, out, err.
macro(run program)
  execute_process(COMMAND "${program}" ${ARGN} WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endmacro()

function(fail problem)
  message(FATAL_ERROR "${CHECK}: ${problem}\n--- exit status: ${rc}\n--- stdout:\n${out}\n--- stderr:\n${err}")
endfunction()

macro(expect_built what)
  if(NOT rc EQUAL 0)
    fail("${what} did not build")
  endif()
endmacro()

set(scaled_line "scaled 1000 values: 0 wrong, 0 failed calls\n")
macro(expect_scaled what)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL scaled_line OR NOT err STREQUAL "")
    fail("${what}: expected exit 0, '${scaled_line}' and nothing on stderr")
  endif()
endmacro()

if(CHECK STREQUAL "multi_file")
  driver(-std=c++17 -O2 -arch=sm_90 -rdc=true -o "${WORK_DIR}/scaled" multi/main.cpp multi/scale.cu multi/offset.cu)
  expect_built("main.cpp, scale.cu and offset.cu in one command")
  run("${WORK_DIR}/scaled")
  expect_scaled("the program of three files")
  message("ok: ${out}")

elseif(CHECK STREQUAL "separate")
  driver(-std=c++17 -arch=sm_90 -dc -o "${WORK_DIR}/scale.o" multi/scale.cu)
  expect_built("scale.cu with -dc")
  driver(-std=c++17 -arch=sm_90 -dc multi/offset.cu -odir "${WORK_DIR}")
  expect_built("offset.cu with -dc -odir")
  if(NOT EXISTS "${WORK_DIR}/offset.o")
    fail("-dc -odir DIR wrote no DIR/offset.o")
  endif()
  driver(-std=c++17 -c -o "${WORK_DIR}/main.o" multi/main.cpp)
  expect_built("main.cpp with -c")
  driver(-arch=sm_90 -dlink -o "${WORK_DIR}/link.o" "${WORK_DIR}/scale.o" "${WORK_DIR}/offset.o")
  expect_built("the -dlink step")
  driver(-lib -o "${WORK_DIR}/libscale.a" "${WORK_DIR}/scale.o" "${WORK_DIR}/offset.o")
  expect_built("the static library")
  driver(-o "${WORK_DIR}/scaled" "${WORK_DIR}/main.o" "${WORK_DIR}/link.o" -L "${WORK_DIR}" -lscale -lcudart)
  expect_built("the link of main.o with libscale.a")
  run("${WORK_DIR}/scaled")
  expect_scaled("the program linked from objects and a library")
  message("ok: compiled one file at a time, linked: ${out}")

elseif(CHECK STREQUAL "makefile")
  find_program(MAKE_PROGRAM NAMES make gmake)
  if(NOT MAKE_PROGRAM)
    shuffles_skip_without_tool(make "apt-get install make")
  endif()
  file(COPY "${programs}/multi" DESTINATION "${WORK_DIR}")
  execute_process(COMMAND "${MAKE_PROGRAM}" "NVCC=${NVCC_DRIVER}" WORKING_DIRECTORY "${WORK_DIR}/multi"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_built("make NVCC=emulator/nvcc")
  run("${WORK_DIR}/multi/scaled")
  expect_scaled("the Makefile's program")
  message("ok: make NVCC=emulator/nvcc built it: ${out}")

elseif(CHECK STREQUAL "arch")
  foreach(case "|800, compute capability 8.0" "-arch=sm_90|900, compute capability 9.0"
               "-arch sm_75|750, compute capability 7.5"
               "-gencode=arch=compute_75,code=sm_75;-gencode;arch=compute_86,code=[sm_86,compute_86]|860, compute capability 8.6")
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts -1 expected)
    list(REMOVE_AT parts -1)
    string(REPLACE " " ";" options "${parts}")
    list(REMOVE_ITEM options "")
    driver(${options} -o "${WORK_DIR}/arch" arch.cu)
    expect_built("arch.cu with '${options}'")
    run("${WORK_DIR}/arch")
    if(NOT out STREQUAL "__CUDA_ARCH__ in a kernel: ${expected}\n")
      fail("with '${options}': expected '__CUDA_ARCH__ in a kernel: ${expected}'")
    endif()
  endforeach()
  message("ok: __CUDA_ARCH__ and the compute capability follow -arch and -gencode")

elseif(CHECK STREQUAL "options")
  driver(-I multi -D NAME=1 -DOTHER -Xcompiler -Wall,-Wextra -o "${WORK_DIR}/scaled" multi/main.cpp multi/scale.cu
         multi/offset.cu)
  expect_built("-I DIR, -D NAME=1 and -Xcompiler A,B")
  driver(--version)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "release 13\\.0")
    fail("--version: expected exit 0 and the release it stands for")
  endif()
  driver(-h)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "usage: emulator/nvcc")
    fail("-h: expected exit 0 and the usage")
  endif()
  foreach(refused "-ptx|arch.cu|-ptx makes GPU code" "-Wall|arch.cu|unknown option '-Wall'"
                  "-arch=sm_60|arch.cu|-arch sm_60: the emulator runs kernels with independent thread scheduling"
                  "-c|kernel.ptx|kernel.ptx: GPU code"
                  "-std=c++17|nvcc arch.cu|nvcc: emulator/nvcc takes nvcc's place")
    string(REPLACE "|" ";" parts "${refused}")
    list(GET parts 0 option)
    list(GET parts 1 input)
    list(GET parts 2 message)
    separate_arguments(input)
    driver(${option} ${input} -o "${WORK_DIR}/refused")
    if(NOT rc EQUAL 1 OR NOT err MATCHES "^emulator/nvcc: [^\n]*${message}" OR EXISTS "${WORK_DIR}/refused")
      fail("${option} ${input}: expected exit 1, one message naming it, and no output")
    endif()
  endforeach()
  message("ok: -I DIR, -D, -Xcompiler, --version and -h taken; -ptx, -Wall, sm_60 and a .ptx input refused by name, and nvcc written after emulator/nvcc")

elseif(CHECK STREQUAL "toolkit_headers")
  driver(-o "${WORK_DIR}/helper" toolkit_helper.cu)
  expect_built("toolkit_helper.cu, whose helper header tests the Toolkit's macros")
  run("${WORK_DIR}/helper")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "compute mode default, discrete\nvalues\\[31\\] = 31\n$")
    fail("the helper header's program: expected exit 0 and its two lines")
  endif()
  # A Toolkit's include folder named with -I, as Makefiles do: never mixed in,
  # so its headers that the emulator stubs are still the emulator's stubs.
  file(MAKE_DIRECTORY "${WORK_DIR}/toolkit/include/crt")
  file(WRITE "${WORK_DIR}/toolkit/include/cuda_runtime_api.h" "#error a Toolkit's header was used\n")
  file(WRITE "${WORK_DIR}/toolkit/include/cuda_fp8.h" "#error a Toolkit's header was used\n")
  file(WRITE "${WORK_DIR}/fp8.cu" "#include <cuda_fp8.h>\nint main() { return 0; }\n")
  driver(-I "${WORK_DIR}/toolkit/include" -o "${WORK_DIR}/helper" toolkit_helper.cu)
  expect_built("toolkit_helper.cu with -I <a Toolkit's include folder>")
  driver(-I "${WORK_DIR}/toolkit/include" -o "${WORK_DIR}/fp8" "${WORK_DIR}/fp8.cu")
  if(rc EQUAL 0 OR err MATCHES "a Toolkit's header was used" OR NOT err MATCHES "cuda_fp8\\.h: the CPU warp emulator")
    fail("with -I <a Toolkit's include folder>, <cuda_fp8.h> must be the emulator's one message")
  endif()
  driver(-o "${WORK_DIR}/library" library.cu)
  string(REGEX MATCHALL "error:" errors "${err}")
  list(LENGTH errors error_count)
  if(rc EQUAL 0 OR NOT error_count EQUAL 1 OR NOT err MATCHES "cublas_v2\\.h: the CPU warp emulator does not emulate cuBLAS")
    fail("library.cu: expected a failed build and one error naming cublas_v2.h, got ${error_count} errors")
  endif()
  # Thrust, CUB and cuda::std are folders of headers: the compiler finds none
  # of them, and the driver then names the library, at the include's line.
  file(WRITE "${WORK_DIR}/thrust.cu" "#include <cstdio>\n#include <thrust/sort.h>\nint main() { return 0; }\n")
  driver(-o "${WORK_DIR}/thrust" "${WORK_DIR}/thrust.cu")
  if(rc EQUAL 0 OR NOT err MATCHES "thrust\\.cu:2 includes <thrust/sort\\.h>, of Thrust[^\n]*does not emulate")
    fail("thrust.cu: expected a failed build whose last message names Thrust at thrust.cu:2, got: ${err}")
  endif()
  file(WRITE "${WORK_DIR}/skipped.cu" "#if 0\n#include <cub/cub.cuh>\n#endif\nint main() { return 0; }\n")
  driver(-o "${WORK_DIR}/skipped" "${WORK_DIR}/skipped.cu")
  expect_built("skipped.cu, whose include of CUB the preprocessor skips")
  message("ok: the Toolkit's macros are there, its include folder is never mixed in, cuBLAS is one message, "
          "Thrust is named")

elseif(CHECK STREQUAL "dependencies")
  driver(-std=c++17 -c -MD -MF "${WORK_DIR}/scale.d" -o "${WORK_DIR}/scale.o" multi/scale.cu)
  expect_built("scale.cu with -MD -MF")
  file(READ "${WORK_DIR}/scale.d" dependencies)
  file(REAL_PATH "${programs}/multi/offset.cuh" header)
  string(FIND "${dependencies}" "${header}" at)
  if(at EQUAL -1 OR dependencies MATCHES "emulator-nvcc-")
    fail("the dependency file must name ${header}, not the driver's copies:\n${dependencies}")
  endif()
  message("ok: the dependency file names the sources:\n${dependencies}")

elseif(CHECK STREQUAL "device_launch")
  driver(-rdc=true -o "${WORK_DIR}/device_launch" device_launch.cu -lcudadevrt)
  expect_built("device_launch.cu")
  run("${WORK_DIR}/device_launch")
  if(NOT rc EQUAL 70 OR NOT err MATCHES "^warp emulator: kernel parent, block \\(0,0,0\\), thread \\(0,0,0\\) launched child from device code \\(dynamic parallelism\\), which the CPU warp emulator does not emulate")
    fail("a launch from device code: expected exit 70 and one message naming it")
  endif()
  message("ok: ${err}")

elseif(CHECK STREQUAL "sources_are_cuda")
  if(NOT NVCC OR NOT EXISTS "${NVCC}")
    shuffles_skip_without_tool(nvcc "install the CUDA Toolkit")
  endif()
  execute_process(COMMAND "${NVCC}" -std=c++17 -arch=sm_90 -rdc=true -o "${WORK_DIR}/scaled" multi/main.cpp
                          multi/scale.cu multi/offset.cu WORKING_DIRECTORY "${programs}" RESULT_VARIABLE rc
                          OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_built("nvcc: the three files")
  execute_process(COMMAND "${NVCC}" -std=c++17 -arch=sm_90 -rdc=true -o "${WORK_DIR}/device_launch" device_launch.cu
                          -lcudadevrt WORKING_DIRECTORY "${programs}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                          ERROR_VARIABLE err)
  expect_built("nvcc: device_launch.cu with -rdc=true")
  foreach(source arch.cu toolkit_helper.cu)
    execute_process(COMMAND "${NVCC}" -std=c++17 -arch=sm_90 -c -o "${WORK_DIR}/program.o" ${source}
                    WORKING_DIRECTORY "${programs}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    expect_built("nvcc: ${source}")
  endforeach()
  message("ok: nvcc builds every program here")

else()
  message(FATAL_ERROR "unknown CHECK '${CHECK}'")
endif()
