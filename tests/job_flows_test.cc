// flow=, flow_id=, flow_sleep=: jobs of one flow group issue I/Os in the ratio of their weights.
// The group itself (io/job_flows.h), then `hostmark fio` next to the real fio 3.33 on fio's own
// t0011 job (a paced job of weight 1 and a free one of weight 8: about 8 times its IOPS).
#include "io/job_flows.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "real_fio.h"
#include "run_binary.h"

namespace hostmark::io {
namespace {

// Offers every member a turn, `rounds` times; returns how many I/Os each was let issue.
std::vector<std::uint64_t> offer_turns(std::vector<FlowMember>& members, int rounds) {
  std::vector<std::uint64_t> issued(members.size(), 0);
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t m = 0; m < members.size(); ++m) {
      if (members[m].may_issue()) ++issued[m];
    }
  }
  return issued;
}

TEST(JobFlows, MembersOfOneGroupIssueInTheRatioOfTheirWeights) {
  JobFlows flows;
  std::vector<FlowMember> members;
  for (unsigned weight : {1u, 5u, 10u}) members.push_back(flows.join(1, weight));
  const auto issued = offer_turns(members, 16000);
  const double total = static_cast<double>(issued[0] + issued[1] + issued[2]);
  EXPECT_NEAR(static_cast<double>(issued[0]) / total, 1.0 / 16, 0.01);
  EXPECT_NEAR(static_cast<double>(issued[1]) / total, 5.0 / 16, 0.01);
  EXPECT_NEAR(static_cast<double>(issued[2]) / total, 10.0 / 16, 0.01);
  EXPECT_EQ(issued[2], 16000u) << "the heaviest member is never held back";
}

TEST(JobFlows, GroupsAndWeightlessJobsAreIndependent) {
  JobFlows flows;
  std::vector<FlowMember> members;
  members.push_back(flows.join(1, 1));
  members.push_back(flows.join(2, 9));
  members.push_back(flows.join(7, 0));  // no flow=: not in any group
  const auto issued = offer_turns(members, 1000);
  EXPECT_EQ(issued, (std::vector<std::uint64_t>{1000, 1000, 1000}));
}

TEST(JobFlows, ALeavingMemberTakesItsShareWithIt) {
  JobFlows flows;
  std::vector<FlowMember> members;
  members.push_back(flows.join(3, 1));
  members.push_back(flows.join(3, 3));
  offer_turns(members, 1000);
  std::vector<FlowMember> alone;
  alone.push_back(std::move(members[0]));
  members.clear();  // the weight-3 member leaves
  EXPECT_EQ(offer_turns(alone, 500), std::vector<std::uint64_t>{500})
      << "alone in its group, a member is never held back";
}

double job_iops(const nlohmann::json& result, std::size_t job) {
  return result["jobs"][job]["read"]["iops"].get<double>();
}

TEST(FioFlowVsFio, WeightEightRunsAboutEightTimesAsManyIosAsWeightOne) {
  SKIP_WITHOUT_FIO();
  // fio's t/jobs/t0011-5d2788d5.fio, for 2 s instead of 10.
  const std::vector<std::string> job{"--bs=4k",      "--ioengine=null", "--size=100g",
                                     "--runtime=2",  "--flow_id=1",     "--output-format=json",
                                     "--name=flow1", "--flow=1",        "--rate_iops=1000",
                                     "--name=flow2", "--flow=8"};
  std::vector<std::string> hostmark_args{"fio"};
  hostmark_args.insert(hostmark_args.end(), job.begin(), job.end());
  const RunOutput fio = run_program(::hostmark::testing::kRealFioBinary, job);
  const RunOutput ours = run_hostmark(hostmark_args);
  ASSERT_EQ(fio.exit_code, 0) << fio.err;
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  for (const RunOutput* r : {&fio, &ours}) {
    const auto result = nlohmann::json::parse(r->out);
    const double paced = job_iops(result, 0), free_running = job_iops(result, 1);
    // fio's own check of this job: a ratio between 6 and 10.
    EXPECT_GT(free_running / paced, 6) << (r == &fio ? "fio" : "hostmark");
    EXPECT_LT(free_running / paced, 10) << (r == &fio ? "fio" : "hostmark");
  }
}

}  // namespace
}  // namespace hostmark::io
