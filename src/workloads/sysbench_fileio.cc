#include "workloads/sysbench_fileio.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>

#include "cli/units.h"
#include "core/error.h"
#include "engines/io_engine.h"
#include "io/io_buffers.h"
#include "runner/clock.h"
#include "workloads/fileio_blocks.h"
#include "workloads/fileio_counts.h"

namespace hostmark {

using engines::IoOp;
using engines::IoUnit;
using engines::QueueStatus;

std::string fileio_file_name(std::uint64_t index) { return "test_file." + std::to_string(index); }

namespace {

using fileio_detail::Count;

struct alignas(64) Slot {
  fileio_detail::FileioCounts counts;
  Histogram completion;
  // Where the part restart_counters() returns next begins (the control thread's only).
  FileioCounters counts_base;
  Histogram completion_base;
};

}  // namespace

struct FileioWorkload::Shared {
  FileioSpec spec;
  platform::Syscalls* sys = nullptr;
  std::vector<engines::EngineFile> files;
  std::uint64_t blocks_per_file = 0;
  alignas(64) std::atomic<std::uint64_t> seq_position{0};
  alignas(64) std::atomic<std::uint64_t> requests{0};
  std::vector<std::unique_ptr<Slot>> slots;
  mutable std::mutex error_mutex;
  std::string end_error;
};

namespace {

using Shared = FileioWorkload::Shared;

std::string_view engine_for(FileioIo io) {
  switch (io) {
    case FileioIo::kAsync: return "libaio";
    case FileioIo::kMmap: return "mmap";
    case FileioIo::kSync: break;
  }
  return "psync";
}

// How many waits for completions in a row may fail (or collect nothing) before a worker gives
// up on the requests still in flight.
constexpr unsigned kMaxFailedReaps = 64;

class FileioWorker final : public EventWorker {
 public:
  FileioWorker(Shared& shared, Slot& slot, std::uint64_t seed)
      : sh_(shared), spec_(shared.spec), slot_(slot), rng_(seed), next_fsync_(shared.files.size()) {
    const unsigned depth = spec_.io == FileioIo::kAsync ? std::max(1u, spec_.async_backlog) : 1;
    engines::EngineOptions options;
    options.iodepth = depth;
    options.writable = spec_.writes();
    options.syscalls = sh_.sys;
    engine_ = engines::make_engine(engine_for(spec_.io), options).value();
    stride_ = (spec_.block_bytes * spec_.blocks_per_request() + 4095) / 4096 * 4096;
    buffers_ = static_cast<std::byte*>(std::aligned_alloc(4096, stride_ * depth));
    if (buffers_ == nullptr) throw Failure(run_error("--file-block-size", "out of memory"));
    std::uint64_t fill = rng_ ^ 0x5bd1e995;
    for (std::uint64_t i = 0; i + 8 <= stride_ * depth; i += 8) {
      const std::uint64_t r = io::splitmix64(fill);
      std::memcpy(buffers_ + i, &r, 8);
    }
    units_.resize(depth);
    for (unsigned i = 0; i < depth; ++i) {
      spans_.emplace_back(buffers_ + i * stride_, stride_);
      units_[i].buf = buffers_ + i * stride_;
      units_[i].pool_index = i;
      free_.push_back(&units_[i]);
    }
    engine_->prepare(sh_.files, spans_).value();
  }

  ~FileioWorker() override {
    try {
      collect_in_flight();
      if (spec_.fsync_end && !spec_.fsync_all && spec_.writes()) {
        for (std::size_t i = 0; i < sh_.files.size(); ++i) fsync_file(i);
      }
    } catch (const Failure& f) {
      keep_error(f.what());
    }
    // After a failure some I/O may still be in the kernel: collect it (its errors are already
    // counted) before the buffers it lands in are freed. A wait that keeps failing (or
    // returning nothing) is given up after kMaxFailedReaps: what is still in flight is
    // counted as failed, never as done, and said in the run's error.
    unsigned failed_reaps = 0;
    while (in_flight_ > 0 && failed_reaps < kMaxFailedReaps) {
      const unsigned before = in_flight_;
      try {
        reap(in_flight_);
      } catch (const Failure&) {  // NOLINT(bugprone-empty-catch): the first error is kept above
      }
      failed_reaps = in_flight_ < before ? 0 : failed_reaps + 1;
    }
    if (in_flight_ > 0) {
      slot_.counts.add(Count::kErrors, in_flight_);
      const std::scoped_lock lock(sh_.error_mutex);
      sh_.end_error += fmt::format(
          "{}libaio: {} request(s) still in flight after {} failed waits "
          "for completions: given up",
          sh_.end_error.empty() ? "" : "; ", in_flight_, kMaxFailedReaps);
    }
    // Destroying the engine (io_destroy) waits for whatever the kernel still holds: only then
    // are its buffers free to go.
    engine_.reset();
    std::free(buffers_);
  }
  FileioWorker(const FileioWorker&) = delete;
  FileioWorker& operator=(const FileioWorker&) = delete;

