// Table rows: what each I/O is (rw, block sizes, randomness), queueing, time and rate limits.
#include <array>

#include "fio/option_setters.h"
#include "fio/option_table.h"
#include "fio/workload_values.h"

namespace hostmark::fio {
namespace {
using namespace setters;  // NOLINT(google-build-using-namespace): the row helpers

Status set_rw(JobOptions& job, std::string_view v) {
  auto mode = parse_rw(v, job.kb_base);
  if (!mode) return mode.error();
  job.rw = mode.value();
  return Ok{};
}

Status set_rwmixread(JobOptions& job, std::string_view v) {
  auto p = parse_percent(v);
  if (!p) return p.error();
  job.rwmixread = p.value();
  return Ok{};
}

Status set_rwmixwrite(JobOptions& job, std::string_view v) {
  auto p = parse_percent(v);
  if (!p) return p.error();
  job.rwmixread = 100 - p.value();
  return Ok{};
}

// Applies `parse_one` to each direction fio's list names ("4k,64k"); empty slots keep defaults.
template <class T, class Parse>
Status per_direction(std::string_view v, PerDir<T>& out, Parse parse_one) {
  auto slots = split_per_direction(v);
  PerDir<T> result = out;
  for (int d = 0; d < kDirs; ++d) {
    if (!slots[d]) continue;
    auto value = parse_one(*slots[d]);
    if (!value) return value.error();
    result[d] = value.value();
  }
  out = result;
  return Ok{};
}

Expected<std::uint32_t> block_size(std::string_view v, unsigned kb_base) {
  auto n = parse_number(v, kb_base);
  if (!n) return n.error();
  if (n.value() == 0) return invalid("block size must be at least 1");
  if (n.value() > 0xffffffffULL) return invalid(in_quotes(v) + " is too large for a block size");
  return static_cast<std::uint32_t>(n.value());
}

Status set_bs(JobOptions& job, std::string_view v) {
  return per_direction(v, job.bs, [&](std::string_view s) { return block_size(s, job.kb_base); });
}

Status set_blockalign(JobOptions& job, std::string_view v) {
  job.blockalign_set = true;
  return per_direction(v, job.blockalign,
                       [&](std::string_view s) { return block_size(s, job.kb_base); });
}

Status set_bsrange(JobOptions& job, std::string_view v) {
  using Range = std::pair<std::uint32_t, std::uint32_t>;
  PerDir<Range> ranges{};
  if (job.bsrange) ranges = *job.bsrange;
  else
    for (int d = 0; d < kDirs; ++d) ranges[d] = {job.bs[d], job.bs[d]};
  Status s = per_direction(v, ranges, [&](std::string_view one) -> Expected<Range> {
    auto r = parse_range(one, job.kb_base);
    if (!r) return r.error();
    if (r.value().first == 0 || r.value().second > 0xffffffffULL)
      return invalid(in_quotes(one) + " is not a block size range");
    return Range{static_cast<std::uint32_t>(r.value().first),
                 static_cast<std::uint32_t>(r.value().second)};
  });
  if (s) job.bsrange = ranges;
  return s;
}

Status set_bssplit(JobOptions& job, std::string_view v) {
  return per_direction(v, job.bssplit,
                       [&](std::string_view one) { return parse_bssplit_list(one, job.kb_base); });
}

Status set_random_distribution(JobOptions& job, std::string_view v) {
  auto d = parse_random_distribution(v, job.kb_base);
  if (!d) return d.error();
  job.random_distribution = std::move(d).value();
  return Ok{};
}

Status set_randseed(JobOptions& job, std::string_view v) {
  auto n = parse_number(v, job.kb_base, "number");
  if (!n) return n.error();
  job.randseed = n.value();
  return Ok{};
}

Status set_random_generator(JobOptions& job, std::string_view v) {
  if (v != "tausworthe" && v != "lfsr" && v != "tausworthe64") {
    return invalid(in_quotes(v) + " is not one of tausworthe, lfsr, tausworthe64");
  }
  job.random_generator = std::string(v);
  return Ok{};
}

Status set_ioengine(JobOptions& job, std::string_view v) {
  if (v.empty()) return invalid("needs an engine name");
  job.ioengine = std::string(v);  // the runner says whether hostmark has it
  return Ok{};
}

Status set_sqthread_poll_cpu(JobOptions& job, std::string_view v) {
  auto n = parse_signed(v);
  if (!n) return n.error();
  if (n.value() < -1 || n.value() > 0x7fffffff) return invalid("must be a CPU number");
  job.sqthread_poll_cpu = static_cast<int>(n.value());
  return Ok{};
}

Status set_nonvectored(JobOptions& job, std::string_view v) {
  auto n = parse_signed(v);
  if (!n || n.value() < -1 || n.value() > 1) return invalid(in_quotes(v) + " is not -1, 0 or 1");
  if (n.value() == -1) job.nonvectored.reset();
  else job.nonvectored = n.value() == 1;
  return Ok{};
}

Status set_rate(JobOptions& job, std::string_view v) {
  return per_direction(v, job.rate_bytes_per_s,
                       [&](std::string_view s) { return parse_number(s, job.kb_base); });
}

Status set_rate_iops(JobOptions& job, std::string_view v) {
  return per_direction(v, job.rate_iops,
                       [&](std::string_view s) { return parse_number(s, job.kb_base, "number"); });
}

constexpr std::uint32_t kU32Max = 0xffffffff;

constexpr std::array kWorkloadRows{
    OptionDef{"rw", "readwrite", ValueKind::kChoice, set_rw,
              "IO direction (read, write, randrw, ...[:N])"},
    OptionDef{"rwmixread", "", ValueKind::kInt, set_rwmixread,
              "Percentage of mixed workload that is reads"},
    OptionDef{"rwmixwrite", "", ValueKind::kInt, set_rwmixwrite,
              "Percentage of mixed workload that is writes"},
    OptionDef{"bs", "blocksize", ValueKind::kPerDirSize, set_bs,
              "Block size unit (read,write,trim)"},
    OptionDef{"bsrange", "blocksize_range", ValueKind::kPerDirRange, set_bsrange,
              "Set block size range (in more detail than bs)"},
    OptionDef{"bssplit", "", ValueKind::kList, set_bssplit,
              "Set a specific mix of block sizes (4k/50:64k/50)"},
    OptionDef{"ba", "blockalign", ValueKind::kPerDirSize, set_blockalign,
              "IO block offset alignment"},
    OptionDef{
        "random_distribution", "", ValueKind::kChoice, set_random_distribution,
        "Random offset distribution generator (random, zipf, pareto, normal, zoned, zoned_abs)"},
    OptionDef{"norandommap", "", ValueKind::kFlag, set_bool<&JobOptions::norandommap>,
              "Accept potential duplicate random blocks"},
    OptionDef{"randrepeat", "", ValueKind::kBool, set_bool<&JobOptions::randrepeat>,
              "Use repeatable random IO pattern"},
    OptionDef{"randseed", "", ValueKind::kInt, set_randseed, "Set the random generator seed value"},
    OptionDef{"random_generator", "", ValueKind::kChoice, set_random_generator,
              "Type of random number generator to use (tausworthe, lfsr, tausworthe64)"},
    OptionDef{"ioengine", "", ValueKind::kString, set_ioengine, "IO engine to use"},
    OptionDef{"iodepth", "", ValueKind::kInt, set_count<&JobOptions::iodepth, 1, kU32Max>,
              "Number of IO buffers to keep in flight"},
    OptionDef{"iodepth_batch", "iodepth_batch_submit", ValueKind::kInt,
              set_opt_count<&JobOptions::iodepth_batch_submit>,
              "Number of IO buffers to submit in one go"},
    OptionDef{"iodepth_batch_complete_min", "iodepth_batch_complete", ValueKind::kInt,
              set_opt_count<&JobOptions::iodepth_batch_complete_min>,
              "Min number of IO buffers to retrieve in one go"},
    OptionDef{"iodepth_batch_complete_max", "", ValueKind::kInt,
              set_opt_count<&JobOptions::iodepth_batch_complete_max>,
              "Max number of IO buffers to retrieve in one go"},
    OptionDef{"iodepth_low", "", ValueKind::kInt, set_opt_count<&JobOptions::iodepth_low>,
              "Low water mark for queuing depth"},
    OptionDef{"hipri", "", ValueKind::kFlag, set_bool<&JobOptions::hipri>,
              "Use polled IO completions (io_uring, pvsync2)"},
    OptionDef{"nowait", "", ValueKind::kBool, set_bool<&JobOptions::nowait>,
              "Use RWF_NOWAIT for reads/writes"},
    OptionDef{"fixedbufs", "", ValueKind::kFlag, set_bool<&JobOptions::fixedbufs>,
              "Pre map IO buffers (io_uring)"},
    OptionDef{"registerfiles", "", ValueKind::kFlag, set_bool<&JobOptions::registerfiles>,
              "Pre-open/register files (io_uring)"},
    OptionDef{"sqthread_poll", "", ValueKind::kFlag, set_bool<&JobOptions::sqthread_poll>,
              "Offload submission/completion to kernel thread (io_uring)"},
    OptionDef{"sqthread_poll_cpu", "", ValueKind::kInt, set_sqthread_poll_cpu,
              "What CPU to run SQ thread polling on"},
    OptionDef{"nonvectored", "", ValueKind::kInt, set_nonvectored,
              "Use non-vectored read/write commands (io_uring)"},
    OptionDef{"thread", "", ValueKind::kFlag, set_bool<&JobOptions::thread>,
              "Use threads instead of processes (hostmark always uses threads)"},
    OptionDef{"runtime", "timeout", ValueKind::kTime, set_seconds<&JobOptions::runtime_ns>,
              "Stop workload when this amount of time has passed"},
    OptionDef{"time_based", "", ValueKind::kFlag, set_bool<&JobOptions::time_based>,
              "Keep running until runtime/timeout is met"},
    OptionDef{"ramp_time", "", ValueKind::kTime, set_seconds<&JobOptions::ramp_time_ns>,
              "Ramp up time before measuring performance"},
    OptionDef{"startdelay", "", ValueKind::kTime, set_seconds<&JobOptions::startdelay_ns>,
              "Only start job when this period has passed"},
    OptionDef{"loops", "", ValueKind::kInt, set_count<&JobOptions::loops, 1, kU32Max>,
              "Number of times to run the job"},
    OptionDef{"rate", "", ValueKind::kPerDirSize, set_rate,
              "Set bandwidth rate in bytes/s (read,write,trim)"},
    OptionDef{"rate_iops", "", ValueKind::kPerDirSize, set_rate_iops,
              "Limit IO used to this number of IO operations/sec"},
};

}  // namespace

std::span<const OptionDef> workload_options() { return kWorkloadRows; }

}  // namespace hostmark::fio
