#include "io/job_flows.h"

namespace hostmark::io {

FlowMember::FlowMember(JobFlows& flows, FlowGroup& group, unsigned weight)
    : flows_(&flows), group_(&group), weight_(weight) {}

FlowMember::FlowMember(FlowMember&& other) noexcept
    : flows_(other.flows_), group_(other.group_), weight_(other.weight_), issued_(other.issued_) {
  other.flows_ = nullptr;
  other.group_ = nullptr;
}

FlowMember::~FlowMember() { leave(); }

void FlowMember::leave() {
  if (group_ == nullptr) return;
  flows_->leave(*group_, issued_, weight_);
  group_ = nullptr;
}

bool FlowMember::may_issue_in_group() {
  const double own_share = static_cast<double>(issued_) /
                           static_cast<double>(group_->issued.load(std::memory_order_relaxed));
  const double weight_share =
      static_cast<double>(weight_) /
      static_cast<double>(group_->total_weight.load(std::memory_order_relaxed));
  if (own_share > weight_share) return false;
  group_->issued.fetch_add(1, std::memory_order_relaxed);
  ++issued_;
  return true;
}

FlowMember JobFlows::join(unsigned flow_id, unsigned weight) {
  if (weight == 0) return FlowMember{};
  const std::lock_guard<std::mutex> hold(lock_);
  std::unique_ptr<FlowGroup>& group = groups_[flow_id];
  if (!group) group = std::make_unique<FlowGroup>();
  group->total_weight.fetch_add(weight, std::memory_order_relaxed);
  return FlowMember(*this, *group, weight);
}

void JobFlows::leave(FlowGroup& group, std::uint64_t issued, unsigned weight) {
  const std::lock_guard<std::mutex> hold(lock_);
  group.issued.fetch_sub(issued, std::memory_order_relaxed);
  group.total_weight.fetch_sub(weight, std::memory_order_relaxed);
  // The group stays, perhaps empty, until the run ends: a job joining later finds it.
}

}  // namespace hostmark::io
