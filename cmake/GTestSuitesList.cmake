# Run by cmake -P after a test binary is built (cmake/GTestSuites.cmake): lists its gtest suites
# and writes OUTPUT_FILE, a ctest file with one add_test per suite.
# Inputs: TEST_EXECUTABLE, TEST_EMULATOR (a list, may be empty), TEST_FILTER (negative, may be
# empty), TEST_LABELS (a list), TEST_SERIAL (suites that run alone, a list), TEST_TIMEOUT,
# TEST_WORKING_DIR, OUTPUT_FILE.
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...) in this -P script
set(list_args --gtest_list_tests)
if(TEST_FILTER)
  list(APPEND list_args "--gtest_filter=${TEST_FILTER}")
endif()
execute_process(COMMAND ${TEST_EMULATOR} "${TEST_EXECUTABLE}" ${list_args}
                WORKING_DIRECTORY "${TEST_WORKING_DIR}" TIMEOUT 120
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE error)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --gtest_list_tests failed (${result}):\n${output}${error}")
endif()

function(quoted out)   # out = the arguments as one CMake string of bracket-quoted words
  set(words "")
  foreach(word IN LISTS ARGN)
    string(APPEND words " [==[${word}]==]")
  endforeach()
  set(${out} "${words}" PARENT_SCOPE)
endfunction()

quoted(command ${TEST_EMULATOR} "${TEST_EXECUTABLE}")
list(JOIN TEST_LABELS ";" labels)
string(REPLACE "\n" ";" lines "${output}")
set(content "# Written by cmake/GTestSuitesList.cmake after each build of ${TEST_EXECUTABLE}.\n")
set(count 0)
foreach(line IN LISTS lines)
  # A suite line is the suite's name and a dot, maybe followed by "  # TypeParam = ..."; a test
  # line starts with spaces.
  if(line MATCHES "^([^ #][^ ]*)\\.( .*)?$")
    set(suite "${CMAKE_MATCH_1}")
    quoted(filter "--gtest_filter=${suite}.*${TEST_FILTER}")
    string(APPEND content
      "add_test([==[${suite}]==]${command}${filter})\n"
      "set_tests_properties([==[${suite}]==] PROPERTIES WORKING_DIRECTORY [==[${TEST_WORKING_DIR}]==]"
      " TIMEOUT ${TEST_TIMEOUT} SKIP_RETURN_CODE 77")
    if(labels)
      string(APPEND content " LABELS [==[${labels}]==]")
    endif()
    if(suite IN_LIST TEST_SERIAL)
      string(APPEND content " RUN_SERIAL TRUE")
    endif()
    string(APPEND content ")\n")
    math(EXPR count "${count} + 1")
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} lists no gtest suite:\n${output}")
endif()
file(WRITE "${OUTPUT_FILE}" "${content}")
