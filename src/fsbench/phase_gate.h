#pragma once
// Where a distributed `hostmark fs` (commands/fs_distributed.h) holds every rank: each rank
// passes before_phase() and after_phase() around every timed test, in the same order, so all
// ranks run each test together (mdtest's barriers). A gate may throw to stop this rank (another
// rank failed); the fs tests then unwind and remove their files as on any error.
namespace hostmark::fsbench {

class PhaseGate {
 public:
  virtual ~PhaseGate() = default;
  virtual void before_phase() = 0;
  virtual void after_phase() = 0;
};

}  // namespace hostmark::fsbench
