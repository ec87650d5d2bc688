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

#include "fsbench/fd.h"
#include "fsbench/test_meter.h"
#include "storage/storage_context.h"

namespace hostmark::fsbench {
namespace {

constexpr std::uint64_t kPollEvery = 4096;  // operations between interrupt polls

double kib_per_s(std::uint64_t bytes, const TestMeter& m) {
  return m.elapsed_s() > 0 ? static_cast<double>(bytes) / 1024.0 / m.elapsed_s() : 0;
}

Phase byte_phase(const std::string& name, const TestMeter& m, std::uint64_t bytes,
                 const Histogram& h) {
  Phase p =
      make_phase(name, m, static_cast<double>(bytes), "bytes", kib_per_s(bytes, m), "KiB/s", h);
  p.metrics.push_back({"mb_per_s",
                       m.elapsed_s() > 0 ? static_cast<double>(bytes) / 1e6 / m.elapsed_s() : 0,
                       "MB/s"});
  return p;
}

void poll_interrupt(std::uint64_t i) {
  if (i % kPollEvery == 0 && interrupt_pending()) throw Interrupted{};
}

void drop_cache(const FsOptions& o, const Fd& fd, DataRun& run) {
  if (!o.drop_cache) return;
  if (storage::drop_file_cache(fd.get())) return;
  if (!storage::drop_all_caches()) run.cache_dropped = false;
}

Phase putc_test(const FsOptions& o, const std::string& path) {
  Histogram h;
  TestMeter m;
  if (o.char_io == CharIo::kSyscall) {
    Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL);
    auto t = Clock::now();
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      const char c = static_cast<char>(i & 0x7f);
      fd.write_all(&c, 1);
      const auto now = Clock::now();
      h.record(ns_between(t, now));
      t = now;
    }
    fd.sync();
  } else {
    Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL);
    std::FILE* f = fdopen(fd.get(), "w");
    if (f == nullptr) throw_errno(path, "fdopen");
    fd.release();
    auto t = Clock::now();
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      if (i % kPollEvery == 0 && interrupt_pending()) {
        std::fclose(f);
        throw Interrupted{};
      }
      if (putc(static_cast<int>(i & 0x7f), f) == EOF) {
        std::fclose(f);
        throw_errno(path, "write");
      }
      const auto now = Clock::now();
      h.record(ns_between(t, now));
      t = now;
    }
    const bool ok = std::fflush(f) == 0 && fsync(fileno(f)) == 0;
    const int e = errno;
    std::fclose(f);
    errno = e;
    if (!ok) throw_errno(path, "write");
  }
  m.stop();
  return byte_phase("putc", m, o.char_bytes, h);
}

Phase block_write_test(const FsOptions& o, const std::string& path) {
  std::vector<char> buf(o.chunk_bytes);
  for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<char>('a' + i % 26);
  Histogram h;
  TestMeter m;
  Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL);
  const std::uint64_t chunks = o.size_bytes / o.chunk_bytes;
  for (std::uint64_t i = 0; i < chunks; ++i) {
    poll_interrupt(i);
    const auto t = Clock::now();
    fd.write_all(buf.data(), buf.size());
    h.record(ns_between(t, Clock::now()));
  }
  fd.sync();
  m.stop();
  return byte_phase("put_block", m, chunks * o.chunk_bytes, h);
}

Phase rewrite_test(const FsOptions& o, const std::string& path) {
  std::vector<char> buf(o.chunk_bytes);
  Histogram h;
  TestMeter m;
  Fd fd = Fd::open(path, O_RDWR);
  const std::uint64_t chunks = o.size_bytes / o.chunk_bytes;
  for (std::uint64_t i = 0; i < chunks; ++i) {
    poll_interrupt(i);
    const auto t = Clock::now();
    fd.read_exact(buf.data(), buf.size());
    buf[i % buf.size()] ^= 0x20;
    fd.seek(static_cast<off_t>(i * o.chunk_bytes));
    fd.write_all(buf.data(), buf.size());
    h.record(ns_between(t, Clock::now()));
  }
  fd.sync();
  m.stop();
  return byte_phase("rewrite", m, chunks * o.chunk_bytes, h);
}

Phase getc_test(const FsOptions& o, const std::string& path) {
  Histogram h;
  TestMeter m;
  Fd fd = Fd::open(path, O_RDONLY);
  if (o.char_io == CharIo::kSyscall) {
    auto t = Clock::now();
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      char c = 0;
      fd.read_exact(&c, 1);
      const auto now = Clock::now();
      h.record(ns_between(t, now));
      t = now;
    }
  } else {
    std::FILE* f = fdopen(fd.get(), "r");
    if (f == nullptr) throw_errno(path, "fdopen");
    fd.release();
    auto t = Clock::now();
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      if (i % kPollEvery == 0 && interrupt_pending()) {
        std::fclose(f);
        throw Interrupted{};
      }
      if (getc(f) == EOF) {
        const bool failed = std::ferror(f) != 0;
        std::fclose(f);
        if (failed) throw_errno(path, "read");
        throw Failure(run_error(path, "read: the file ended early"));
      }
      const auto now = Clock::now();
      h.record(ns_between(t, now));
      t = now;
    }
    std::fclose(f);
  }
  m.stop();
  return byte_phase("getc", m, o.char_bytes, h);
}

Phase block_read_test(const FsOptions& o, const std::string& path) {
  std::vector<char> buf(o.chunk_bytes);
  Histogram h;
  TestMeter m;
  Fd fd = Fd::open(path, O_RDONLY);
  const std::uint64_t chunks = o.size_bytes / o.chunk_bytes;
  for (std::uint64_t i = 0; i < chunks; ++i) {
    poll_interrupt(i);
    const auto t = Clock::now();
    fd.read_exact(buf.data(), buf.size());
    h.record(ns_between(t, Clock::now()));
  }
  m.stop();
  return byte_phase("get_block", m, chunks * o.chunk_bytes, h);
}

// One seeker: `count` random chunks read, one in ten dirtied and written back.
void seeker(const FsOptions& o, const std::string& path, std::uint64_t count, std::uint64_t seed,
            Histogram& h, std::atomic<bool>& stop) {
  std::vector<char> buf(o.chunk_bytes);
  Fd fd = Fd::open(path, O_RDWR);
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
    run.phases.push_back(putc_test(o, chars));
    unlink(chars.c_str());
    done(progress);
  }
  announce(progress, "Writing intelligently...");
  run.phases.push_back(block_write_test(o, data));
  done(progress);
  Fd probe = Fd::open(data, O_RDONLY);
  drop_cache(o, probe, run);
  announce(progress, "Rewriting...");
  run.phases.push_back(rewrite_test(o, data));
  done(progress);
  if (o.char_bytes > 0) {
    drop_cache(o, probe, run);
    announce(progress, "Reading a byte at a time...");
    run.phases.push_back(getc_test(o, data));
    done(progress);
  }
  drop_cache(o, probe, run);
  announce(progress, "Reading intelligently...");
  run.phases.push_back(block_read_test(o, data));
  run.block_read_mb_s = run.phases.back().metric("mb_per_s")->value;
  done(progress);
  drop_cache(o, probe, run);
  announce(progress, "Random seeks...");
  run.phases.push_back(seeks_test(o, data));
  done(progress);
  unlink(data.c_str());
}

}  // namespace hostmark::fsbench
