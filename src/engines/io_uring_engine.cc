// io_uring (liburing): a ring of iodepth entries owned by one thread. queue() fills an SQE,
// submit() is one io_uring_submit for everything staged, reap(min) takes the ready CQEs without
// a syscall and enters the kernel (io_uring_wait_cqe_nr) only when fewer than `min` are ready.
// Options: fixedbufs (registered buffers, READ/WRITE_FIXED by unit.buf_index; a unit with
// buf_index -1 goes unregistered), registerfiles (registered fds, IOSQE_FIXED_FILE),
// sqthread_poll (SQPOLL, SQ_AFF when sqthread_poll_cpu >= 0), hipri (IOPOLL: O_DIRECT only,
// otherwise the kernel fails each I/O), nonvectored (READ/WRITE, else READV/WRITEV).
// Trim runs synchronously in queue(); fsync/fdatasync are IORING_OP_FSYNC.
//
// Unless SQPOLL is asked for, the ring is set up single-issuer with deferred task work (the
// cheapest completion path since Linux 6.1), falling back to plainer setups on older kernels.
// It is created disabled and enabled by the first submit(), with its fd registered then too:
// both tie the ring to a thread, and that must be the thread doing the I/O, which need not be
// the one that ran prepare(). Every submit after the first must come from that same thread.
#include <liburing.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <vector>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

// Setup flags that only make the ring cheaper, tried best first; the last set is none.
constexpr std::array<unsigned, 3> kCheaperSetups = {
    IORING_SETUP_R_DISABLED | IORING_SETUP_SUBMIT_ALL | IORING_SETUP_COOP_TASKRUN |
        IORING_SETUP_TASKRUN_FLAG | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
    IORING_SETUP_R_DISABLED | IORING_SETUP_SUBMIT_ALL | IORING_SETUP_COOP_TASKRUN |
        IORING_SETUP_TASKRUN_FLAG,
    0,
};

class UringEngine final : public IoEngine {
 public:
  explicit UringEngine(const EngineOptions& options)
      : options_(options),
        sys_(*options.syscalls),
        depth_(std::max(options.iodepth, 1U)),
        iovecs_(vectored() ? depth_ : 0),
        cqes_(std::make_unique<io_uring_cqe*[]>(depth_)) {}
  ~UringEngine() override {
    if (ring_ready_) io_uring_queue_exit(&ring_);
  }
  UringEngine(const UringEngine&) = delete;
  UringEngine& operator=(const UringEngine&) = delete;

