# emulate_planted.cmake: proof that the emulate checks bite. Each mistake is
# planted in a copy of emulator/emulate (beside a copy of the emulator's
# headers), and the named check of emulate.cmake must then fail as stated.
#   no_line_directive    the copies lose their #line: the compiler names
#                        emulate's copy, not the learner's file
#   launches_in_strings  comments and strings are scanned as code: the launch
#                        in a string is rewritten
#   includes_not_copied  local includes are not followed: the launch in
#                        launchers/fill.cuh reaches the compiler as <<< >>>
#   lines_shifted        a rewrite adds a line: __LINE__ is no longer the
#                        original's
#   -DEMULATOR_DIR=... -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(EMULATOR_DIR SOURCE_DIR WORK_DIR)

file(READ "${EMULATOR_DIR}/emulate" script)
set(failures "")
# plant(name find replace check failure_regex)
function(plant name find replace check failure_regex)
  shuffles_write_planted(${name} "${script}" "${find}" "${replace}" emulate folder)
  file(COPY "${EMULATOR_DIR}/" DESTINATION "${folder}" PATTERN emulate EXCLUDE PATTERN examples EXCLUDE)
  file(CHMOD "${folder}/emulate" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DEMULATE=${folder}/emulate" "-DSOURCE_DIR=${SOURCE_DIR}"
                          "-DWORK_DIR=${folder}/work" "-DCHECK=${check}"
                          -P "${CMAKE_CURRENT_LIST_DIR}/emulate.cmake"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REPLACE " " "[ \n]+" wrapped_regex "${failure_regex}")  # CMake wraps a long message
  if(rc EQUAL 0)
    set(failures "${failures}\n${name}: the ${check} check passed\n${out}${err}" PARENT_SCOPE)
  elseif(NOT err MATCHES "${wrapped_regex}")
    set(failures "${failures}\n${name}: the ${check} check failed, but not with '${failure_regex}'\n${out}${err}"
        PARENT_SCOPE)
  else()
    message("ok: ${name}: the ${check} check failed as it must: ${CMAKE_MATCH_0}")
  endif()
endfunction()

plant(no_line_directive "copy.write(line_directive(shown_name) + result)" "copy.write(result)"
      compile_error "the compiler's error does not name tests/emulate/compile_error.cu:[0-9]+")
plant(launches_in_strings "    return \"\".join(code)" "    return text"
      rewrites "the launch in a string was rewritten")
plant(includes_not_copied "copy_rewritten(candidate, shown, main_folder, root, copied)" "pass"
      rewrites "launchers/fill\\.cuh:[0-9]+:[0-9]+: error")
plant(lines_shifted "(end, end + 3, \")\")" "(end, end + 3, \")\\n\")"
      rewrites "__FILE__:__LINE__ is not tests/emulate/rewrites.cu:[0-9]+")

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "a planted mistake in emulate went unnoticed:${failures}")
endif()
