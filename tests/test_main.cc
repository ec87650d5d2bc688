// The main of the test binaries: gtest's, except that a run whose tests were all skipped (and
// none failed) exits with 77, which ctest reports as skipped (SKIP_RETURN_CODE,
// cmake/GTestSuites.cmake). A ctest entry is a whole gtest suite, so without this a suite
// skipped for a missing server or device would show as passed.
#include <gtest/gtest.h>

namespace {
constexpr int kAllSkippedExit = 77;
}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const int status = RUN_ALL_TESTS();
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  if (status == 0 && unit.successful_test_count() == 0 && unit.skipped_test_count() > 0) {
    return kAllSkippedExit;
  }
  return status;
}
