#pragma once
// The Result model: plain structs in SI units (ns, bytes, counts) that every command produces
// and every formatter reads. Nothing here computes or prints. The JSON layout of these structs
// is documented in docs/RESULT_SCHEMA.md; bump kSchemaVersion when it changes incompatibly.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"
#include "results/storage.h"

namespace hostmark {
namespace sysinfo {
struct HostInfo;
}

inline constexpr int kSchemaVersion = 1;

// Where and when a result was measured.
struct Context {
  std::string hostname;
  std::string kernel;          // uname release, e.g. "6.1.0-18-amd64"
  std::string kernel_version;  // uname version string
  std::string arch;            // uname machine, e.g. "x86_64"
  std::string cpu_model;
  int cpu_count = 0;  // logical CPUs online
  std::uint64_t memory_bytes = 0;
  std::string virtualization;  // "kvm", "none", ... ("" when unknown)
  std::string hostmark_version;
  std::string build_type;      // CMake build type of this binary
  std::string start_time_utc;  // ISO 8601, e.g. "2026-12-02T09:00:00Z"
  std::int64_t start_time_unix_ns = 0;
};

// One named number with its unit: {"events_per_s", 4040.2, "events/s"}. Units are spelled out
// ("MiB/s" binary, "MB/s" decimal, "GB/s" decimal, "ns", "bytes", "%").
struct Metric {
  std::string name;
  double value = 0;
  std::string unit;
};

// Latency distribution of the events of a phase, in ns.
struct LatencyStats {
  std::uint64_t count = 0;
  std::uint64_t min_ns = 0;
  std::uint64_t max_ns = 0;
  double mean_ns = 0;
  double stddev_ns = 0;
  std::uint64_t sum_ns = 0;
  std::vector<std::pair<double, std::uint64_t>> percentiles_ns;  // (percent, value)
};

// How evenly the work spread over threads (sysbench's "Threads fairness").
struct Fairness {
  double events_avg = 0;
  double events_stddev = 0;
  double exec_time_s_avg = 0;
  double exec_time_s_stddev = 0;
};

// One intermediate report ("[ 1s ] thds: 2 eps: ...").
struct IntervalSample {
  double time_s = 0;  // end of the interval, since the measured start
  int threads = 0;
  double events_per_s = 0;
  std::uint64_t latency_pct_ns = 0;  // the --percentile of the interval's latencies
};

// A curve, e.g. load latency (ns) by working-set size (bytes).
struct Series {
  std::string name;
  std::string x_unit;
  std::string y_unit;
  std::vector<std::pair<double, double>> points;
};

// What the machine did while a phase ran (--monitor): the disk under the target as iostat -x
// sees it and the CPUs, so a report can say whether the device was the bottleneck.
struct PhaseActivity {
  double interval_s = 0;
  std::string disk;                          // whole disk watched ("vda"); "" = none (tmpfs...)
  std::optional<monitor::DiskRates> device;  // its rates over the phase
  monitor::CpuPercent cpu;                   // all CPUs, iostat's percentages
  double process_cpu_s = 0;                  // hostmark's own user+system CPU time in the phase
  std::string util_note;  // why %util misleads for this disk ("NVMe"...); "" when it does not
};

// The work a phase completed in each interval of its measured time, for charts over time.
// Sample i covers (end_ms[i-1], end_ms[i]] (from 0 for the first): intervals are nominally
// interval_ms long, the last one (and one a late sampler took) may differ. Every vector that is
// filled has one entry per sample. I/O phases fill read/write ios and bytes (trims are left
// out); other phases fill `events` (transactions for OLTP, events for sysbench tests). Summed
// over the samples, the counts are the phase's totals. At most ~600 samples: long runs get a
// coarser interval (a power-of-2 multiple of the first).
struct TimeSeries {
  std::uint64_t interval_ms = 0;
  std::vector<double> end_ms;  // since the phase's measured start
  std::vector<std::uint64_t> read_ios, write_ios, read_bytes, write_bytes;
  std::vector<std::uint64_t> events;
  bool io() const { return !read_ios.empty(); }
  std::size_t size() const { return end_ms.size(); }
};

// One bucket of a latency histogram: `count` values in [lower_ns, upper_ns] (both inclusive).
struct LatencyBucket {
  std::uint64_t lower_ns = 0;
  std::uint64_t upper_ns = 0;
  std::uint64_t count = 0;
};

struct Phase {
  std::string name;  // "cpu", "memory.triad", "single-thread", ...
  std::vector<Metric> metrics;
  std::optional<LatencyStats> latency;
  std::optional<Fairness> fairness;
  std::vector<IntervalSample> intervals;
  std::vector<Series> series;
  std::optional<TimeSeries> time_series;
  // The phase's latencies (those `latency` summarizes) as non-empty buckets, ascending and
  // disjoint; empty when not kept. Counts sum to latency->count.
  std::vector<LatencyBucket> latency_histogram;
  double duration_s = 0;
  std::optional<PhaseActivity> activity;  // with --monitor

  const Metric* metric(const std::string& metric_name) const {
    for (const auto& m : metrics)
      if (m.name == metric_name) return &m;
    return nullptr;
  }
};

// The database server a database result measured (`hostmark db`): what answered and the
// settings that decide its figures, as the driver reports them.
struct ServerInfo {
  std::string target;   // "mysql 127.0.0.1:3306" (never a password)
  std::string version;  // "10.11.19-MariaDB-0+deb12u1", "PostgreSQL 15.18", "SQLite 3.40.1"
  std::vector<std::pair<std::string, std::string>> settings;  // (name, value), in order
};

struct Result {
  std::string command;  // "sysbench cpu", "cpu", "memory", "info", "suite"
  std::vector<std::pair<std::string, std::string>> options;  // as given, after defaults
  Context context;
  std::vector<Phase> phases;
  std::vector<std::string> notes;      // what a number means, where it differs from a peer
  std::vector<std::string> warnings;   // what may make a number misleading, and what to do
  std::vector<StorageTarget> storage;  // storage results: what they ran on, typed warnings
  std::optional<ServerInfo> server;    // database results: the server measured
  bool interrupted = false;            // stopped by SIGINT/SIGTERM: partial but valid
  std::shared_ptr<const sysinfo::HostInfo> host;  // the full host description, when collected
};

}  // namespace hostmark
