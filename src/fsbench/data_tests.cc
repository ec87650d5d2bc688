#include "fsbench/data_tests.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <mutex>
#include <random>
#include <thread>

#include "fsbench/char_tests.h"
#include "fsbench/fd.h"
#include "fsbench/test_meter.h"
#include "fsbench/watched.h"
#include "stats/time_series.h"
#include "storage/storage_context.h"

namespace hostmark::fsbench {
namespace {

void drop_cache(const FsOptions& o, const Fd& fd, DataRun& run) {
  if (o.drop_cache && !storage::drop_cache_before_reading(fd.get())) run.cache_dropped = false;
}

std::uint64_t steady_ns(Clock::time_point t) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count());
}

// The reads and writes of a block test over time: one compare per chunk (on the clock read the
// latency needs anyway), a sample per interval.
class ChunkSeries {
 public:
  // Each chunk reads and/or writes one chunk of `chunk_bytes`.
  ChunkSeries(bool reads, bool writes, std::uint64_t chunk_bytes)
      : per_chunk_{reads ? 1u : 0u, writes ? 1u : 0u, reads ? chunk_bytes : 0,
                   writes ? chunk_bytes : 0, 0} {
    recorder_.start(steady_ns(Clock::now()));
  }
  void chunk_done(Clock::time_point now) {
    totals_.read_ios += per_chunk_.read_ios;
    totals_.write_ios += per_chunk_.write_ios;
    totals_.read_bytes += per_chunk_.read_bytes;
    totals_.write_bytes += per_chunk_.write_bytes;
    const std::uint64_t now_ns = steady_ns(now);
    if (recorder_.due(now_ns)) recorder_.sample(now_ns, totals_);
  }
  TimeSeries finish() const { return recorder_.finish(steady_ns(Clock::now()), totals_); }

 private:
  TimeTotals per_chunk_;
  TimeTotals totals_;
  TimeSeriesRecorder recorder_{true};
};

// Runs step(i) for every chunk of the data file, each timed into `h` and counted in `series`,
// polling for SIGINT.
template <class Step>
std::uint64_t for_each_chunk(const FsOptions& o, Histogram& h, ChunkSeries& series, Step&& step) {
  const std::uint64_t chunks = o.size_bytes / o.chunk_bytes;
  for (std::uint64_t i = 0; i < chunks; ++i) {
    poll_interrupt(i);
    const auto t = Clock::now();
    step(i);
    const auto end = Clock::now();
    h.record(ns_between(t, end));
    series.chunk_done(end);
  }
  return chunks * o.chunk_bytes;
}

Phase with_series(Phase p, const ChunkSeries& series) {
  p.time_series = series.finish();
  return p;
}

Phase block_write_test(const FsOptions& o, const std::string& path) {
  std::vector<char> buf(o.chunk_bytes);
  for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<char>('a' + i % 26);
  Histogram h;
  TestMeter m;
  ChunkSeries series(false, true, o.chunk_bytes);
  Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL, *o.syscalls);
  const std::uint64_t bytes =
      for_each_chunk(o, h, series, [&](std::uint64_t) { fd.write_all(buf.data(), buf.size()); });
  fd.sync();
  m.stop();
  return with_series(byte_phase("put_block", m, bytes, h, o.latency_buckets), series);
}

Phase rewrite_test(const FsOptions& o, const std::string& path) {
  std::vector<char> buf(o.chunk_bytes);
  Histogram h;
  TestMeter m;
  ChunkSeries series(true, true, o.chunk_bytes);
  Fd fd = Fd::open(path, O_RDWR, *o.syscalls);
  const std::uint64_t bytes = for_each_chunk(o, h, series, [&](std::uint64_t i) {
    fd.read_exact(buf.data(), buf.size());
    buf[i % buf.size()] ^= 0x20;
    fd.seek(static_cast<off_t>(i * o.chunk_bytes));
    fd.write_all(buf.data(), buf.size());
  });
  fd.sync();
  m.stop();
  return with_series(byte_phase("rewrite", m, bytes, h, o.latency_buckets), series);
}

Phase block_read_test(const FsOptions& o, const std::string& path) {
  std::vector<char> buf(o.chunk_bytes);
  Histogram h;
  TestMeter m;
  ChunkSeries series(true, false, o.chunk_bytes);
  Fd fd = Fd::open(path, O_RDONLY, *o.syscalls);
  const std::uint64_t bytes =
      for_each_chunk(o, h, series, [&](std::uint64_t) { fd.read_exact(buf.data(), buf.size()); });
  m.stop();
  return with_series(byte_phase("get_block", m, bytes, h, o.latency_buckets), series);
}

