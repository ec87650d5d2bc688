// Table rows: think time, CPU placement, priorities, page cache advice and flow control.
#include <sched.h>

#include <algorithm>
#include <array>

#include "fio/option_setters.h"
#include "fio/option_table.h"

namespace hostmark::fio {
namespace {
using namespace setters;  // NOLINT(google-build-using-namespace): the row helpers

constexpr std::uint64_t kMicrosecond = 1'000;
constexpr std::uint64_t kFlowMaxWeight = 1000;  // fio's FLOW_MAX_WEIGHT

// thinktime, thinktime_spin and flow_sleep: a bare number is microseconds, as in fio.
template <std::uint64_t JobOptions::*M>
Status set_microseconds(JobOptions& job, std::string_view v) {
  auto n = parse_time_ns(v, kMicrosecond);
  if (!n) return n.error();
  job.*M = n.value();
  return Ok{};
}

Status set_thinktime_blocks_type(JobOptions& job, std::string_view v) {
  if (v != "complete" && v != "issue") return invalid(in_quotes(v) + " is not complete or issue");
  job.thinktime_on_issue = v == "issue";
  return Ok{};
}

Expected<std::uint32_t> cpu_number(std::string_view text) {
  auto n = parse_number(text, 1000, "CPU number");
  if (!n) return n.error();
  if (n.value() >= CPU_SETSIZE) {
    return invalid("CPU " + std::to_string(n.value()) + " is beyond the " +
                   std::to_string(CPU_SETSIZE) + " CPUs Linux can address");
  }
  return static_cast<std::uint32_t>(n.value());
}

// "0,5,8-15", as fio: CPUs and ranges separated by commas.
Status set_cpus_allowed(JobOptions& job, std::string_view v) {
  std::vector<std::uint32_t> cpus;
  while (!v.empty()) {
    const std::size_t comma = v.find(',');
    const std::string_view item = v.substr(0, comma);
    v = comma == std::string_view::npos ? std::string_view() : v.substr(comma + 1);
    const std::size_t dash = item.find('-');
    auto first = cpu_number(item.substr(0, dash));
    if (!first) return first.error();
    auto last = dash == std::string_view::npos ? first : cpu_number(item.substr(dash + 1));
    if (!last) return last.error();
    if (last.value() < first.value()) return invalid(in_quotes(item) + " is a backwards range");
    for (std::uint32_t c = first.value(); c <= last.value(); ++c) cpus.push_back(c);
  }
  if (cpus.empty()) return invalid("names no CPU");
  std::ranges::sort(cpus);
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  job.cpus_allowed = std::move(cpus);
  return Ok{};
}

// A bit mask of CPUs 0-63: decimal or 0x hex.
Status set_cpumask(JobOptions& job, std::string_view v) {
  auto mask = parse_number(v, 1000, "CPU mask");
  if (!mask) return mask.error();
  std::vector<std::uint32_t> cpus;
  for (std::uint32_t c = 0; c < 64; ++c)
    if ((mask.value() >> c) & 1u) cpus.push_back(c);
  if (cpus.empty()) return invalid("names no CPU");
  job.cpus_allowed = std::move(cpus);
  return Ok{};
}

Status set_cpus_allowed_policy(JobOptions& job, std::string_view v) {
  if (v != "shared" && v != "split") return invalid(in_quotes(v) + " is not shared or split");
  job.cpus_split = v == "split";
  return Ok{};
}

template <std::optional<int> JobOptions::*M, int Min, int Max>
Status set_int_in(JobOptions& job, std::string_view v) {
  auto n = parse_signed(v);
  if (!n) return n.error();
  if (n.value() < Min || n.value() > Max) {
    return invalid(std::to_string(n.value()) + " is not in " + std::to_string(Min) + ".." +
                   std::to_string(Max));
  }
  job.*M = static_cast<int>(n.value());
  return Ok{};
}

Status set_fadvise_hint(JobOptions& job, std::string_view v) {
  struct Choice {
    std::string_view text;
    FadviseHint hint;
  };
  static constexpr std::array<Choice, 4> kHints{{{"0", FadviseHint::kNone},
                                                 {"1", FadviseHint::kWorkload},
                                                 {"sequential", FadviseHint::kSequential},
                                                 {"random", FadviseHint::kRandom}}};
  for (const Choice& c : kHints) {
    if (c.text == v) {
      job.fadvise_hint = c.hint;
      return Ok{};
    }
  }
  return invalid(in_quotes(v) + " is not one of 0, 1, sequential, random");
}

const std::array kSchedulingOptions{
    OptionDef{"thinktime", "", ValueKind::kTime, set_microseconds<&JobOptions::thinktime_ns>,
              "Idle time between IO buffers (usec)"},
    OptionDef{"thinktime_spin", "", ValueKind::kTime,
              set_microseconds<&JobOptions::thinktime_spin_ns>,
              "Start think time by spinning this amount (usec)"},
    OptionDef{"thinktime_blocks", "", ValueKind::kInt, set_count<&JobOptions::thinktime_blocks, 1>,
              "IO buffer period between 'thinktime'"},
    OptionDef{"thinktime_blocks_type", "", ValueKind::kChoice, set_thinktime_blocks_type,
              "How to count the thinktime_blocks: complete or issue"},
    OptionDef{"cpus_allowed", "", ValueKind::kString, set_cpus_allowed,
              "Set CPUs allowed (0,5,8-15)"},
    OptionDef{"cpumask", "", ValueKind::kInt, set_cpumask, "CPU affinity mask"},
    OptionDef{"cpus_allowed_policy", "", ValueKind::kChoice, set_cpus_allowed_policy,
              "Distribution policy for cpus_allowed: shared or split"},
    OptionDef{"nice", "", ValueKind::kInt, set_int_in<&JobOptions::nice, -20, 19>,
              "Set job CPU nice value"},
    OptionDef{"prioclass", "", ValueKind::kInt, set_int_in<&JobOptions::ioprio_class, 1, 3>,
              "Set job IO priority class (1 realtime, 2 best-effort, 3 idle)"},
    OptionDef{"prio", "", ValueKind::kInt, set_int_in<&JobOptions::ioprio, 0, 7>,
              "Set job IO priority value"},
    OptionDef{"fadvise_hint", "", ValueKind::kChoice, set_fadvise_hint,
              "Use fadvise() to advise the kernel on IO pattern (0, 1, sequential, random)"},
    OptionDef{"flow_id", "", ValueKind::kInt, set_count<&JobOptions::flow_id>,
              "The flow index ID to use"},
    OptionDef{"flow", "", ValueKind::kInt, set_count<&JobOptions::flow, 0, kFlowMaxWeight>,
              "Weight for flow control of this job"},
    OptionDef{"flow_sleep", "", ValueKind::kTime, set_microseconds<&JobOptions::flow_sleep_ns>,
              "How many microseconds to sleep after being held back by the flow control mechanism"},
};

}  // namespace

std::span<const OptionDef> scheduling_options() { return kSchedulingOptions; }

}  // namespace hostmark::fio
