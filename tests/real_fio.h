#pragma once
// The real fio (Debian's package, 3.33) that tests compare hostmark against; without it those
// tests skip with a printed reason: SKIP_WITHOUT_FIO(); at the top of the test.
#include <gtest/gtest.h>
#include <unistd.h>

namespace hostmark::testing {
inline constexpr const char* kRealFioBinary = "/usr/bin/fio";
}  // namespace hostmark::testing

#define SKIP_WITHOUT_FIO()                                    \
  if (access(::hostmark::testing::kRealFioBinary, X_OK) != 0) \
  GTEST_SKIP() << ::hostmark::testing::kRealFioBinary         \
               << " is not installed: cannot compare with real fio"
