#pragma once
// A hand-built FioRun with values simple enough to work every printed number out by hand
// (see the expectations in fio_output_test.cc). One job "fio_test", psync-like, randrw:
//   read:  1000 I/Os of 4 KiB in 100 ms; clat/lat: 900 x 50 us + 100 x 150 us; bw/iops samples
//   write:  500 I/Os of 4 KiB in 100 ms; clat/lat: 500 x 5 us; no samples
// Group 0 carries the same totals; one disk "vda".
#include "fio/run_stats.h"

namespace hostmark::fio_test {

inline fio::FioRun golden_run() {
  fio::FioRun run;
  run.context.hostmark_version = "0.1.0";
  run.context.hostname = "bench-01";
  run.timestamp_unix_s = 1'796'210'339;
  run.timestamp_unix_ms = 1'796'210'339'210;
  run.warnings = {"the page cache was not dropped"};

  fio::JobStats job;
  job.options.name = "fio_test";
  job.options.ioengine = "psync";
  job.options.rw.write = true;
  job.options.rw.random = true;
  job.options.given = {
      {"name", "fio_test"}, {"ioengine", "null"}, {"size", "4M"}, {"rw", "randrw"}};
  job.tid = 4242;
  job.elapsed_ns = 150'000'000;

  fio::DirStats& r = job.dirs[0];
  r.io_bytes = 4096 * 1000;
  r.total_ios = 1000;
  r.runtime_ns = 100'000'000;
  for (int i = 0; i < 900; ++i) {
    r.clat.record(50'000);
    r.lat.record(50'000);
  }
  for (int i = 0; i < 100; ++i) {
    r.clat.record(150'000);
    r.lat.record(150'000);
  }
  r.bw_kib_s = {39'000, 41'000, 40'000.5, 500.25, 3, 100.0};
  r.iops = {9'750, 10'250, 10'000.0, 125.5, 3, 0.0};

  fio::DirStats& w = job.dirs[1];
  w.io_bytes = 4096 * 500;
  w.total_ios = 500;
  w.runtime_ns = 100'000'000;
  for (int i = 0; i < 500; ++i) {
    w.clat.record(5'000);
    w.lat.record(5'000);
  }

  job.usr_cpu_percent = 1.5;
  job.sys_cpu_percent = 20.25;
  job.ctx = 1500;
  job.minf = 12;
  job.depths.level = {100, 0, 0, 0, 0, 0, 0};
  job.depths.submit = {0, 100, 0, 0, 0, 0, 0};
  job.depths.complete = {0, 100, 0, 0, 0, 0, 0};
  job.depths.issued = {1000, 500, 0};
  job.notes = {"invalidate=1: page cache of fio_test.0.0 dropped"};
  run.jobs.push_back(job);

  fio::GroupStats g;
  g.groupid = 0;
  g.io_bytes = {4'096'000, 2'048'000, 0};
  g.agg_bytes_per_s = {40'960'000, 20'480'000, 0};
  g.min_bytes_per_s = g.agg_bytes_per_s;
  g.max_bytes_per_s = g.agg_bytes_per_s;
  g.min_runtime_ns = {100'000'000, 100'000'000, 0};
  g.max_runtime_ns = g.min_runtime_ns;
  run.groups.push_back(g);

  fio::DiskUtil d;
  d.name = "vda";
  d.read_ios = 800;
  d.write_ios = 400;
  d.read_merges = 1;
  d.write_merges = 2;
  d.read_ticks_ms = 300;
  d.write_ticks_ms = 150;
  d.in_queue_ms = 450;
  d.util_percent = 45.5;
  run.disks.push_back(d);
  return run;
}

}  // namespace hostmark::fio_test
