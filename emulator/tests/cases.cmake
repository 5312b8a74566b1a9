# cases.cmake: every regression case in this folder (NAME.cu with its
# NAME.stdout.exp and NAME.stderr.exp) is built by the build, once, into
# emulator_case_NAME, and is a test of its own, emulator_case.NAME, that
# run_case.py runs and compares. For each rule and each check, a case that
# breaks it (NAME_broken) and a legal one that must stay silent (NAME_legal);
# NAME_unseen is a mistake the emulator cannot see, kept to show it (the
# README of emulator/ lists them).
# gpu_answers.cu is not a case: emulator_answers_as_the_gpu holds it to the H200's answers.
# Included from emulator/CMakeLists.txt.
file(GLOB emulator_cases CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/*_broken.cu" "${CMAKE_CURRENT_LIST_DIR}/*_legal.cu"
     "${CMAKE_CURRENT_LIST_DIR}/*_unseen.cu")
set(case_programs "")
foreach(case IN LISTS emulator_cases)
  get_filename_component(name "${case}" NAME_WE)
  add_emulated_program(emulator_case_${name} "${case}")
  list(APPEND case_programs $<TARGET_FILE:emulator_case_${name}>)
  # -S: run_case.py needs only the standard library, and the site-packages that
  # python3 reads first cost each of these few-tenths-of-a-second tests a quarter of its time.
  shuffles_test(emulator_case.${name} LABEL cpu TIMEOUT 60
                COMMAND "${Python3_EXECUTABLE}" -S "${CMAKE_CURRENT_LIST_DIR}/run_case.py"
                        $<TARGET_FILE:emulator_case_${name}> "${case}")
endforeach()

# A launch on several workers prints what it prints on one (block_workers.hpp):
# every case, and the emulated report, on 1 and on 4 workers, byte for byte.
shuffles_test(emulator_workers_match_one_worker LABEL cpu TIMEOUT 600
              COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/tests/workers_match.py" "${CMAKE_CURRENT_LIST_DIR}"
                      ${case_programs} $<TARGET_FILE:shuffles_emulated>)