  bool execute() override {
    if (next_fsync_ < sh_.files.size()) {
      fsync_file(next_fsync_++);
      return true;
    }
    request();
    if (spec_.fsync_freq > 0 && !spec_.fsync_all && spec_.writes()) {
      const std::uint64_t n = sh_.requests.fetch_add(1, std::memory_order_relaxed) + 1;
      if (n % spec_.fsync_freq == 0) next_fsync_ = 0;
    }
    return true;
  }

 private:
  std::uint64_t next_random() { return io::splitmix64(rng_); }

  void request() {
    std::uint64_t file = 0;
    std::uint64_t block = 0;
    std::uint64_t blocks = 1;
    if (spec_.random()) {
      file = next_random() % sh_.files.size();
      block = next_random() % sh_.blocks_per_file;
    } else {
      // Requests of up to `per` blocks walk each file; the last one of a file may be shorter.
      const std::uint64_t per = spec_.blocks_per_request();
      const std::uint64_t per_file = (sh_.blocks_per_file + per - 1) / per;
      const std::uint64_t pos =
          sh_.seq_position.fetch_add(1, std::memory_order_relaxed) % (per_file * sh_.files.size());
      file = pos / per_file;
      block = pos % per_file * per;
      blocks = std::min(per, sh_.blocks_per_file - block);
    }
    bool write = spec_.writes();
    if (spec_.mode == FileioMode::kRndrw) {
      write = static_cast<double>(chosen_reads_) >=
              spec_.rw_ratio * static_cast<double>(chosen_writes_);
      ++(write ? chosen_writes_ : chosen_reads_);
    }
    if (free_.empty()) reap(1);
    IoUnit& u = *free_.back();
    free_.pop_back();
    u.op = write ? IoOp::kWrite : IoOp::kRead;
    u.file = static_cast<int>(file);
    u.offset = block * spec_.block_bytes;
    u.length = static_cast<std::uint32_t>(spec_.block_bytes * blocks);
    if (write && spec_.validate) {
      for (std::uint64_t b = 0; b < blocks; ++b)
        fill_checked_block(u.buf + b * spec_.block_bytes, spec_.block_bytes, file,
                           u.offset + b * spec_.block_bytes, rng_);
    }
    u.start_ns = monotonic_ns();
    QueueStatus st = engine_->queue(u);
    while (st == QueueStatus::kBusy) {
      reap(1);
      st = engine_->queue(u);
    }
    if (st == QueueStatus::kCompleted) {
      complete(u, 0);
    } else {
      ++in_flight_;
      const int rc = engine_->submit();
      if (rc < 0) fail(u, static_cast<int>(-rc));
    }
    if (write && spec_.fsync_all) fsync_file(file);
  }

  // Waits for every request in flight; throws the first failure. A wait that fails, or
  // returns nothing, kMaxFailedReaps times in a row is a failure (no endless loop).
  void collect_in_flight() {
    unsigned empty = 0;
    while (in_flight_ > 0) {
      const unsigned before = in_flight_;
      reap(in_flight_);
      if (in_flight_ < before) {
        empty = 0;
      } else if (++empty >= kMaxFailedReaps) {
        throw Failure(run_error(
            "libaio", fmt::format("no completion for {} request(s) in flight", in_flight_)));
      }
    }
  }

  void keep_error(const std::string& text) {
    const std::scoped_lock lock(sh_.error_mutex);
    if (sh_.end_error.empty()) sh_.end_error = text;
  }

  void reap(unsigned min) {
    std::array<IoUnit*, 64> out{};
    const int n = engine_->reap(std::min<unsigned>(min, in_flight_), out);
    if (n < 0) throw Failure(run_error("libaio", std::string("reap: ") + std::strerror(-n)));
    const std::uint64_t now = monotonic_ns();
    in_flight_ -= static_cast<unsigned>(n);
    // Every reaped unit is accounted for (and back in the pool) before the first failure is
    // thrown, so a failed batch leaves nothing half-collected.
    std::optional<Failure> failure;
    for (int i = 0; i < n; ++i) {
      try {
        complete(*out[static_cast<std::size_t>(i)], now);
      } catch (const Failure& f) {
        if (!failure) failure = f;
      }
    }
    if (failure) throw *failure;
  }

