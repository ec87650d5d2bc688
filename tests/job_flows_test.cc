// flow=, flow_id=, flow_sleep=: jobs of one flow group issue I/Os in the ratio of their weights.
// The group itself (io/job_flows.h), then `hostmark fio` on fio's own t0011 job (a paced job of
// weight 1 and a free one of weight 8: about 8 times its IOPS).
#include "io/job_flows.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

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
  members[1].leave();  // the weight-3 member's thread ended
  EXPECT_TRUE(members[1].may_issue()) << "a member that left is not held back";
  members[1].leave();  // twice is harmless
  std::vector<FlowMember> alone;
  alone.push_back(std::move(members[0]));
  EXPECT_EQ(offer_turns(alone, 500), std::vector<std::uint64_t>{500})
      << "alone in its group, a member is never held back";
}

double job_iops(const nlohmann::json& result, std::size_t job) {
  return result["jobs"][job]["read"]["iops"].get<double>();
}

// fio's t/jobs/t0011-5d2788d5.fio through `hostmark fio`, checked as fio's runner checks it
// (scripts/peer/fio-suite.sh runs the job itself next to the real fio). Shorter, and the paced
// job outlives the free one: a job leaves its group when its thread ends, and the job left alone
// is not held back any more. Threads start a few ms apart (more on a loaded machine), and a free
// null-engine job alone for those ms would add more I/Os than the whole paced job does. Only
// hostmark is asserted: under load the real fio's spinning free job falls far behind (ratios of
// 1.7 were seen with three runs at once).
TEST(FioFlowCli, WeightEightRunsAboutEightTimesAsManyIosAsWeightOne) {
  const RunOutput r =
      run_hostmark({"fio", "--bs=4k", "--ioengine=null", "--size=100g", "--flow_id=1",
                    "--output-format=json", "--name=flow1", "--flow=1", "--rate_iops=1000",
                    "--runtime=3", "--name=flow2", "--flow=8", "--runtime=2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto result = nlohmann::json::parse(r.out);
  const double paced = job_iops(result, 0), free_running = job_iops(result, 1);
  // fio's own check of this job: a ratio between 6 and 10.
  EXPECT_GT(free_running / paced, 6);
  EXPECT_LT(free_running / paced, 10);
}

}  // namespace
}  // namespace hostmark::io
