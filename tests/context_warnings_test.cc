#include "results/context_warnings.h"

#include <gtest/gtest.h>

namespace hostmark {
namespace {

Context release_on_metal() {
  Context c;
  c.build_type = "Release";
  c.virtualization = "none";
  return c;
}

TEST(ContextWarningsTest, QuietOnAReleaseBuildOnMetalWithPerformanceGovernor) {
  EXPECT_TRUE(context_warnings(release_on_metal(), "performance").empty());
  EXPECT_TRUE(context_warnings(release_on_metal(), "").empty());  // no cpufreq at all
}

TEST(ContextWarningsTest, DebugBuildSaysHowToBuildRelease) {
  Context c = release_on_metal();
  c.build_type = "Debug";
  const auto w = context_warnings(c, "");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("Debug build"), std::string::npos);
  EXPECT_NE(w[0].find("scripts/build.sh release"), std::string::npos);
}

TEST(ContextWarningsTest, ScalingGovernorAndVirtualizationAreNamed) {
  Context c = release_on_metal();
  c.virtualization = "kvm";
  const auto w = context_warnings(c, "powersave");
  ASSERT_EQ(w.size(), 2u);
  EXPECT_NE(w[0].find("'powersave'"), std::string::npos);
  EXPECT_NE(w[1].find("(kvm)"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