  // "test_file.3: write at offset 16384: No space left on device"; err 0: end of file.
  [[noreturn]] void fail(const IoUnit& u, int err) {
    slot_.counts.add(Count::kErrors, 1);
    const auto& f = sh_.files[static_cast<std::size_t>(u.file)];
    const char* what = u.op == IoOp::kWrite ? "write" : "read";
    throw Failure(run_error(
        f.path, fmt::format("{} at offset {}: {}", what, u.offset,
                            err ? std::strerror(err)
                                : fmt::format("{} of {} bytes before end of file (file smaller "
                                              "than the test?)",
                                              std::max<std::int64_t>(u.result, 0), u.length))));
  }

  // completed_ns: when an async request was reaped (0 for synchronous ones).
  void complete(IoUnit& u, std::uint64_t completed_ns) {
    free_.push_back(&u);  // its buffer is read below, before any next request reuses it
    if (u.result != static_cast<std::int64_t>(u.length))
      fail(u, u.result < 0 ? static_cast<int>(-u.result) : 0);
    if (completed_ns != 0) slot_.completion.record(completed_ns - u.start_ns);
    if (u.op == IoOp::kWrite) {
      slot_.counts.add(Count::kWrites, 1, Count::kWrittenBytes, u.length);
    } else {
      slot_.counts.add(Count::kReads, 1, Count::kReadBytes, u.length);
      for (std::uint64_t b = 0; spec_.validate && b < u.length / spec_.block_bytes; ++b) {
        const std::uint64_t offset = u.offset + b * spec_.block_bytes;
        if (!check_block(u.buf + b * spec_.block_bytes, spec_.block_bytes,
                         static_cast<std::uint64_t>(u.file), offset)) {
          throw Failure(
              run_error("--validate",
                        "validation failed: " + sh_.files[static_cast<std::size_t>(u.file)].path +
                            " offset " + std::to_string(offset) +
                            ": the block does not hold what was written there"));
        }
      }
    }
  }

  void fsync_file(std::size_t index) {
    const auto& f = sh_.files[index];
    if (spec_.io == FileioIo::kMmap) {
      IoUnit& u = *free_.back();
      u.op = spec_.fdatasync ? IoOp::kFdatasync : IoOp::kFsync;
      u.file = static_cast<int>(index);
      u.length = 0;
      engine_->queue(u);
      if (u.result < 0) sync_failed(f.path, "msync", u.result);
    } else {
      const std::int64_t rc = spec_.fdatasync ? sh_.sys->fdatasync(f.fd) : sh_.sys->fsync(f.fd);
      if (rc < 0) sync_failed(f.path, spec_.fdatasync ? "fdatasync" : "fsync", rc);
    }
    slot_.counts.add(Count::kFsyncs, 1);
  }

  [[noreturn]] void sync_failed(const std::string& path, const char* call, std::int64_t rc) {
    slot_.counts.add(Count::kErrors, 1);
    throw Failure(
        run_error(path, fmt::format("{}: {}", call, std::strerror(static_cast<int>(-rc)))));
  }

