# normalise_report.cmake: the report comparison, and the only place that says
# which fields may differ from the T4 transcript on another GPU. Exactly three:
#   1. the GPU line (everything after "GPU: ");
#   2. the registers column of the kernel-attributes table (its 11 characters);
#   3. reduceRowsBallotDown's sums-wrong count (its 10 characters) and the one
#      sentence under that row.
# Everything else, spacing included, must match byte for byte.
# normaliser_self_test mutates every digit and every line to prove that.

set(SHUFFLES_MASK_GPU "GPU: <masked: GPU name and compute capability>")
set(SHUFFLES_MASK_REGISTERS "<registers>")         # 11 characters, the column's width
set(SHUFFLES_MASK_SUMS_WRONG "<masked>")           # padded to the column's 10 below
set(SHUFFLES_MASK_SENTENCE "<masked: the sentence about reduceRowsBallotDown>")

# The transcript file holds '# ' header comments (the capture details) above
# the report; this returns the report alone.
function(shuffles_read_transcript path out_var)
  file(READ "${path}" text)
  string(REGEX REPLACE "^(#[^\n]*\n)+" "" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

function(shuffles_normalise_report text out_var)
  # Work line by line; protect ';' (CMake's list separator) and '[' ']' first.
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "[" "<open-bracket>" text "${text}")
  string(REPLACE "]" "<close-bracket>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(result "")
  set(mask_next_line FALSE)
  foreach(line IN LISTS lines)
    string(LENGTH "${line}" length)
    if(mask_next_line)
      set(line "${SHUFFLES_MASK_SENTENCE}")
      set(mask_next_line FALSE)
    elseif(line MATCHES "^GPU: ")
      set(line "${SHUFFLES_MASK_GPU}")
    elseif(line MATCHES "^reduceRows[A-Za-z]+ +[0-9]+ +[0-9]+ +[0-9]+$" AND length EQUAL 63)
      # kernel (25) shared/block (12) registers (11) local/thread (15)
      string(SUBSTRING "${line}" 37 11 registers)
      if(registers MATCHES "^ *[0-9]+$")
        string(SUBSTRING "${line}" 0 37 head)
        string(SUBSTRING "${line}" 48 -1 tail)
        set(line "${head}${SHUFFLES_MASK_REGISTERS}${tail}")
      endif()
    elseif(line MATCHES "^reduceRowsBallotDown +[0-9]+ +-$" AND length EQUAL 47)
      # kernel (24) sums wrong (10) maxes wrong (13)
      string(SUBSTRING "${line}" 24 10 count)
      if(count MATCHES "^ *[0-9]+$")
        string(SUBSTRING "${line}" 0 24 head)
        string(SUBSTRING "${line}" 34 -1 tail)
        set(line "${head}  ${SHUFFLES_MASK_SUMS_WRONG}${tail}")
        set(mask_next_line TRUE)
      endif()
    endif()
    string(APPEND result "${line}\n")
  endforeach()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# Sets result_var to TRUE when the two reports agree after normalising.
# On a difference, writes both normalised texts under work_dir and puts a
# unified diff (diff -u, or a line-by-line listing where diff is missing)
# in <result_var>_DIFF.
function(shuffles_compare_reports expected actual work_dir result_var)
  shuffles_normalise_report("${expected}" expected_normalised)
  shuffles_normalise_report("${actual}" actual_normalised)
  if(expected_normalised STREQUAL actual_normalised)
    set(${result_var} TRUE PARENT_SCOPE)
    set(${result_var}_DIFF "" PARENT_SCOPE)
    return()
  endif()
  file(MAKE_DIRECTORY "${work_dir}")
  file(WRITE "${work_dir}/expected.normalised.txt" "${expected_normalised}")
  file(WRITE "${work_dir}/actual.normalised.txt" "${actual_normalised}")
  find_program(SHUFFLES_DIFF diff)
  if(SHUFFLES_DIFF)
    execute_process(COMMAND ${SHUFFLES_DIFF} -u --label t4-transcript --label this-run
                            expected.normalised.txt actual.normalised.txt
                    WORKING_DIRECTORY "${work_dir}" OUTPUT_VARIABLE diff_text)
  else()
    set(diff_text "diff not found; the normalised texts are in ${work_dir}\n")
  endif()
  set(${result_var} FALSE PARENT_SCOPE)
  set(${result_var}_DIFF "${diff_text}" PARENT_SCOPE)
endfunction()
