#include "fsbench/file_tests.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>

#include "fsbench/fd.h"
#include "fsbench/test_meter.h"
#include "fsbench/watched.h"

namespace hostmark::fsbench {
namespace {

constexpr std::size_t kFileChunk = 4096;  // bytes per write()/read() of a file's data

struct FileSet {
  std::string root;                  // the round's directory
  std::vector<std::string> paths;    // index -> path
  std::vector<std::uint64_t> sizes;  // index -> bytes of data
};

FileSet make_file_set(const FsOptions& o, const std::string& root, std::mt19937_64& rng) {
  FileSet set;
  set.root = root;
  if (mkdir(root.c_str(), 0700) != 0) throw_errno(root, "mkdir");
  for (std::uint64_t d = 0; d < o.dirs; ++d) {
    const std::string sub = fmt::format("{}/d{:04}", root, d);
    if (mkdir(sub.c_str(), 0700) != 0) throw_errno(sub, "mkdir");
  }
  const std::uint64_t n = o.file_count();
  std::uniform_int_distribution<std::uint64_t> size(o.file_min_bytes, o.file_max_bytes);
  for (std::uint64_t i = 0; i < n; ++i) {
    set.paths.push_back(o.dirs > 0 ? fmt::format("{}/d{:04}/f{:08}", root, i % o.dirs, i)
                                   : fmt::format("{}/f{:08}", root, i));
    set.sizes.push_back(o.file_max_bytes > 0 ? size(rng) : 0);
  }
  return set;
}

// Runs op(index) for every index of `order`, split over `threads` threads; times each call.
Histogram run_parallel(int threads, const std::vector<std::size_t>& order,
                       const std::function<void(std::size_t)>& op) {
  const auto n = static_cast<std::size_t>(std::max(1, threads));
  std::vector<Histogram> hists(n);
  std::atomic<bool> stop{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < n; ++t) {
    pool.emplace_back([&, t] {
      const std::size_t begin = order.size() * t / n;
      const std::size_t end = order.size() * (t + 1) / n;
      try {
        for (std::size_t i = begin; i < end; ++i) {
          if (stop.load(std::memory_order_relaxed)) return;
          if ((i - begin) % 512 == 0 && interrupt_pending()) throw Interrupted{};
          const auto start = Clock::now();
          op(order[i]);
          hists[t].record(ns_between(start, Clock::now()));
        }
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!first_error) first_error = std::current_exception();
        stop = true;
      }
    });
  }
  for (auto& t : pool) t.join();
  if (first_error) std::rethrow_exception(first_error);
  Histogram all;
  for (const auto& h : hists) all.merge(h);
  return all;
}

Phase timed(const std::string& name, const FsOptions& o, const std::vector<std::size_t>& order,
            const std::function<void(std::size_t)>& op) {
  TestMeter m;
  const Histogram h = run_parallel(o.threads, order, op);
  m.stop();
  const double files = static_cast<double>(h.count());
  Phase p = make_phase(name, m, files, "files", m.elapsed_s() > 0 ? files / m.elapsed_s() : 0,
                       "files/s", h, o.latency_buckets);
  p.metrics.push_back({"threads", static_cast<double>(std::max(1, o.threads)), "threads"});
  return p;
}

void create_file(const FileSet& set, std::size_t i, const std::vector<char>& data,
                 platform::Syscalls& sys) {
  Fd fd = Fd::open(set.paths[i], O_WRONLY | O_CREAT | O_EXCL, sys);
  for (std::uint64_t left = set.sizes[i]; left > 0;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, kFileChunk));
    fd.write_all(data.data(), n);
    left -= n;
  }
}

void read_file(const FileSet& set, std::size_t i, platform::Syscalls& sys) {
  char buf[kFileChunk];
  Fd fd = Fd::open(set.paths[i], O_RDONLY, sys);
  for (std::uint64_t left = set.sizes[i]; left > 0;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, kFileChunk));
    fd.read_exact(buf, n);
    left -= n;
  }
}

void stat_file(const FileSet& set, std::size_t i) {
  struct stat st {};
  if (stat(set.paths[i].c_str(), &st) != 0) throw_errno(set.paths[i], "stat");
}

void delete_file(const FileSet& set, std::size_t i) {
  if (unlink(set.paths[i].c_str()) != 0) throw_errno(set.paths[i], "unlink");
}

void remove_dirs(const FsOptions& o, const FileSet& set) {
  for (std::uint64_t d = 0; d < o.dirs; ++d) rmdir(fmt::format("{}/d{:04}", set.root, d).c_str());
  rmdir(set.root.c_str());
}

void run_round(const FsOptions& o, const std::string& prefix, const std::string& root,
               bool random_order, std::mt19937_64& rng, std::ostream& progress,
               std::vector<Phase>& phases) {
  const FileSet set = make_file_set(o, root, rng);
  std::vector<std::size_t> order(set.paths.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto next_order = [&] {
    if (random_order) std::shuffle(order.begin(), order.end(), rng);
    return order;
  };
  const std::vector<char> data(kFileChunk, 'f');
  const char* how = random_order ? "random" : "sequential";
  progress << "Create files in " << how << " order..." << std::flush;
  phases.push_back(watched(o, [&] {
    return timed(prefix + "create", o, next_order(),
                 [&](std::size_t i) { create_file(set, i, data, *o.syscalls); });
  }));
  progress << "done.\nStat files in " << how << " order..." << std::flush;
  phases.push_back(watched(o, [&] {
    return timed(prefix + "stat", o, next_order(), [&](std::size_t i) { stat_file(set, i); });
  }));
  progress << "done.\nRead files in " << how << " order..." << std::flush;
  phases.push_back(watched(o, [&] {
    return timed(prefix + "read", o, next_order(),
                 [&](std::size_t i) { read_file(set, i, *o.syscalls); });
  }));
  progress << "done.\nDelete files in " << how << " order..." << std::flush;
  phases.push_back(watched(o, [&] {
    return timed(prefix + "delete", o, next_order(), [&](std::size_t i) { delete_file(set, i); });
  }));
  progress << "done.\n" << std::flush;
  remove_dirs(o, set);
}

}  // namespace

void run_file_tests(const FsOptions& o, const WorkDir& work, std::ostream& progress,
                    std::vector<Phase>& phases) {
  if (o.files_k == 0) return;
  std::mt19937_64 rng(o.seed);
  run_round(o, "seq_", work.file("seq"), false, rng, progress, phases);
  if (o.random_round) run_round(o, "ran_", work.file("ran"), true, rng, progress, phases);
}

}  // namespace hostmark::fsbench
