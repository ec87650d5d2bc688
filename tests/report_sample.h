#pragma once
// A result with every kind of data the HTML report draws (intervals, latency percentiles, CPU
// scaling, a load-latency series, device activity, I/O and event time series, a latency
// histogram, storage warnings) and text that needs
// escaping, and small helpers, for the report tests. Header-only.
#include <fstream>
#include <sstream>
#include <string>

#include "results/result.h"

namespace hostmark {

// How many times `what` occurs in `text` (overlaps counted).
inline int count_occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

// The whole file ("" when it cannot be read).
inline std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline Phase report_sample_cpu_phase(const std::string& name, int threads, double eps) {
  Phase p;
  p.name = name;
  p.metrics = {{"events_per_s", eps, "events/s"},
               {"threads", static_cast<double>(threads), "threads"}};
  LatencyStats l;
  l.count = 1000;
  l.min_ns = 200'000;
  l.max_ns = 4'000'000;
  l.mean_ns = 350'000;
  l.percentiles_ns = {{95, 700'000}, {50, 300'000}, {99, 1'500'000}, {99.9, 3'000'000}};
  p.latency = l;
  for (int i = 1; i <= 5; ++i)
    p.intervals.push_back({static_cast<double>(i), threads, eps + i * 3.0, 700'000});
  p.duration_s = 5;
  return p;
}

inline Result report_sample_result() {
  Result r;
  r.command = "suite";
  r.context.hostname = "web<1>&\"quoted\"";
  r.context.kernel = "6.1.0-18-amd64";
  r.context.cpu_model = "Test CPU <script>alert(1)</script>";
  r.context.cpu_count = 4;
  r.context.memory_bytes = 8ull << 30;
  r.context.virtualization = "kvm";
  r.context.hostmark_version = "0.1.0";
  r.context.start_time_utc = "2026-12-03T09:00:00Z";
  r.options = {{"profile", "quick"}, {"dir", "/tmp/a&b <c>"}};
  r.phases.push_back(report_sample_cpu_phase("cpu.single-thread", 1, 1000));
  r.phases.push_back(report_sample_cpu_phase("cpu.all-threads", 4, 3800));
  Phase mem;
  mem.name = "memory.latency";
  mem.metrics = {{"l1_ns", 1.1, "ns"}};
  mem.series.push_back(
      {"load_latency", "bytes", "ns", {{4096, 1.1}, {65536, 3.5}, {1 << 20, 9.0}, {1 << 26, 80}}});
  r.phases.push_back(mem);
  Phase bw;
  bw.name = "memory.bandwidth";
  bw.metrics = {{"copy_gb_per_s", 12.5, "GB/s"}, {"triad_gb_per_s", 13.1, "GB/s"}};
  r.phases.push_back(bw);
  Phase disk;
  disk.name = "fs.RND4K Q1T1 read";
  disk.metrics = {{"iops", 9000, "IO/s"}};
  PhaseActivity a;
  a.interval_s = 1;
  a.disk = "vda";
  monitor::DiskRates d;
  d.r_s = 9000;
  d.r_await_ms = 0.1;
  d.util_pct = 87;
  a.device = d;
  a.cpu.idle = 70;
  a.cpu.iowait = 10;
  disk.activity = a;
  TimeSeries ts;  // 3 s of reads and a few writes, 100 ms apart
  ts.interval_ms = 100;
  for (int i = 1; i <= 30; ++i) {
    ts.end_ms.push_back(100.0 * i);
    ts.read_ios.push_back(900 + static_cast<std::uint64_t>(i % 7) * 10);
    ts.write_ios.push_back(i % 10 == 0 ? 5 : 0);
    ts.read_bytes.push_back(ts.read_ios.back() * 4096);
    ts.write_bytes.push_back(ts.write_ios.back() * 4096);
  }
  disk.time_series = ts;
  disk.latency_histogram = {{20'000, 20'155, 10},
                            {50'000, 50'390, 20'000},
                            {95'000, 95'743, 6'000},
                            {300'000, 302'047, 900},
                            {2'000'000, 2'015'231, 40}};
  r.phases.push_back(disk);
  Phase oltp;  // events over time, no histogram
  oltp.name = "db.read_write";
  oltp.metrics = {{"tps", 250, "transactions/s"}};
  TimeSeries tps;
  tps.interval_ms = 200;
  for (int i = 1; i <= 10; ++i) {
    tps.end_ms.push_back(200.0 * i);
    tps.events.push_back(50 + static_cast<std::uint64_t>(i));
  }
  oltp.time_series = tps;
  r.phases.push_back(oltp);
  r.notes = {"a note with <b>markup</b>"};
  r.warnings = {"running under virtualization (kvm) & friends"};
  StorageTarget t;
  t.path = "/var/tmp/x";
  t.fs_type = "ext4";
  t.warnings.push_back({StorageWarningKind::kVirtualDisk, "virtual disk: expect host caching"});
  r.storage.push_back(t);
  return r;
}

}  // namespace hostmark
