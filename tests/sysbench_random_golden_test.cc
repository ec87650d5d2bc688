// --rand-type against the real sysbench 1.0.20: a Lua script draws from
// sysbench.rand.default(1, 100000) in sysbench and SysbenchRandom draws from the same range
// with the same options; the share of draws in each 1 % slice of the range must agree (the
// OLTP workloads pick their row ids this way, so the hot rows, and with them the cache and lock
// behaviour, are the same).
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "run_binary.h"
#include "scratch_dir.h"
#include "workloads/sysbench_random.h"

namespace hostmark {
namespace {

constexpr int kDraws = 200000;
constexpr int kSlices = 100;
using Shares = std::array<double, kSlices>;

// Prints the share of kDraws draws in each of the 100 slices of [1, 100000], one per line.
constexpr const char* kScript = R"(
function event()
  local n, c = 200000, {}
  for b = 0, 99 do c[b] = 0 end
  for i = 1, n do
    local b = math.floor((sysbench.rand.default(1, 100000) - 1) / 1000)
    c[b] = c[b] + 1
  end
  for b = 0, 99 do print(string.format("share %d %.6f", b, c[b] / n)) end
end
)";

Shares hostmark_shares(const RandSpec& spec) {
  Shares s{};
  SysbenchRandom r(spec, 12345);
  for (int i = 0; i < kDraws; ++i) s[(r.next(1, 100000) - 1) / 1000] += 1.0 / kDraws;
  return s;
}

// The shares sysbench printed, or why there are none.
std::string sysbench_shares(const std::vector<std::string>& options, Shares& s) {
  ScratchDir dir;
  const std::string script = dir.file("special.lua");
  std::ofstream(script) << kScript;
  std::vector<std::string> args = {script, "--events=1", "--threads=1"};
  args.insert(args.end(), options.begin(), options.end());
  args.push_back("run");
  const RunOutput out = run_program("/usr/bin/sysbench", args);
  if (out.exit_code != 0) return "sysbench failed: " + out.err;
  std::istringstream in(out.out);
  std::string word;
  int seen = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream l(line);
    int slice = 0;
    double share = 0;
    if (l >> word >> slice >> share && word == "share" && slice >= 0 && slice < kSlices) {
      s[slice] = share;
      ++seen;
    }
  }
  return seen == kSlices ? "" : "sysbench printed " + std::to_string(seen) + " slices";
}

void expect_same_shape(const std::vector<std::string>& options, const RandSpec& spec) {
  Shares theirs{};
  const std::string why = sysbench_shares(options, theirs);
  ASSERT_EQ(why, "");
  const Shares ours = hostmark_shares(spec);
  double hot_theirs = 0;
  double hot_ours = 0;
  for (int b = 0; b < kSlices; ++b) {
    // A slice's share has a standard deviation of at most 0.0011 over 200,000 draws.
    EXPECT_NEAR(ours[b], theirs[b], 0.01) << "slice " << b;
    if (theirs[b] > hot_theirs) hot_theirs = theirs[b];
    if (ours[b] > hot_ours) hot_ours = ours[b];
  }
  EXPECT_NEAR(hot_ours, hot_theirs, 0.01);
}

class SysbenchRandomGoldenTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists("/usr/bin/sysbench"))
      GTEST_SKIP() << "sysbench is not installed (apt-get install sysbench)";
  }
};

TEST_F(SysbenchRandomGoldenTest, SpecialDefaultsMatchSysbench) {
  expect_same_shape({}, RandSpec{});
}

TEST_F(SysbenchRandomGoldenTest, SpecialOptionsMatchSysbench) {
  RandSpec spec;
  spec.spec_res = 60;
  spec.spec_pct = 5;
  expect_same_shape({"--rand-spec-res=60", "--rand-spec-pct=5"}, spec);
}

TEST_F(SysbenchRandomGoldenTest, OtherDistributionsMatchSysbench) {
  for (const auto& [name, type] :
       {std::pair{"uniform", RandType::kUniform}, std::pair{"gaussian", RandType::kGaussian},
        std::pair{"pareto", RandType::kPareto}}) {  // 1.0.20: no zipfian
    SCOPED_TRACE(name);
    RandSpec spec;
    spec.type = type;
    expect_same_shape({std::string("--rand-type=") + name}, spec);
  }
}

}  // namespace
}  // namespace hostmark