// One seeker: `count` random chunks read, one in ten dirtied and written back.
void seeker(const FsOptions& o, const std::string& path, std::uint64_t count, std::uint64_t seed,
            Histogram& h, std::atomic<bool>& stop) {
  std::vector<char> buf(o.chunk_bytes);
  Fd fd = Fd::open(path, O_RDWR, *o.syscalls);
  std::mt19937_64 rng(seed);
  const std::uint64_t chunks = o.size_bytes / o.chunk_bytes;
  std::uniform_int_distribution<std::uint64_t> pick(0, chunks - 1);
  for (std::uint64_t i = 0; i < count; ++i) {
    if (stop.load(std::memory_order_relaxed)) return;
    if (i % 256 == 0 && interrupt_pending()) throw Interrupted{};
    const auto t = Clock::now();
    const auto offset = static_cast<off_t>(pick(rng) * o.chunk_bytes);
    fd.seek(offset);
    fd.read_exact(buf.data(), buf.size());
    if (rng() % 10 == 0) {
      buf[0] ^= 0x20;
      fd.seek(offset);
      fd.write_all(buf.data(), buf.size());
    }
    h.record(ns_between(t, Clock::now()));
  }
}

Phase seeks_test(const FsOptions& o, const std::string& path) {
  const int n = std::max(1, o.seekers);
  std::vector<Histogram> hists(static_cast<std::size_t>(n));
  std::atomic<bool> stop{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  TestMeter m;
  std::vector<std::thread> threads;
  for (int t = 0; t < n; ++t) {
    const std::uint64_t count =
        o.seeks / static_cast<std::uint64_t>(n) + (static_cast<std::uint64_t>(t) < o.seeks % n);
    threads.emplace_back([&, t, count] {
      try {
        seeker(o, path, count, o.seed + static_cast<std::uint64_t>(t) + 1, hists[t], stop);
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!first_error) first_error = std::current_exception();
        stop = true;
      }
    });
  }
  for (auto& t : threads) t.join();
  if (first_error) std::rethrow_exception(first_error);
  m.stop();
  Histogram all;
  for (const auto& h : hists) all.merge(h);
  const double rate = m.elapsed_s() > 0 ? static_cast<double>(all.count()) / m.elapsed_s() : 0;
  Phase p = make_phase("seeks", m, static_cast<double>(all.count()), "seeks", rate, "seeks/s", all);
  p.metrics.push_back({"threads", static_cast<double>(n), "threads"});
  return p;
}

void announce(std::ostream& progress, const char* what) { progress << what << std::flush; }
void done(std::ostream& progress) { progress << "done\n" << std::flush; }

}  // namespace

void run_data_tests(const FsOptions& o, const WorkDir& work, std::ostream& progress, DataRun& run) {
  if (o.size_bytes == 0) return;
  const std::string data = work.file("data");
  if (o.char_bytes > 0) {
    const std::string chars = work.file("data.char");
    announce(progress, "Writing a byte at a time...");
    run.phases.push_back(watched(o, [&] { return putc_test(o, chars); }));
    unlink(chars.c_str());
    done(progress);
  }
  announce(progress, "Writing intelligently...");
  run.phases.push_back(watched(o, [&] { return block_write_test(o, data); }));
  done(progress);
  Fd probe = Fd::open(data, O_RDONLY, *o.syscalls);
  drop_cache(o, probe, run);
  announce(progress, "Rewriting...");
  run.phases.push_back(watched(o, [&] { return rewrite_test(o, data); }));
  done(progress);
  if (o.char_bytes > 0) {
    drop_cache(o, probe, run);
    announce(progress, "Reading a byte at a time...");
    run.phases.push_back(watched(o, [&] { return getc_test(o, data); }));
    done(progress);
  }
  drop_cache(o, probe, run);
  announce(progress, "Reading intelligently...");
  run.phases.push_back(watched(o, [&] { return block_read_test(o, data); }));
  run.block_read_mb_s = run.phases.back().metric("mb_per_s")->value;
  done(progress);
  if (o.seeks > 0) {
    drop_cache(o, probe, run);
    announce(progress, "Random seeks...");
    run.phases.push_back(watched(o, [&] { return seeks_test(o, data); }));
    done(progress);
  }
  unlink(data.c_str());
}

}  // namespace hostmark::fsbench
