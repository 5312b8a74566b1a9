# lanes_pictures_valid: every committed picture is SVG that a reader's tools
# take: it parses as XML with text legible at the README's width
# (check_svg.py), and a real SVG renderer, rsvg-convert, draws it to PNG with
# no error and no warning.
#   -DPYTHON=<python3> -DRSVG_CONVERT=<rsvg-convert or empty> -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(PYTHON RSVG_CONVERT SOURCE_DIR WORK_DIR)
shuffles_require_python()

file(GLOB pictures "${SOURCE_DIR}/docs/lanes/*.svg")
if(pictures STREQUAL "")
  message(FATAL_ERROR "docs/lanes/ holds no SVG; draw them with tools/draw-lanes.sh")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Both checks must bite: a picture cut off halfway is rejected by each.
list(GET pictures 0 first)
file(READ "${first}" text)
string(LENGTH "${text}" length)
math(EXPR half "${length} / 2")
string(SUBSTRING "${text}" 0 ${half} text)
file(WRITE "${WORK_DIR}/cut-off.svg" "${text}")

set(check "${SOURCE_DIR}/tools/lanes/check_svg.py")
execute_process(COMMAND "${PYTHON}" "${check}" "${WORK_DIR}/cut-off.svg" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "check_svg.py passed a picture cut off halfway; this test cannot fail as written")
endif()
execute_process(COMMAND "${PYTHON}" "${check}" ${pictures} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a committed picture failed check_svg.py (above); redraw with tools/draw-lanes.sh")
endif()

if(NOT RSVG_CONVERT OR NOT EXISTS "${RSVG_CONVERT}")
  shuffles_skip_without_tool(rsvg-convert "apt-get install librsvg2-bin (Debian, Ubuntu) or brew install librsvg")
endif()
execute_process(COMMAND "${RSVG_CONVERT}" -o "${WORK_DIR}/cut-off.png" "${WORK_DIR}/cut-off.svg"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "rsvg-convert drew a picture cut off halfway; this test cannot fail as written")
endif()
foreach(picture IN LISTS pictures)
  get_filename_component(name "${picture}" NAME_WE)
  execute_process(COMMAND "${RSVG_CONVERT}" -o "${WORK_DIR}/${name}.png" "${picture}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT "${out}${err}" STREQUAL "" OR NOT EXISTS "${WORK_DIR}/${name}.png")
    message(FATAL_ERROR "rsvg-convert could not draw ${picture} cleanly (exit ${rc}):\n${out}${err}")
  endif()
  file(SIZE "${WORK_DIR}/${name}.png" size)
  message("ok: rsvg-convert drew ${name}.svg to PNG, ${size} bytes")
endforeach()
