// posixaio: POSIX asynchronous I/O (aio_read/aio_write/aio_fsync, aio_suspend to wait), as fio's
// posixaio engine. glibc runs each request on a helper thread of its own, so it is portable
// rather than fast; libaio and io_uring are the Linux engines. One aiocb per I/O from a fixed
// pool of iodepth; submit() starts every staged request, and a request the C library refuses
// (e.g. EAGAIN with too many in flight, EBADF) completes with that error through the next
// reap(). Trim runs synchronously in queue().
#include <aio.h>
#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

// One request's control block and the I/O it carries. The aiocb lives in its own array
// (glibc's aiocb ends in a zero-length array, so it cannot be a member).
struct AioSlot {
  aiocb* cb = nullptr;
  IoUnit* unit = nullptr;
};

class PosixAioEngine final : public IoEngine {
 public:
  explicit PosixAioEngine(const EngineOptions& options)
      : sys_(*options.syscalls),
        depth_(std::max(options.iodepth, 1U)),
        cbs_(std::make_unique<aiocb[]>(depth_)),
        slots_(depth_),
        staged_(std::make_unique<AioSlot*[]>(depth_)),
        inflight_(std::make_unique<AioSlot*[]>(depth_)),
        waiting_(std::make_unique<const aiocb*[]>(depth_)),
        failed_(std::make_unique<AioSlot*[]>(depth_)) {
    // Each slot gets its control block for good: take them all once, then give them back.
    for (unsigned i = 0; i < depth_; ++i) {
      staged_[i] = slots_.take();
      staged_[i]->cb = &cbs_[i];
    }
    for (unsigned i = 0; i < depth_; ++i) slots_.give(staged_[i]);
  }
  ~PosixAioEngine() override {
    // The C library still owns the buffers of requests in flight: wait for them before the
    // caller frees those (an engine is only destroyed early after an error).
    while (inflight_count_ > 0) {
      collect_waiting();
      if (aio_suspend(waiting_.get(), static_cast<int>(inflight_count_), nullptr) != 0 &&
          errno != EINTR && errno != EAGAIN) {
        break;
      }
      reap_done(nullptr, 0);
    }
  }
  PosixAioEngine(const PosixAioEngine&) = delete;
  PosixAioEngine& operator=(const PosixAioEngine&) = delete;

  std::string_view name() const override { return "posixaio"; }
  bool synchronous() const override { return false; }

  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> /*buffers*/) override {
    files_ = files;
    return Ok{};
  }

  QueueStatus queue(IoUnit& unit) override {
    if (slots_.empty()) return QueueStatus::kBusy;
    const EngineFile& file = files_[static_cast<std::size_t>(unit.file)];
    if (unit.op == IoOp::kTrim) {
      unit.result = trim_range(sys_, file, unit.offset, unit.length);
      return QueueStatus::kCompleted;
    }
    AioSlot* slot = slots_.take();
    aiocb& cb = *slot->cb;
    cb = aiocb{};
    cb.aio_fildes = file.fd;
    cb.aio_buf = unit.buf;
    cb.aio_nbytes = unit.length;
    cb.aio_offset = static_cast<off_t>(unit.offset);
    cb.aio_sigevent.sigev_notify = SIGEV_NONE;
    slot->unit = &unit;
    unit.engine_data = slot;
    staged_[staged_count_++] = slot;
    return QueueStatus::kQueued;
  }

  int submit() override {
    int started = 0;
    unsigned kept = 0;
    for (unsigned i = 0; i < staged_count_; ++i) {
      AioSlot* slot = staged_[i];
      if (start(*slot) == 0) {
        inflight_[inflight_count_++] = slot;
        ++started;
      } else if (errno == EAGAIN && inflight_count_ > 0) {
        staged_[kept++] = slot;  // out of room: submitted again after a reap
      } else {
        slot->unit->result = -errno;
        failed_[failed_count_++] = slot;
        ++started;
      }
    }
    staged_count_ = kept;
    return started;
  }

  int reap(unsigned min, std::span<IoUnit*> out) override {
    unsigned stored = 0;
    while (failed_count_ > 0 && stored < out.size()) {
      AioSlot* slot = failed_[--failed_count_];
      out[stored++] = slot->unit;
      slots_.give(slot);
    }
    const unsigned need = std::min<unsigned>(min > stored ? min - stored : 0, inflight_count_);
    for (;;) {
      stored += reap_done(out.data() + stored, out.size() - stored);
      if (stored >= need || inflight_count_ == 0 || stored == out.size()) break;
      collect_waiting();
      if (aio_suspend(waiting_.get(), static_cast<int>(inflight_count_), nullptr) != 0 &&
          errno != EINTR && errno != EAGAIN) {
        return stored > 0 ? static_cast<int>(stored) : -errno;
      }
    }
    return static_cast<int>(stored);
  }

 private:
  // Starts the request in `slot`; 0 or -1 with errno, as the aio_* calls.
  int start(AioSlot& slot) {
    switch (slot.unit->op) {
      case IoOp::kRead: return aio_read(slot.cb);
      case IoOp::kWrite: return aio_write(slot.cb);
      case IoOp::kFsync: return aio_fsync(O_SYNC, slot.cb);
      default: return aio_fsync(O_DSYNC, slot.cb);
    }
  }

  void collect_waiting() {
    for (unsigned i = 0; i < inflight_count_; ++i) waiting_[i] = inflight_[i]->cb;
  }

  // Moves every finished request to `out` (at most `room`; none stored when `out` is null).
  unsigned reap_done(IoUnit** out, std::size_t room) {
    unsigned stored = 0;
    for (unsigned i = 0; i < inflight_count_ && (out == nullptr || stored < room);) {
      AioSlot* slot = inflight_[i];
      const int err = aio_error(slot->cb);
      if (err == EINPROGRESS) {
        ++i;
        continue;
      }
      const ssize_t ret = aio_return(slot->cb);
      IoUnit& unit = *slot->unit;
      const std::int64_t result = err != 0 ? -err : static_cast<std::int64_t>(ret);
      unit.result = sys_.completed(completion_of(unit, slot->cb->aio_fildes), result);
      inflight_[i] = inflight_[--inflight_count_];
      slots_.give(slot);
      if (out != nullptr) out[stored++] = &unit;
    }
    return stored;
  }

  platform::Syscalls& sys_;
  unsigned depth_;
  std::span<const EngineFile> files_;
  std::unique_ptr<aiocb[]> cbs_;        // iodepth control blocks, one per slot
  SlotPool<AioSlot> slots_;             // free slots; one per staged, in-flight or failed I/O
  std::unique_ptr<AioSlot*[]> staged_;  // queued, not yet started
  unsigned staged_count_ = 0;
  std::unique_ptr<AioSlot*[]> inflight_;  // started, not yet reaped
  unsigned inflight_count_ = 0;
  std::unique_ptr<const aiocb*[]> waiting_;  // aio_suspend's list: the in-flight requests
  std::unique_ptr<AioSlot*[]> failed_;       // refused when started, waiting for reap()
  unsigned failed_count_ = 0;
};

}  // namespace

std::unique_ptr<IoEngine> make_posixaio(const EngineOptions& options) {
  return std::make_unique<PosixAioEngine>(options);
}

}  // namespace hostmark::engines::detail
