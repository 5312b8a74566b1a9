# emulate_tests.cmake: the tests of emulator/emulate, the command that runs a
# learner's .cu file unchanged on the emulator. tests/emulate.cmake says what
# each check holds the script to; tests/emulate_planted.cmake proves they bite.
# Included from emulator/CMakeLists.txt.

set(emulate_defines -DEMULATE=${CMAKE_CURRENT_SOURCE_DIR}/emulate -DSOURCE_DIR=${PROJECT_SOURCE_DIR})
foreach(check example_rule_broken example_legal rewrites compile_error arguments)
  add_script_test(NAME emulate_${check} LABEL cpu SCRIPT emulate.cmake
                  DEFINES ${emulate_defines} -DCHECK=${check} -DCXX=${CMAKE_CXX_COMPILER}
                          -DWORK_DIR=${work_dir}/emulate-${check})
endforeach()
add_script_test(NAME emulate_rewrites_with_clang LABEL cpu SCRIPT emulate.cmake
                DEFINES ${emulate_defines} -DCHECK=rewrites -DCXX=${SHUFFLES_CLANGXX}
                        -DWORK_DIR=${work_dir}/emulate-rewrites-clang)
add_script_test(NAME emulate_sources_are_cuda LABEL cpu SCRIPT emulate.cmake
                DEFINES ${emulate_defines} -DCHECK=sources_are_cuda -DNVCC=${CMAKE_CUDA_COMPILER}
                        -DWORK_DIR=${work_dir}/emulate-cuda)
add_script_test(NAME emulate_catches_planted_mistakes LABEL cpu SCRIPT emulate_planted.cmake
                DEFINES -DEMULATOR_DIR=${CMAKE_CURRENT_SOURCE_DIR} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
                        -DWORK_DIR=${work_dir}/emulate-planted)
