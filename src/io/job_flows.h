#pragma once
// fio's token-based flow control (flow=, flow_id=, flow_sleep=): the jobs of a run that share a
// flow_id keep their numbers of issued I/Os in the ratio of their flow weights. Each job counts
// its own I/Os and the group counts all of them; before each I/O a job compares its share of the
// group's count with its share of the group's weight and waits while it is ahead, as fio 3.33's
// flow.c does.
//
// One JobFlows per run, shared by its job threads (thread-safe). Every job joins before any
// starts (fio joins at parse time) and leaves when its thread ends.
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

namespace hostmark::io {

struct FlowGroup {
  std::atomic<std::uint64_t> issued{1};  // fio starts the group's counter at 1
  std::atomic<std::uint64_t> total_weight{0};
};

class JobFlows;

// A job's place in its flow group. Leaving (the destructor) takes its count and weight back out.
class FlowMember {
 public:
  FlowMember() = default;
  FlowMember(JobFlows& flows, FlowGroup& group, unsigned weight);
  FlowMember(FlowMember&& other) noexcept;
  FlowMember& operator=(FlowMember&&) = delete;
  FlowMember(const FlowMember&) = delete;
  FlowMember& operator=(const FlowMember&) = delete;
  ~FlowMember();

  // True when the job may issue one more I/O now (and counts it); false while the job is ahead
  // of its weight's share. Always true outside a group (flow=0) and after leave().
  bool may_issue() { return group_ == nullptr || may_issue_in_group(); }  // inline: per I/O
  // Takes the job's count and weight out of its group (when its thread has ended, as fio reaps
  // a job); the destructor does it if not done. Safe to call twice.
  void leave();

 private:
  bool may_issue_in_group();

  JobFlows* flows_ = nullptr;
  FlowGroup* group_ = nullptr;
  unsigned weight_ = 0;
  std::uint64_t issued_ = 0;
};

class JobFlows {
 public:
  // Joins group `flow_id` with `weight`; weight 0 (no flow=) joins nothing.
  FlowMember join(unsigned flow_id, unsigned weight);

 private:
  friend class FlowMember;
  void leave(FlowGroup& group, std::uint64_t issued, unsigned weight);

  std::mutex lock_;
  std::map<unsigned, std::unique_ptr<FlowGroup>> groups_;
};

}  // namespace hostmark::io
