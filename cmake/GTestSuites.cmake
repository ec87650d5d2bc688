# hostmark_add_gtest_suites(TARGET [FILTER NEGATIVE] [LABELS ...] [SERIAL SUITE...] [TIMEOUT S]):
# registers one
# ctest test per gtest suite of TARGET (not one per test, as gtest_discover_tests does). A test
# process costs about half a second to start under AddressSanitizer, a suite's tests share one,
# so the asan run starts 245 processes instead of 1,349. Each suite runs as
# `TARGET --gtest_filter=Suite.*[-NEGATIVE]`; its tests are listed after each build, as
# gtest_discover_tests lists them (cmake/GTestSuitesList.cmake). A suite whose tests were all
# skipped exits with 77 (tests/test_main.cc) and is reported as skipped. FILTER is a negative gtest filter (`-Pattern:...`) applied to
# the listing and to every suite's run. A SERIAL suite runs alone (ctest RUN_SERIAL): it
# compares two programs sampling the same moment, which other tests' load would skew.
function(hostmark_add_gtest_suites target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "FILTER;TIMEOUT" "LABELS;SERIAL")
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT 1200)
  endif()
  set(suites_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_suites.cmake")
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
  add_custom_command(
    TARGET ${target} POST_BUILD BYPRODUCTS ${suites_file}
    COMMAND "${CMAKE_COMMAND}" -D "TEST_EXECUTABLE=$<TARGET_FILE:${target}>"
            -D "TEST_EMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}" -D "TEST_FILTER=${arg_FILTER}"
            -D "TEST_LABELS=${arg_LABELS}" -D "TEST_SERIAL=${arg_SERIAL}"
            -D "TEST_TIMEOUT=${arg_TIMEOUT}"
            -D "TEST_WORKING_DIR=${CMAKE_CURRENT_BINARY_DIR}" -D "OUTPUT_FILE=${suites_file}"
            -P "${PROJECT_SOURCE_DIR}/cmake/GTestSuitesList.cmake"
    VERBATIM)
  # ctest reads the list only once the target was built (a configure without a build lists none).
  file(WRITE "${include_file}"
       "if(EXISTS \"${suites_file}\")\n  include(\"${suites_file}\")\nelse()\n"
       "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
