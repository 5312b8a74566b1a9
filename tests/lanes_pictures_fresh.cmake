# lanes_pictures_fresh: the pictures committed under docs/lanes/ are exactly
# what tools/draw-lanes.sh draws from today's sources, byte for byte, and no
# picture is missing or left over.
#   -DCOMPILER=<host C++ compiler> -DPYTHON=<python3> -DSOURCE_DIR=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
shuffles_require_variables(COMPILER PYTHON SOURCE_DIR WORK_DIR)
shuffles_require_python()
find_program(BASH bash)
if(NOT BASH)
  shuffles_skip_without_tool(bash "tools/draw-lanes.sh is a bash script")
endif()

set(regenerate "tools/draw-lanes.sh (from the project's root; it rewrites docs/lanes/)")

# The names that differ between two folders of pictures, as "name: why" lines.
function(compare_pictures expected_dir actual_dir out_var)
  file(GLOB expected RELATIVE "${expected_dir}" "${expected_dir}/*.svg")
  file(GLOB actual RELATIVE "${actual_dir}" "${actual_dir}/*.svg")
  set(differences "")
  foreach(name IN LISTS expected actual)
    if(NOT EXISTS "${actual_dir}/${name}")
      list(APPEND differences "${name}: committed, but no longer drawn")
    elseif(NOT EXISTS "${expected_dir}/${name}")
      list(APPEND differences "${name}: drawn, but not committed")
    else()
      file(SHA256 "${expected_dir}/${name}" expected_hash)
      file(SHA256 "${actual_dir}/${name}" actual_hash)
      if(NOT expected_hash STREQUAL actual_hash)
        list(APPEND differences "${name}: differs from a fresh drawing")
      endif()
    endif()
  endforeach()
  list(REMOVE_DUPLICATES differences)
  set(${out_var} "${differences}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "CXX=${COMPILER}" "PYTHON=${PYTHON}"
                        "${BASH}" "${SOURCE_DIR}/tools/draw-lanes.sh" "${WORK_DIR}/fresh"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tools/draw-lanes.sh failed (exit ${rc}):\n${out}${err}")
endif()

# The comparison must bite: a fresh picture with one byte added is caught.
file(GLOB fresh "${WORK_DIR}/fresh/*.svg")
list(GET fresh 0 first)
file(COPY ${fresh} DESTINATION "${WORK_DIR}/changed")
get_filename_component(first_name "${first}" NAME)
file(APPEND "${WORK_DIR}/changed/${first_name}" " ")
compare_pictures("${WORK_DIR}/fresh" "${WORK_DIR}/changed" caught)
if(caught STREQUAL "")
  message(FATAL_ERROR "the comparison missed a changed byte in ${first_name}; this test cannot fail as written")
endif()

compare_pictures("${SOURCE_DIR}/docs/lanes" "${WORK_DIR}/fresh" differences)
if(NOT differences STREQUAL "")
  string(REPLACE ";" "\n  " differences "${differences}")
  message(FATAL_ERROR "docs/lanes/ is stale:\n  ${differences}\nregenerate with: ${regenerate}")
endif()
list(LENGTH fresh count)
message("ok: the ${count} committed pictures equal a fresh drawing:\n${out}")
