#pragma once
// The options each OLTP test of `hostmark sysbench` accepts besides the general ones: its
// script's (commands/sysbench_oltp_options.cc).
#include <span>

#include "cli/sysbench_args.h"
#include "workloads/oltp.h"

namespace hostmark {

std::span<const SbOptionDef> oltp_options(OltpKind kind);

}  // namespace hostmark
