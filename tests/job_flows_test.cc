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

// fio's t/jobs/t0011-5d2788d5.fio through `hostmark fio` (scripts/peer/fio-suite.sh runs the
// job itself next to the real fio, with fio's check: an IOPS ratio from 6 to 10). Shorter, and
// the paced job outlives the free one: a job leaves its group when its thread ends, and a job
// left alone is not held back any more. What is asserted is flow control's guarantee, which no
// load can change: the weight-8 job never issues more than 8 I/Os per I/O of the weight-1 job
// (plus the group's initial 1). How close it comes to 8 depends on the CPU it gets: under
// ASan with two builds beside it, 4.6 (the real fio's spinning job reached 1.7 with three runs
// at once), so the lower bound is only that the heavier job did more.
TEST(FioFlowCli, WeightEightNeverIssuesMoreThanEightTimesWeightOne) {
  const RunOutput r =
      run_hostmark({"fio", "--bs=4k", "--ioengine=null", "--size=100g", "--flow_id=1",
                    "--output-format=json", "--name=flow1", "--flow=1", "--rate_iops=1000",
                    "--runtime=3", "--name=flow2", "--flow=8", "--runtime=2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto result = nlohmann::json::parse(r.out);
  const auto paced = result["jobs"][0]["read"]["total_ios"].get<std::uint64_t>();
  const auto free_running = result["jobs"][1]["read"]["total_ios"].get<std::uint64_t>();
  EXPECT_LE(free_running, 8 * (paced + 1));
  EXPECT_GT(free_running, paced);
}

}  // namespace
}  // namespace hostmark::io