  std::string_view name() const override { return "io_uring"; }
  bool synchronous() const override { return false; }

  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> buffers) override {
    files_ = files;
    const Status ring = init_ring();
    if (!ring) return ring;
    if (options_.fixedbufs) {
      std::vector<iovec> iovs;
      for (const std::span<std::byte> b : buffers) iovs.push_back(iovec{b.data(), b.size()});
      const int rc =
          io_uring_register_buffers(&ring_, iovs.data(), static_cast<unsigned>(iovs.size()));
      if (rc < 0) return setup_error("io_uring", "io_uring_register_buffers", -rc);
    }
    if (options_.registerfiles) {
      std::vector<int> fds;
      for (const EngineFile& f : files) fds.push_back(f.fd);
      const int rc = io_uring_register_files(&ring_, fds.data(), static_cast<unsigned>(fds.size()));
      if (rc < 0) return setup_error("io_uring", "io_uring_register_files", -rc);
    }
    return Ok{};
  }

  QueueStatus queue(IoUnit& unit) override {
    if (held_ == depth_) return QueueStatus::kBusy;
    const EngineFile& file = files_[static_cast<std::size_t>(unit.file)];
    if (unit.op == IoOp::kTrim) {
      unit.result = trim_range(sys_, file, unit.offset, unit.length);
      return QueueStatus::kCompleted;
    }
    io_uring_sqe* sqe = io_uring_get_sqe(&ring_);
    if (sqe == nullptr && options_.sqthread_poll) {
      // With SQPOLL an entry's completion can be reaped before the kernel thread moves the
      // SQ head past it, so a ring of iodepth entries can look full for a moment: wait for it.
      io_uring_sqring_wait(&ring_);
      sqe = io_uring_get_sqe(&ring_);
    }
    if (sqe == nullptr) return QueueStatus::kBusy;  // the ring holds iodepth
    const int fd = options_.registerfiles ? unit.file : file.fd;
    unit.engine_data = nullptr;
    switch (unit.op) {
      case IoOp::kFsync: io_uring_prep_fsync(sqe, fd, 0); break;
      case IoOp::kFdatasync: io_uring_prep_fsync(sqe, fd, IORING_FSYNC_DATASYNC); break;
      default: prep_transfer(sqe, fd, unit); break;
    }
    if (options_.registerfiles) sqe->flags |= IOSQE_FIXED_FILE;
    io_uring_sqe_set_data(sqe, &unit);
    ++held_;
    ++staged_;
    return QueueStatus::kQueued;
  }

  int submit() override {
    if (staged_ == 0) return 0;
    if (!started_) {
      const int rc = start();
      if (rc < 0) return rc;
    }
    const int rc = io_uring_submit(&ring_);
    if (rc < 0) return rc;
    if (options_.sqthread_poll) {
      // With SQPOLL, liburing returns how many entries the kernel thread has not taken yet
      // (0 when it already took them all): every staged entry is in the ring, and the thread
      // takes them all, so all are submitted whatever the count says.
      const auto handed = static_cast<int>(staged_);
      staged_ = 0;
      return handed;
    }
    staged_ -= std::min(staged_, static_cast<unsigned>(rc));
    return rc;
  }

  int reap(unsigned min, std::span<IoUnit*> out) override {
    const unsigned want = std::min({min, held_ - staged_, static_cast<unsigned>(out.size())});
    unsigned got = collect(out);
    while (got < want) {
      io_uring_cqe* cqe = nullptr;
      const int rc = io_uring_wait_cqe_nr(&ring_, &cqe, want - got);
      if (rc < 0 && rc != -EINTR) return got > 0 ? static_cast<int>(got) : rc;
      got += collect(out.subspan(got));
    }
    return static_cast<int>(got);
  }

 private:
  bool vectored() const { return !options_.nonvectored; }

  // On the I/O thread, once: enables a ring created disabled (this thread becomes its single
  // issuer) and registers the ring fd for it (saves an fd lookup per enter; optional).
  int start() {
    if ((ring_.flags & IORING_SETUP_R_DISABLED) != 0) {
      // Debian's liburing 2.3 declares io_uring_enable_rings but does not export it.
      if (syscall(__NR_io_uring_register, ring_.ring_fd, IORING_REGISTER_ENABLE_RINGS, nullptr,
                  0) != 0) {
        return -errno;
      }
    }
    io_uring_register_ring_fd(&ring_);
    started_ = true;
    return 0;
  }

  Status init_ring() {
    unsigned base = 0;
    io_uring_params params{};
    if (options_.hipri) base |= IORING_SETUP_IOPOLL;
    if (options_.sqthread_poll) {
      base |= IORING_SETUP_SQPOLL;
      if (options_.sqthread_poll_cpu >= 0) {
        base |= IORING_SETUP_SQ_AFF;
        params.sq_thread_cpu = static_cast<unsigned>(options_.sqthread_poll_cpu);
      }
    }
    int rc = 0;
    for (const unsigned extra : kCheaperSetups) {
      if (options_.sqthread_poll && (extra & IORING_SETUP_DEFER_TASKRUN) != 0) continue;
      params.flags = base | extra;
      rc = io_uring_queue_init_params(depth_, &ring_, &params);
      if (rc != -EINVAL) break;
    }
    if (rc < 0) return setup_error("io_uring", "io_uring_queue_init", -rc);
    ring_ready_ = true;
    return Ok{};
  }

  void prep_transfer(io_uring_sqe* sqe, int fd, IoUnit& unit) {
    const bool read = unit.op == IoOp::kRead;
    if (options_.fixedbufs && unit.buf_index >= 0) {
      if (read) {
        io_uring_prep_read_fixed(sqe, fd, unit.buf, unit.length, unit.offset, unit.buf_index);
      } else {
        io_uring_prep_write_fixed(sqe, fd, unit.buf, unit.length, unit.offset, unit.buf_index);
      }
    } else if (!vectored()) {
      if (read) {
        io_uring_prep_read(sqe, fd, unit.buf, unit.length, unit.offset);
      } else {
        io_uring_prep_write(sqe, fd, unit.buf, unit.length, unit.offset);
      }
    } else {
      iovec* iov = iovecs_.take();  // held_ < depth_, so a slot is free
      *iov = iovec{unit.buf, unit.length};
      unit.engine_data = iov;
      if (read) {
        io_uring_prep_readv(sqe, fd, iov, 1, unit.offset);
      } else {
        io_uring_prep_writev(sqe, fd, iov, 1, unit.offset);
      }
    }
  }

  // Takes up to out.size() ready completions (a syscall only when the kernel flags deferred
  // work or an overflow), fills in their units and returns how many.
  unsigned collect(std::span<IoUnit*> out) {
    const auto max = static_cast<unsigned>(std::min<std::size_t>(out.size(), depth_));
    const unsigned n = io_uring_peek_batch_cqe(&ring_, cqes_.get(), max);
    for (unsigned i = 0; i < n; ++i) {
      auto* unit = static_cast<IoUnit*>(io_uring_cqe_get_data(cqes_[i]));
      const int fd = files_[static_cast<std::size_t>(unit->file)].fd;
      unit->result = sys_.completed(completion_of(*unit, fd), cqes_[i]->res);
      if (unit->engine_data != nullptr) iovecs_.give(static_cast<iovec*>(unit->engine_data));
      out[i] = unit;
    }
    io_uring_cq_advance(&ring_, n);
    held_ -= n;
    return n;
  }

  EngineOptions options_;
  platform::Syscalls& sys_;
  unsigned depth_;
  std::span<const EngineFile> files_;
  io_uring ring_{};
  bool ring_ready_ = false;
  bool started_ = false;                   // start() ran
  SlotPool<iovec> iovecs_;                 // READV/WRITEV iovecs of I/Os in flight
  std::unique_ptr<io_uring_cqe*[]> cqes_;  // io_uring_peek_batch_cqe output
  unsigned held_ = 0;                      // staged + in flight
  unsigned staged_ = 0;                    // queued, not yet submitted
};

}  // namespace

std::unique_ptr<IoEngine> make_io_uring(const EngineOptions& options) {
  return std::make_unique<UringEngine>(options);
}

}  // namespace hostmark::engines::detail