  Shared& sh_;
  const FileioSpec& spec_;
  Slot& slot_;
  std::uint64_t rng_;
  std::size_t next_fsync_;  // next file of a periodic fsync round; files.size(): none due
  std::unique_ptr<engines::IoEngine> engine_;
  std::uint64_t stride_ = 0;
  std::byte* buffers_ = nullptr;
  std::vector<IoUnit> units_;
  std::vector<std::span<std::byte>> spans_;
  std::vector<IoUnit*> free_;
  unsigned in_flight_ = 0;
  std::uint64_t chosen_reads_ = 0;
  std::uint64_t chosen_writes_ = 0;
};

}  // namespace

namespace {
void close_all(FileioWorkload::Shared& s) {
  for (auto& f : s.files) ::close(f.fd);
  s.files.clear();
}
}  // namespace

FileioWorkload::FileioWorkload(const FileioSpec& spec, int threads, platform::Syscalls& syscalls)
    : shared_(std::make_unique<Shared>()) {
  Shared& s = *shared_;
  s.spec = spec;
  s.sys = &syscalls;
  s.blocks_per_file = spec.block_bytes ? spec.file_bytes() / spec.block_bytes : 0;
  // seqwr is sysbench's "creation" test: it starts from empty files.
  const bool create = spec.mode == FileioMode::kSeqwr;
  const int access = (spec.writes() ? O_RDWR : O_RDONLY) | (create ? O_CREAT | O_TRUNC : 0);
  for (std::uint64_t i = 0; i < spec.file_num; ++i) {
    const std::string name = fileio_file_name(i);
    const std::string path = spec.dir == "." ? name : spec.dir + "/" + name;
    // O_NOFOLLOW: the test files are regular files prepare made; a link planted at a name is
    // refused, never written through.
    const int fd = ::open(path.c_str(), access | spec.open_flags | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
      const int err = errno;
      close_all(s);
      if (err == ELOOP) {  // sysbench would follow the link: hostmark's words only
        throw Failure(run_error("Cannot open file '" + name + "'",
                                "it is a symbolic link; hostmark does not follow links at test "
                                "file names (remove it)"));
      }
      throw Failure(with_peer_text(
          run_error("Cannot open file '" + name + "'",
                    std::string(std::strerror(err)) +
                        (err == ENOENT ? " (did you forget to run the prepare step?)" : "")),
          fmt::format("FATAL: Cannot open file '{}' errno = {} ({})\nWARNING: Did you forget to "
                      "run the prepare step?",
                      name, err, std::strerror(err))));
    }
    s.files.push_back({fd, spec.file_bytes(), false, name});
    struct stat st {};
    if (::fstat(fd, &st) != 0) st.st_size = 0;
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (create && spec.io == FileioIo::kMmap) {
      if (const std::int64_t rc = syscalls.ftruncate(fd, spec.file_bytes()); rc < 0) {
        close_all(s);
        throw Failure(
            run_error(name, std::string("ftruncate: ") + std::strerror(static_cast<int>(-rc))));
      }
    }
    if (!create && size < spec.file_bytes()) {
      close_all(s);
      const std::string have = sysbench_size_text(static_cast<double>(size));
      const std::string want = sysbench_size_text(static_cast<double>(spec.file_bytes()));
      throw Failure(with_peer_text(
          run_error(name, "size is " + have + ", but at least " + want +
                              " is expected (did you run prepare with different "
                              "--file-total-size or --file-num values?)"),
          fmt::format("FATAL: Size of file '{}' is {}, but at least {} is expected.\nWARNING: "
                      "Did you run 'prepare' with different --file-total-size or --file-num "
                      "values?",
                      name, have, want)));
    }
  }
  for (int i = 0; i < threads; ++i) s.slots.push_back(std::make_unique<Slot>());
}

FileioWorkload::~FileioWorkload() {
  for (auto& f : shared_->files) ::close(f.fd);
}

std::unique_ptr<EventWorker> FileioWorkload::make_worker(int thread_index, int /*thread_count*/) {
  Slot& slot = *shared_->slots.at(static_cast<std::size_t>(thread_index));
  return std::make_unique<FileioWorker>(
      *shared_, slot,
      shared_->spec.seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(thread_index) + 1);
}

FileioCounters FileioWorkload::counters() const {
  FileioCounters c;
  for (const auto& s : shared_->slots) c += s->counts.read();
  return c;
}

std::shared_ptr<const OwnCounts> FileioWorkload::restart_counters() {
  auto part = std::make_shared<FileioPart>();
  FileioTotals& t = part->totals;
  FileioCounters sum;
  for (const auto& s : shared_->slots) {
    const FileioCounters now = s->counts.read();
    sum += now - s->counts_base;
    s->counts_base = now;
    Histogram done = s->completion.snapshot();  // never a plain read: workers record into it
    Histogram delta = done;
    delta.subtract_snapshot(s->completion_base);
    t.completion.merge(delta);
    s->completion_base = std::move(done);
  }
  t.reads = sum.reads;
  t.writes = sum.writes;
  t.fsyncs = sum.fsyncs;
  t.read_bytes = sum.read_bytes;
  t.written_bytes = sum.written_bytes;
  t.errors = sum.errors;
  return part;
}

std::optional<TimeTotals> FileioWorkload::io_totals() const {
  const FileioCounters c = counters();
  return TimeTotals{c.reads, c.writes, c.read_bytes, c.written_bytes, 0};
}

FileioTotals FileioWorkload::totals() const {
  const FileioCounters c = counters();
  FileioTotals t{c.reads, c.writes, c.fsyncs, c.read_bytes, c.written_bytes, c.errors, {}};
  for (const auto& s : shared_->slots) t.completion.merge(s->completion);
  return t;
}

const std::string& FileioWorkload::end_error() const {
  const std::scoped_lock lock(shared_->error_mutex);
  return shared_->end_error;
}

}  // namespace hostmark
