// Placeholder (branch wt-dbcmd only) so that `hostmark db` links before wt-oltp's
// workloads/oltp_*.cc are merged; removed by the merge of wt-oltp.
#include "workloads/oltp.h"

namespace hostmark {

void oltp_prepare(const OltpSpec&, const db::Driver&, int, std::ostream&) {
  throw Failure(run_error("oltp", "not built yet"));
}
void oltp_cleanup(const OltpSpec&, const db::Driver&, std::ostream&) {}
std::unique_ptr<OltpWorkload> make_oltp_workload(const OltpSpec&, const db::Driver&,
                                                 std::uint64_t) {
  throw Failure(run_error("oltp", "not built yet"));
}

}  // namespace hostmark
