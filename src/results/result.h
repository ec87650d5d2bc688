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

#include "monitor/phase_activity.h"
#include "results/storage.h"
#include "stats/measures.h"

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
