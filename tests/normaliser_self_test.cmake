# normaliser_self_test.cmake: proves the transcript comparison can fail, and
# fails exactly where it should. No GPU needed.
#
# Starting from the T4 transcript itself, it makes one mutant per digit (that
# digit changed) and two per line (a character appended, the line removed),
# and checks each verdict: a mutant passes only when the change lies inside
# one of the three masked fields. A normaliser that masks too much lets a
# mutant through; one that masks too little rejects an allowed change.
#   -DTRANSCRIPT=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.20)  # list() keeps empty elements (blank report lines)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/normalise_report.cmake")
shuffles_require_variables(TRANSCRIPT WORK_DIR)

shuffles_read_transcript("${TRANSCRIPT}" transcript)
string(REPLACE "\n" ";" lines "${transcript}")
list(LENGTH lines line_count)
math(EXPR last "${line_count} - 1")

set(failures 0)
set(mutants 0)
# Reassembles the transcript with line `index` replaced (or dropped when
# `replacement` is the marker <drop>), compares, and checks the verdict.
function(check_mutant index replacement expect_same what)
  set(text "")
  set(i 0)
  foreach(line IN LISTS lines)
    if(i EQUAL index)
      if(NOT replacement STREQUAL "<drop>")
        string(APPEND text "${replacement}\n")
      endif()
    else()
      string(APPEND text "${line}\n")
    endif()
    math(EXPR i "${i} + 1")
  endforeach()
  string(REGEX REPLACE "\n$" "" text "${text}")  # the split added one empty last element
  shuffles_compare_reports("${transcript}" "${text}" "${WORK_DIR}" same)
  if(NOT same STREQUAL expect_same)
    message(SEND_ERROR "wrong verdict for ${what}: got same=${same}, expected ${expect_same}")
    math(EXPR failures "${failures} + 1")
    set(failures ${failures} PARENT_SCOPE)
  endif()
  math(EXPR mutants "${mutants} + 1")
  set(mutants ${mutants} PARENT_SCOPE)
endfunction()

# The unchanged transcript agrees with itself.
shuffles_compare_reports("${transcript}" "${transcript}" "${WORK_DIR}" same)
if(NOT same)
  message(FATAL_ERROR "the transcript does not match itself:\n${same_DIFF}")
endif()

set(sentence_index -1)
foreach(index RANGE ${last})
  list(GET lines ${index} line)
  string(LENGTH "${line}" length)
  # Which columns of this line may change: [first, end), or none.
  set(first -1)
  set(end -1)
  set(whole_line FALSE)
  if(line MATCHES "^GPU: ")
    set(whole_line TRUE)
  elseif(index EQUAL sentence_index)
    set(whole_line TRUE)
  elseif(line MATCHES "^reduceRows[A-Za-z]+ +[0-9]+ +[0-9]+ +[0-9]+$")
    set(first 37)
    set(end 48)
  elseif(line MATCHES "^reduceRowsBallotDown +[0-9]+ +-$")
    set(first 24)
    set(end 34)
    math(EXPR sentence_index "${index} + 1")
  endif()

  # Every digit, changed in place.
  if(length GREATER 0)
    math(EXPR last_column "${length} - 1")
    foreach(column RANGE ${last_column})
      string(SUBSTRING "${line}" ${column} 1 character)
      if(character MATCHES "[0-9]")
        math(EXPR changed "(${character} + 1) % 10")
        string(SUBSTRING "${line}" 0 ${column} head)
        math(EXPR after "${column} + 1")
        string(SUBSTRING "${line}" ${after} -1 tail)
        if(whole_line OR (column GREATER_EQUAL first AND column LESS end))
          set(expect TRUE)
        else()
          set(expect FALSE)
        endif()
        check_mutant(${index} "${head}${changed}${tail}" ${expect} "line ${index} column ${column}: '${line}'")
      endif()
    endforeach()
  endif()

  # A character appended, and the line dropped: only a masked whole line may change.
  check_mutant(${index} "${line}x" ${whole_line} "line ${index} with 'x' appended")
  check_mutant(${index} "<drop>" FALSE "line ${index} removed")
endforeach()

# Allowed changes that also change a field's width must still pass...
set(text "${transcript}")
string(REPLACE "reduceRowsPadded                    0         23              0"
               "reduceRowsPadded                    0        128              0" text "${text}")
string(REPLACE "reduceRowsBallotDown             0            -\n  every row came out right, which is a fact about this driver and not about the code"
               "reduceRowsBallotDown          8205            -\n  8205 of 8205 rows came out wrong" text "${text}")
string(REPLACE "GPU: Tesla T4 (compute capability 7.5)" "GPU: NVIDIA H200 (compute capability 9.0)" text "${text}")
shuffles_compare_reports("${transcript}" "${text}" "${WORK_DIR}" same)
if(NOT same)
  message(SEND_ERROR "allowed changes (GPU, registers, faulty kernel's count and sentence) were rejected:\n${same_DIFF}")
  math(EXPR failures "${failures} + 1")
endif()
# ...and a mismatch must come with a unified diff naming the changed line.
string(REPLACE "0 of 8205 rows differ bit for bit" "1 of 8205 rows differ bit for bit" text "${text}")
shuffles_compare_reports("${transcript}" "${text}" "${WORK_DIR}" same)
if(same OR NOT same_DIFF MATCHES "\n\\+reduceRowsPadded against reduceRowsShared: 1 of 8205")
  message(SEND_ERROR "a changed count was not shown as a unified diff:\n${same_DIFF}")
  math(EXPR failures "${failures} + 1")
endif()

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} of ${mutants} mutants got the wrong verdict")
endif()
message("normaliser: all ${mutants} mutants got the right verdict")
