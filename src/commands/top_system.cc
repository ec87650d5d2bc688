// The block-layer side of top's header. Device counters and CPU times come from
// monitor/disk_sample.h and monitor/cpu_times.h (hostmark stat's collectors); until those are
// built into hostmark this build has no sampler and the header says the numbers are missing.
#include "commands/top_session.h"

namespace hostmark::top {

std::unique_ptr<SystemSampler> make_system_sampler(const std::string& /*root*/) { return nullptr; }

}  // namespace hostmark::top
