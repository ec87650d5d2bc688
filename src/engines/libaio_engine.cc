// libaio: Linux native AIO (io_setup/io_submit/io_getevents). One iocb per I/O from a fixed
// pool of iodepth; submit() hands every staged iocb over, resubmitting the rest after a partial
// io_submit. An iocb the kernel refuses (io_submit returning -errno for it, e.g. -EBADF)
// completes with that error through the next reap(). Trim runs synchronously in queue().
// fsync/fdatasync are IO_CMD_FSYNC/FDSYNC; where the kernel refuses them (-EINVAL) they run
// synchronously instead and complete through reap().
#include <libaio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

// io_submit -EAGAIN with nothing in flight: how often to retry before giving up.
constexpr int kAgainRetries = 1000;

IoUnit& unit_of(const iocb* cb) { return *static_cast<IoUnit*>(cb->data); }

class LibaioEngine final : public IoEngine {
 public:
  explicit LibaioEngine(const EngineOptions& options)
      : sys_(*options.syscalls),
        depth_(std::max(options.iodepth, 1U)),
        iocbs_(depth_),
        staged_(std::make_unique<iocb*[]>(depth_)),
        failed_(std::make_unique<iocb*[]>(depth_)),
        events_(std::make_unique<io_event[]>(depth_)) {}
  ~LibaioEngine() override {
    if (ctx_ != nullptr) io_destroy(ctx_);
  }
  LibaioEngine(const LibaioEngine&) = delete;
  LibaioEngine& operator=(const LibaioEngine&) = delete;

  std::string_view name() const override { return "libaio"; }
  bool synchronous() const override { return false; }

  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> /*buffers*/) override {
    files_ = files;
    const int rc = io_setup(static_cast<int>(depth_), &ctx_);
    if (rc < 0) return setup_error("libaio", "io_setup", -rc);
    return Ok{};
  }

  QueueStatus queue(IoUnit& unit) override {
    if (iocbs_.empty()) return QueueStatus::kBusy;
    const EngineFile& file = files_[static_cast<std::size_t>(unit.file)];
    if (unit.op == IoOp::kTrim) {
      unit.result = trim_range(sys_, file, unit.offset, unit.length);
      return QueueStatus::kCompleted;
    }
    iocb* cb = iocbs_.take();
    const auto offset = static_cast<long long>(unit.offset);
    switch (unit.op) {
      case IoOp::kRead: io_prep_pread(cb, file.fd, unit.buf, unit.length, offset); break;
      case IoOp::kWrite: io_prep_pwrite(cb, file.fd, unit.buf, unit.length, offset); break;
      case IoOp::kFsync: io_prep_fsync(cb, file.fd); break;
      default: io_prep_fdsync(cb, file.fd); break;
    }
    cb->data = &unit;
    unit.engine_data = cb;
    staged_[staged_count_++] = cb;
    return QueueStatus::kQueued;
  }

  int submit() override {
    unsigned done = 0;
    int again = 0;
    int last_error = 0;
    while (done < staged_count_) {
      const int rc = io_submit(ctx_, staged_count_ - done, staged_.get() + done);
      if (rc > 0) {
        done += static_cast<unsigned>(rc);
        inflight_ += static_cast<unsigned>(rc);
      } else if (rc == -EAGAIN || rc == -EINTR) {
        // The kernel is out of room: the caller reaps what is in flight and submits again.
        last_error = rc;
        if (inflight_ > 0 || ++again > kAgainRetries) break;
        usleep(1);
      } else {
        fail(staged_[done++], rc == 0 ? -EIO : rc);  // the kernel refused this iocb
      }
    }
    staged_count_ -= done;
    std::memmove(staged_.get(), staged_.get() + done, staged_count_ * sizeof(iocb*));
    // An error only when nothing moved and nothing is left to reap: the caller cannot progress.
    const bool stuck = done == 0 && staged_count_ > 0 && inflight_ == 0 && failed_count_ == 0;
    return stuck ? last_error : static_cast<int>(done);
  }

  int reap(unsigned min, std::span<IoUnit*> out) override {
    unsigned stored = 0;
    while (failed_count_ > 0 && stored < out.size()) {
      iocb* cb = failed_[--failed_count_];
      out[stored++] = &unit_of(cb);
      iocbs_.give(cb);
    }
    const auto room = static_cast<unsigned>(std::min<std::size_t>(out.size() - stored, inflight_));
    if (room == 0) return static_cast<int>(stored);
    const unsigned need = std::min(min > stored ? min - stored : 0, room);
    timespec no_wait{0, 0};
    int rc = 0;
    do {
      rc = static_cast<int>(
          sys_.getevents(ctx_, need, room, events_.get(), need == 0 ? &no_wait : nullptr));
    } while (rc == -EINTR);
    if (rc < 0) return stored > 0 ? static_cast<int>(stored) : rc;
    for (int i = 0; i < rc; ++i) {
      const io_event& ev = events_[i];
      IoUnit& unit = unit_of(ev.obj);
      unit.result =
          sys_.completed(completion_of(unit, ev.obj->aio_fildes), static_cast<long>(ev.res));
      iocbs_.give(ev.obj);
      out[stored++] = &unit;
    }
    inflight_ -= static_cast<unsigned>(rc);
    return static_cast<int>(stored);
  }

 private:
  // Completes an iocb io_submit refused with `error`: the next reap() returns it.
  void fail(iocb* cb, int error) {
    IoUnit& unit = unit_of(cb);
    const bool sync_op = unit.op == IoOp::kFsync || unit.op == IoOp::kFdatasync;
    unit.result = sync_op && error == -EINVAL ? sync_fd(sys_, cb->aio_fildes, unit.op) : error;
    failed_[failed_count_++] = cb;
  }

  platform::Syscalls& sys_;
  unsigned depth_;
  std::span<const EngineFile> files_;
  io_context_t ctx_ = nullptr;
  SlotPool<iocb> iocbs_;             // free iocbs; one per staged, in-flight or failed I/O
  std::unique_ptr<iocb*[]> staged_;  // queued, not yet accepted by io_submit
  unsigned staged_count_ = 0;
  std::unique_ptr<iocb*[]> failed_;  // refused by io_submit, waiting for reap()
  unsigned failed_count_ = 0;
  std::unique_ptr<io_event[]> events_;  // io_getevents output, iodepth entries
  unsigned inflight_ = 0;               // accepted by io_submit, not yet reaped
};

}  // namespace

std::unique_ptr<IoEngine> make_libaio(const EngineOptions& options) {
  return std::make_unique<LibaioEngine>(options);
}

}  // namespace hostmark::engines::detail
