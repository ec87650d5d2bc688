// `hostmark stat [interval [count]] [devices...]`: iostat (sysstat 12.6) computed the same way,
// plus sar -b's summary (--sar), memory and load (--mem), and a note where %util misleads.
// Samples every interval on a fixed schedule (like iostat's alarm()); SIGINT/SIGTERM end the
// run after closing the output (JSON stays well-formed), with status 0 as iostat.
#include <fmt/format.h>
#include <sys/utsname.h>

#include <chrono>
#include <ctime>
#include <map>
#include <optional>

#include "commands/command.h"
#include "commands/stat_options.h"
#include "monitor/device_traits.h"
#include "output/stat_json.h"
#include "output/stat_text.h"
#include "runner/signal_guard.h"
#include "sysinfo/basic.h"

namespace hostmark {
namespace {

constexpr const char* kRoot = "/";  // the real /proc and /sys

StatHost collect_host() {
  StatHost h;
  struct utsname u {};
  if (uname(&u) == 0) {
    h.sysname = u.sysname;
    h.release = u.release;
    h.nodename = u.nodename;
    h.machine = u.machine;
  }
  h.cpus = sysinfo::online_cpus();
  h.start_time_s = static_cast<std::int64_t>(std::time(nullptr));
  return h;
}

StatView view_of(const StatOptions& o) {
  StatView v;
  v.cpu = o.cpu;
  v.disk = o.disk;
  v.extended = o.extended;
  v.human = o.human;
  v.timestamp = o.timestamp;
  v.megabytes = o.unit == StatUnit::kMegabytes;
  v.sar = o.sar;
  v.mem = o.mem;
  return v;
}

std::unique_ptr<StatWriter> make_writer(const StatOptions& o, std::ostream& out) {
  if (o.iostat_json) return make_stat_iostat_json_writer(view_of(o), out);
  if (o.output.format == OutputFormat::kJson) return make_stat_json_writer(view_of(o), out);
  if (o.output.format == OutputFormat::kCsv) return make_stat_csv_writer(view_of(o), out);
  return make_stat_text_writer(view_of(o), out);
}

// Device traits, read once per device name (they do not change while it exists).
class TraitsCache {
 public:
  const monitor::DeviceTraits& get(const monitor::DiskSample& d) {
    auto it = cache_.find(d.name);
    if (it == cache_.end()) {
      const std::string disk = d.partition ? monitor::disk_of_partition(d.name) : d.name;
      it = cache_.emplace(d.name, monitor::device_traits(kRoot, disk)).first;
    }
    return it->second;
  }

 private:
  std::map<std::string, monitor::DeviceTraits> cache_;
};

// sar -b's summary from `before` to `after`: the non-virtual whole devices.
monitor::SarSummary sar_between(const monitor::StatSample* before, const monitor::StatSample& after,
                                TraitsCache& traits) {
  monitor::DeviceFilter all;
  all.show_unused = true;
  monitor::StatReport r = monitor::make_report(before, after, all);
  std::vector<monitor::DeviceRow> real;
  for (std::size_t i = 0; i < r.devices.size(); ++i) {
    for (const auto& d : after.disks) {
      if (d.name == r.devices[i].name && !d.partition && !traits.get(d).virtual_device)
        real.push_back(r.devices[i]);
    }
  }
  return monitor::sar_summary(real);
}

class StatRun {
 public:
  StatRun(const StatOptions& o, StatWriter& writer, const CommandIo& io)
      : o_(o), writer_(writer), io_(io) {}

  void run() {
    SignalGuard guard;
    const bool partitions =
        o_.filter.all_partitions || !o_.filter.with_partitions.empty() || !o_.filter.names.empty();
    // sar never reports since boot; iostat skips it with -y (when there is an interval).
    bool skip = (o_.omit_since_boot || o_.sar) && o_.interval_s > 0;
    std::int64_t remaining = o_.count;
    std::optional<monitor::StatSample> first, prev;
    const auto interval = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(o_.interval_s));
    auto next_at = std::chrono::steady_clock::now();
    while (true) {
      monitor::StatSample cur = monitor::collect_stat_sample(kRoot, partitions);
      if (!first) first = cur;
      if (!skip) {
        emit(prev ? &*prev : nullptr, cur);
        if (remaining > 0) --remaining;
      }
      skip = false;
      prev = std::move(cur);
      if (remaining == 0) break;
      next_at += interval;
      const auto wait = next_at - std::chrono::steady_clock::now();
      const auto wait_ns = std::max<std::int64_t>(
          0, std::chrono::duration_cast<std::chrono::nanoseconds>(wait).count());
      if (guard.wait(static_cast<std::uint64_t>(wait_ns)) != 0) break;
    }
    std::optional<monitor::SarSummary> average;
    if (o_.sar && first && prev && shown_ > 0) {
      const bool since_boot = shown_ > 0 && !(o_.interval_s > 0);
      average = sar_between(since_boot ? nullptr : &*first, *prev, traits_);
    }
    writer_.end(average);
  }

 private:
  void emit(const monitor::StatSample* before, const monitor::StatSample& after) {
    StatFrame f;
    f.report = monitor::make_report(before, after, o_.filter);
    if (o_.sar) f.sar = sar_between(before, after, traits_);
    if (o_.mem) f.mem = monitor::collect_memory_load(kRoot);
    for (const auto& row : f.report.devices) {
      for (const auto& d : after.disks) {
        if (d.name != row.name) continue;
        const auto& t = traits_.get(d);
        if (!t.parallel_reason.empty()) f.parallel[row.name] = t.parallel_reason;
      }
    }
    note_parallel(f);
    writer_.frame(f);
    ++shown_;
  }

  // One line on stderr, once, when %util is shown for devices that serve requests in parallel.
  void note_parallel(const StatFrame& f) {
    const bool util_shown = o_.extended && o_.disk && !o_.sar;
    if (noted_ || !util_shown || f.parallel.empty() || o_.output.format != OutputFormat::kNormal ||
        o_.iostat_json)
      return;
    std::string list;
    for (const auto& [name, why] : f.parallel)
      list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", name, why);
    io_.err << "note: %util is the share of time with at least one request in flight; " << list
            << " serve" << (f.parallel.size() == 1 ? "s" : "")
            << " requests in parallel, so 100% does not mean saturated (watch r_await, w_await, "
               "aqu-sz)\n";
    noted_ = true;
  }

  const StatOptions& o_;
  StatWriter& writer_;
  const CommandIo& io_;
  TraitsCache traits_;
  int shown_ = 0;
  bool noted_ = false;
};

}  // namespace

int run_stat_command(const std::vector<std::string>& args, const CommandIo& io) {
  if (io.describe != nullptr) {
    io.describe->push_back(describe_stat_options());
    return 0;
  }
  const StatOptions o = parse_stat_options(args);
  if (io.parse_only) return 0;
  if (o.help) {
    io.out << stat_usage();
    return 0;
  }
  auto sink = OutputSink::open(o.output, io.out).value();
  auto writer = make_writer(o, sink->stream());
  writer->begin(collect_host());
  StatRun(o, *writer, io).run();
  sink->close().value();
  return 0;
}

}  // namespace hostmark
