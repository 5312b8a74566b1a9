# cases.cmake: every regression case in this folder (NAME.cu with its
# NAME.stdout.exp and NAME.stderr.exp) is a test of its own, emulator_case.NAME,
# run by run_case.cmake through emulator/emulate. For each rule, a case that
# breaks it (NAME_broken) and a legal one that must stay silent (NAME_legal).
# gpu_answers.cu is not a case: emulator_answers_as_the_gpu holds it to the H200's answers.
# Included from emulator/CMakeLists.txt.
file(GLOB emulator_cases CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/*_broken.cu" "${CMAKE_CURRENT_LIST_DIR}/*_legal.cu")
foreach(case IN LISTS emulator_cases)
  get_filename_component(name "${case}" NAME_WE)
  add_test(NAME emulator_case.${name}
           COMMAND ${CMAKE_COMMAND} -DCASE=${case} -DEMULATE=${CMAKE_CURRENT_LIST_DIR}/../emulate
                   -DCXX=${CMAKE_CXX_COMPILER} -DWORK_DIR=${work_dir}/emulator-case-${name}
                   -P "${CMAKE_CURRENT_LIST_DIR}/run_case.cmake")
  set_tests_properties(emulator_case.${name} PROPERTIES LABELS cpu)
endforeach()
