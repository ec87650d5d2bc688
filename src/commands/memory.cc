// `hostmark memory`: STREAM-style bandwidth on all threads, and load latency by working-set
// size with the cache levels it crosses.
#include "commands/memory.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/memory_sysbench_style.h"
#include "output/progress.h"
#include "output/table.h"
#include "results/context.h"
#include "results/context_warnings.h"
#include "runner/signal_guard.h"
#include "sysinfo/basic.h"
#include "sysinfo/caches.h"
#include "workloads/memory_bandwidth.h"
#include "workloads/memory_latency.h"

namespace hostmark {
namespace {

constexpr std::uint64_t kMemoryMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kMinDefaultArrayBytes = 64 * kMemoryMiB;
constexpr std::uint64_t kMaxDefaultArrayBytes = 512 * kMemoryMiB;
constexpr std::uint64_t kMaxDefaultWorkingSetBytes = 512 * kMemoryMiB;
constexpr std::uint64_t kMinBytes = 4096;  // smallest --size, and the first latency working set
constexpr MemoryLevel kLevels[] = {MemoryLevel::kL1, MemoryLevel::kL2, MemoryLevel::kL3,
                                   MemoryLevel::kDram};

// What the run knows of the caches between one core and memory.
struct HostCaches {
  CacheSizes sizes;
  std::uint64_t llc_bytes = 0;  // the last level; an assumed 32 MiB when unknown
};

HostCaches host_caches() {
  HostCaches h;
  for (const auto& c : sysinfo::cpu_caches()) {
    if (c.type == "Instruction") continue;
    if (c.level == 1) h.sizes.l1_bytes = c.size_bytes;
    if (c.level == 2) h.sizes.l2_bytes = c.size_bytes;
    if (c.level == 3) h.sizes.l3_bytes = c.size_bytes;
  }
  h.llc_bytes = sysinfo::last_level_cache_bytes();
  return h;
}

// Options with every default (0) filled in from the host; throws Failure when out of range.
MemoryOptions resolve_memory_options(const MemoryOptions& given, const HostCaches& caches) {
  MemoryOptions o = given;
  const std::uint64_t memory_bytes = sysinfo::memory_total_bytes();
  if (o.threads == 0) o.threads = std::max(1, sysinfo::online_cpus());
  if (o.array_bytes == 0) {  // STREAM's rule, 4x the last-level cache, kept short and modest
    o.array_bytes = std::clamp(4 * caches.llc_bytes, kMinDefaultArrayBytes, kMaxDefaultArrayBytes);
    if (memory_bytes > 0)
      o.array_bytes = std::min(o.array_bytes, std::max(memory_bytes / 8, kMemoryMiB));
  }
  if (o.max_working_set_bytes == 0) {
    o.max_working_set_bytes = std::min(std::bit_ceil(std::max(4 * caches.llc_bytes, kMinBytes)),
                                       kMaxDefaultWorkingSetBytes);
  }
  if (o.threads < 1) throw Failure(usage_error("--threads", "must be at least 1"));
  if (o.repetitions < 1 || o.repetitions > 1000)
    throw Failure(usage_error("--reps", "must be 1 to 1000"));
  if (memory_bytes > 0 && o.bandwidth && 3 * o.array_bytes > memory_bytes / 2)
    throw Failure(usage_error("--size", "3 arrays of this size need more than half of memory"));
  if (memory_bytes > 0 && o.latency && o.max_working_set_bytes > memory_bytes / 2)
    throw Failure(usage_error("--max-working-set", "must be at most half of memory"));
  return o;
}

std::string level_key(MemoryLevel level) {
  std::string key(memory_level_name(level));
  for (char& c : key) c = static_cast<char>(c | 0x20);  // "L1" -> "l1", "DRAM" -> "dram"
  return key;
}

Phase bandwidth_phase(const MemoryOptions& o, const HostCaches& caches, ProgressLine& line,
                      const StopRequested& stop) {
  BandwidthOptions b;
  b.threads = o.threads;
  b.array_bytes = o.array_bytes;
  b.repetitions = o.repetitions;
  // Non-temporal stores when the arrays cannot stay in cache anyway (as glibc's memcpy does
  // for large copies); ordinary stores when they fit, so cache bandwidth is not understated.
  b.store_mode = 3 * o.array_bytes > caches.llc_bytes ? StoreMode::kStreaming : StoreMode::kCached;
  const BandwidthResult r =
      run_bandwidth(
          b,
          [&line](StreamKernel k, int rep, int reps) {
            line.show(fmt::format("memory: {} {}/{}", stream_kernel_name(k), rep, reps));
          },
          stop)
          .value();
  Phase p;
  p.name = "bandwidth";
  p.duration_s = r.duration_s;
  for (const auto& k : r.kernels) {
    p.metrics.push_back(
        {fmt::format("{}_gb_per_s", stream_kernel_name(k.kernel)), k.gb_per_s, "GB/s"});
  }
  p.metrics.push_back({"threads", static_cast<double>(r.threads), "threads"});
  p.metrics.push_back({"array_bytes", static_cast<double>(r.array_bytes), "bytes"});
  p.metrics.push_back({"repetitions", static_cast<double>(r.repetitions), "count"});
  return p;
}

Phase latency_phase(const MemoryOptions& o, const HostCaches& caches, ProgressLine& line,
                    const StopRequested& stop) {
  LatencyOptions l;
  l.min_bytes = kMinBytes;
  l.max_bytes = std::max(o.max_working_set_bytes, kMinBytes);
  const auto start = std::chrono::steady_clock::now();
  const auto points =
      measure_load_latency(
          l,
          [&line](std::uint64_t bytes, int i, int n) {
            line.show(fmt::format("memory: latency {} ({}/{})", format_bytes_binary(bytes), i, n));
          },
          stop)
          .value();
  Phase p;
  p.name = "latency";
  p.series.push_back(latency_series(points));
  const auto& curve = p.series.back().points;
  const auto labels = classify_levels(curve, caches.sizes);
  for (const auto& lv : level_latencies(curve, labels)) {
    p.metrics.push_back({level_key(lv.level) + "_ns", lv.ns_per_load, "ns"});
  }
  for (const MemoryLevel level : kLevels) {  // each level's range, so text can label points
    double max_bytes = 0;
    for (std::size_t i = 0; i < curve.size(); ++i) {
      if (labels[i] == level) max_bytes = curve[i].first;
    }
    if (max_bytes > 0) p.metrics.push_back({level_key(level) + "_max_bytes", max_bytes, "bytes"});
  }
  p.metrics.push_back({"max_working_set_bytes", static_cast<double>(l.max_bytes), "bytes"});
  p.duration_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return p;
}

void write_latency_text(const Phase& p, std::ostream& out) {
  out << "load latency: 1 thread, dependent loads\n";
  Table t({"working set", "ns", "level"});
  for (const auto& [bytes, ns] : p.series.front().points) {
    std::string level;
    for (const MemoryLevel lv : kLevels) {
      const Metric* m = p.metric(level_key(lv) + "_max_bytes");
      if (m != nullptr && bytes <= m->value) {
        level = memory_level_name(lv);
        break;
      }
    }
    t.add_row(
        {format_bytes_binary(static_cast<std::uint64_t>(bytes)), fmt::format("{:.2f}", ns), level});
  }
  out << t.render();
  std::string levels;
  for (const MemoryLevel lv : kLevels) {
    if (const Metric* m = p.metric(level_key(lv) + "_ns")) {
      levels += fmt::format("{}{} {:.1f} ns", levels.empty() ? "" : ", ", memory_level_name(lv),
                            m->value);
    }
  }
  if (!levels.empty()) out << "levels: " << levels << '\n';
}

}  // namespace

MemoryOptions quick_memory_options() {
  MemoryOptions o;
  o.array_bytes = 32 * kMemoryMiB;
  o.repetitions = 3;
  o.max_working_set_bytes = 8 * kMemoryMiB;
  o.sysbench_time_ns = 200'000'000;
  return o;
}

namespace {

// Appends to r.notes what the figures count, and to r.warnings what may make them misleading
// (arrays smaller than 4x the last-level cache, unknown cache sizes...).
void add_memory_notes(const MemoryOptions& o, const HostCaches& caches, MemoryRun& r) {
  const std::string llc = format_bytes_binary(caches.llc_bytes);
  const std::string four_llc = format_bytes_binary(4 * caches.llc_bytes);
  if (o.bandwidth) {
    r.notes.emplace_back(
        "bandwidth counts bytes read + bytes written per element as STREAM does (copy and scale "
        "16 B, add and triad 24 B); the extra read that ordinary stores cause (write-allocate) "
        "is not counted; GB/s is decimal (1e9 bytes/s)");
    r.notes.push_back(fmt::format(
        "bandwidth is the best of {} repetitions, {} thread(s) each on its own slice of 3 arrays "
        "of {}, with {} stores ({} kernels)",
        o.repetitions, o.threads, format_bytes_binary(o.array_bytes),
        3 * o.array_bytes > caches.llc_bytes ? "non-temporal (streaming)" : "ordinary",
        stream_kernel_isa()));
    if (o.array_bytes < 4 * caches.llc_bytes) {
      r.warnings.push_back(fmt::format(
          "arrays of {} are smaller than 4x the last-level cache ({}): bandwidth may partly "
          "measure the cache; use --size={} for STREAM's rule",
          format_bytes_binary(o.array_bytes), llc, four_llc));
    }
    if (o.threads > sysinfo::online_cpus()) {
      r.warnings.push_back(fmt::format("{} threads on {} online CPUs share CPUs; use --threads={}",
                                       o.threads, sysinfo::online_cpus(), sysinfo::online_cpus()));
    }
  }
  if (o.latency) {
    r.notes.emplace_back(
        "latency is ns per load of one thread following a random cycle of 64-byte lines "
        "(dependent loads that no prefetcher can guess), from 4 KiB to the largest working set");
    if (o.max_working_set_bytes < 4 * caches.llc_bytes) {
      r.warnings.push_back(fmt::format(
          "the latency curve stops at {}, below 4x the last-level cache ({}): the DRAM figure may "
          "be missing or include cache hits; use --max-working-set={}",
          format_bytes_binary(o.max_working_set_bytes), llc, four_llc));
    }
  }
  if (o.sysbench_style) r.notes.emplace_back(sysbench_style_memory_note());
  if (!caches.sizes.known()) {
    r.warnings.push_back(fmt::format(
        "the CPU's cache sizes are unknown: sizes assume a {} last-level cache, and latency "
        "levels are read from the steps of the curve",
        llc));
  }
}

const Phase* find_phase(const MemoryRun& run, const std::string& name) {
  for (const auto& p : run.phases)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace

MemoryRun measure_memory(const MemoryOptions& options, const CommandIo& io) {
  const HostCaches caches = host_caches();
  MemoryRun run;
  run.options = resolve_memory_options(options, caches);
  const MemoryOptions& o = run.options;
  // Before any thread starts, so every thread inherits the blocked SIGINT/SIGTERM: a signal
  // ends the run at the next repetition or working-set boundary, and the phases after it are
  // skipped. (The sysbench-style phase's runner takes signals itself.)
  SignalGuard signals;
  const StopRequested stop = [&signals] { return signals.stop_requested(); };
  const auto stopped = [&run, &stop] { return run.interrupted = run.interrupted || stop(); };
  ProgressLine line(io.err, io.err_is_tty);  // cleared when it goes out of scope
  if (o.bandwidth) run.phases.push_back(bandwidth_phase(o, caches, line, stop));
  if (o.latency && !stopped()) run.phases.push_back(latency_phase(o, caches, line, stop));
  line.clear();
  if (o.sysbench_style && !stopped()) {
    run.phases.push_back(measure_sysbench_style_memory(o.sysbench_time_ns, io, run.interrupted));
  }
  stopped();              // also a signal during the last repetition of the last phase
  MemoryOptions ran = o;  // notes and warnings only for the phases that ran
  const Phase* bandwidth = find_phase(run, "bandwidth");
  ran.bandwidth = bandwidth != nullptr;
  ran.latency = find_phase(run, "latency") != nullptr;
  ran.sysbench_style = find_phase(run, "sysbench-style") != nullptr;
  if (const Metric* reps = bandwidth ? bandwidth->metric("repetitions") : nullptr) {
    ran.repetitions = static_cast<int>(reps->value);  // fewer than asked when interrupted
  }
  add_memory_notes(ran, caches, run);
  return run;
}

void write_memory_text(const Result& r, std::ostream& out) {
  out << "hostmark memory\n";
  if (r.interrupted) {
    out << "(interrupted: the figures cover the repetitions and working sets that completed before "
           "the signal; later phases did not run)\n";
  }
  for (const auto& p : r.phases) {
    out << '\n';
    if (p.name == "bandwidth") {
      const Metric* threads = p.metric("threads");
      const Metric* bytes = p.metric("array_bytes");
      out << fmt::format("bandwidth: {} thread(s), 3 arrays of {}\n", threads ? threads->value : 0,
                         format_bytes_binary(bytes ? static_cast<std::uint64_t>(bytes->value) : 0));
      Table t({"kernel", "GB/s (decimal)"});
      for (const StreamKernel k : kStreamKernels) {
        if (const Metric* m = p.metric(fmt::format("{}_gb_per_s", stream_kernel_name(k))))
          t.add_row({std::string(stream_kernel_name(k)), fmt::format("{:.2f}", m->value)});
      }
      out << t.render();
    } else if (p.name == "latency" && !p.series.empty()) {
      write_latency_text(p, out);
    } else {  // a phase added by another part (e.g. a sysbench-style figure): metrics as they are
      out << p.name << ":\n";
      for (const auto& m : p.metrics)
        out << fmt::format("  {} {:.2f} {}\n", m.name, m.value, m.unit);
    }
  }
  if (!r.notes.empty()) out << "\nnotes:\n";
  for (const auto& n : r.notes) out << "  - " << n << '\n';
  if (!r.warnings.empty()) out << "\nwarnings:\n";
  for (const auto& w : r.warnings) out << "  - " << w << '\n';
}

int run_memory_command(const std::vector<std::string>& args, const CommandIo& io) {
  MemoryOptions o;
  OutputOptions output;
  auto size_option = [](const std::string& name, std::uint64_t& into) {
    return [name, &into](const std::string& v) {
      into = parse_size(name, v).value();
      if (into < kMinBytes) throw Failure(usage_error(name, "must be at least 4 KiB"));
    };
  };
  CLI::App app("memory bandwidth (copy/scale/add/triad) and load latency by working set", "memory");
  app.add_option("--threads", o.threads, "bandwidth threads (default: every online CPU)")
      ->check(CLI::Range(1, 4096));
  app.add_option_function<std::string>("--size", size_option("--size", o.array_bytes),
                                       "bytes of each of the 3 bandwidth arrays (default: 4x the "
                                       "last-level cache, 64 MiB to 512 MiB)")
      ->type_name("SIZE");
  app.add_option("--reps", o.repetitions, "bandwidth repetitions; the best is kept (default 10)")
      ->check(CLI::Range(1, 1000));
  app.add_flag("--bandwidth,!--no-bandwidth", o.bandwidth, "measure bandwidth (default on)");
  app.add_flag("--latency,!--no-latency", o.latency, "measure load latency (default on)");
  app.add_flag("--sysbench-style,!--no-sysbench-style", o.sysbench_style,
               "also measure `sysbench memory run`'s figure (default on)");
  app.add_option_function<std::string>(
         "--max-working-set", size_option("--max-working-set", o.max_working_set_bytes),
         "largest latency working set (default: 4x the last-level cache, at most 512 MiB)")
      ->type_name("SIZE");
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  if (!o.bandwidth && !o.latency && !o.sysbench_style)
    throw Failure(usage_error(
        "memory", "--no-bandwidth, --no-latency and --no-sysbench-style leave nothing to run"));

  Result result;
  result.command = "memory";
  result.context = collect_context();
  result.warnings = context_warnings(result.context);
  MemoryRun run = measure_memory(o, io);
  const MemoryOptions& resolved = run.options;
  result.options = {{"threads", std::to_string(resolved.threads)},
                    {"size", std::to_string(resolved.array_bytes)},
                    {"reps", std::to_string(resolved.repetitions)},
                    {"bandwidth", resolved.bandwidth ? "on" : "off"},
                    {"latency", resolved.latency ? "on" : "off"},
                    {"sysbench-style", resolved.sysbench_style ? "on" : "off"},
                    {"max-working-set", std::to_string(resolved.max_working_set_bytes)}};
  result.phases = std::move(run.phases);
  result.notes = std::move(run.notes);
  result.warnings.insert(result.warnings.end(), run.warnings.begin(), run.warnings.end());
  result.interrupted = run.interrupted;
  return emit_result(result, output, save, write_memory_text, io);
}

}  // namespace hostmark
