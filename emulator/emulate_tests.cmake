# emulate_tests.cmake: the tests of emulator/emulate, the command that runs a
# learner's .cu file unchanged on the emulator. tests/emulate.cmake says what
# each check holds the script to; its plants in tests/plants.py prove they bite.
# Included from emulator/CMakeLists.txt.

set(emulate_command ${CMAKE_COMMAND} -DEMULATE=${CMAKE_CURRENT_SOURCE_DIR}/emulate -DSOURCE_DIR=${PROJECT_SOURCE_DIR})
foreach(check example_rule_broken example_legal rewrites compile_error inline_ptx arguments)
  shuffles_test(emulate_${check} LABEL cpu TIMEOUT 120
                ENVIRONMENT "WARP_EMULATOR_LIBRARY=$<TARGET_FILE:warp_emulator_runtime>"
                COMMAND ${emulate_command} -DCHECK=${check} -DWORK_DIR=${work_dir}/emulate-${check}
                        -P "${tests_dir}/emulate.cmake")
endforeach()
shuffles_test(emulate_sources_are_cuda LABEL cpu TIMEOUT 300
              COMMAND ${emulate_command} -DCHECK=sources_are_cuda -DNVCC=${CMAKE_CUDA_COMPILER}
                      -DWORK_DIR=${work_dir}/emulate-cuda -P "${tests_dir}/emulate.cmake")

