# driver_tests.cmake: the tests of emulator/emulate, the command that runs a
# learner's .cu file unchanged on the emulator, and of emulator/nvcc, the
# driver that builds from nvcc's command line. tests/emulate.cmake and
# tests/nvcc.cmake say what each check holds them to; their plants in
# tests/plants.py prove they bite. Included from emulator/CMakeLists.txt.

set(emulate_command ${CMAKE_COMMAND} -DEMULATE=${CMAKE_CURRENT_SOURCE_DIR}/emulate -DSOURCE_DIR=${PROJECT_SOURCE_DIR})
foreach(check example_rule_broken example_legal rewrites compile_error inline_ptx queued_work_on_workers
              owners_across_attempts heap_write_past_row read_before_start arguments)
  shuffles_test(emulate_${check} LABEL cpu TIMEOUT 120
                ENVIRONMENT "WARP_EMULATOR_LIBRARY=$<TARGET_FILE:warp_emulator_runtime>"
                COMMAND ${emulate_command} -DCHECK=${check} -DWORK_DIR=${work_dir}/emulate-${check}
                        -P "${tests_dir}/emulate.cmake")
endforeach()
# The rewriting of inline PTX's video instructions, statement by statement:
# each form the emulator runs, and one message for each that it does not.
shuffles_test(emulate_inline_ptx_rewrites LABEL cpu TIMEOUT 30
              COMMAND ${Python3_EXECUTABLE} "${tests_dir}/inline_ptx_rewrites.py")
shuffles_test(emulate_sources_are_cuda LABEL cpu TIMEOUT 300
              COMMAND ${emulate_command} -DCHECK=sources_are_cuda -DNVCC=${CMAKE_CUDA_COMPILER}
                      -DWORK_DIR=${work_dir}/emulate-cuda -P "${tests_dir}/emulate.cmake")
# Stopped by SIGTERM (timeout), SIGHUP (a closed terminal) or SIGINT (Ctrl-C),
# emulate passes the signal to the program and leaves no emulate-* folder behind.
shuffles_test(emulate_signals LABEL cpu TIMEOUT 300
              ENVIRONMENT "WARP_EMULATOR_LIBRARY=$<TARGET_FILE:warp_emulator_runtime>"
              COMMAND ${Python3_EXECUTABLE} "${tests_dir}/emulate_signals.py" "${CMAKE_CURRENT_SOURCE_DIR}/emulate"
                      "${PROJECT_SOURCE_DIR}" "${work_dir}/emulate-signals")


set(nvcc_command ${CMAKE_COMMAND} -DNVCC_DRIVER=${CMAKE_CURRENT_SOURCE_DIR}/nvcc -DSOURCE_DIR=${PROJECT_SOURCE_DIR})
foreach(check multi_file separate makefile arch options toolkit_headers dependencies device_launch)
  shuffles_test(nvcc_${check} LABEL cpu TIMEOUT 180
                ENVIRONMENT "WARP_EMULATOR_LIBRARY=$<TARGET_FILE:warp_emulator_runtime>"
                COMMAND ${nvcc_command} -DCHECK=${check} -DWORK_DIR=${work_dir}/nvcc-${check} -P "${tests_dir}/nvcc.cmake")
endforeach()
shuffles_test(nvcc_sources_are_cuda LABEL cpu TIMEOUT 300
              COMMAND ${nvcc_command} -DCHECK=sources_are_cuda -DNVCC=${CMAKE_CUDA_COMPILER}
                      -DWORK_DIR=${work_dir}/nvcc-cuda -P "${tests_dir}/nvcc.cmake")
