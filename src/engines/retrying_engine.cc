// The retry and continuation rules every data-moving engine shares (io_engine.h, make_engine):
// a decorator around the engine, so each engine stays the plain syscall it is named after and
// the rules are written once for synchronous and asynchronous engines alike.
//   -EINTR / -EAGAIN   the same I/O is issued again, at most kMaxRetries times per I/O (then
//                      that error is its result: no endless loop on a device that keeps saying
//                      EAGAIN, e.g. RWF_NOWAIT on a page-cache miss);
//   0 < n < left       the rest is issued (offset, buffer and length advanced by n), as fio
//                      requeues a short I/O; unit.short_parts counts these;
//   0 bytes            end of file: the result is the bytes moved so far (0 if none);
//   other -errno       the result, as is.
// Synchronous engines loop inside queue(); asynchronous ones re-queue inside reap() and hand
// back only finished units. Progress lives in the unit (done_bytes), so no table per I/O.
#include <algorithm>
#include <cerrno>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

constexpr std::uint32_t kMaxRetries = 64;

bool is_transfer(const IoUnit& u) { return u.op == IoOp::kRead || u.op == IoOp::kWrite; }

class RetryingEngine final : public IoEngine {
 public:
  explicit RetryingEngine(std::unique_ptr<IoEngine> inner) : inner_(std::move(inner)) {}

  std::string_view name() const override { return inner_->name(); }
  bool synchronous() const override { return inner_->synchronous(); }
  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> buffers) override {
    return inner_->prepare(files, buffers);
  }

  QueueStatus queue(IoUnit& unit) override {
    unit.short_parts = unit.retries = unit.done_bytes = 0;
    QueueStatus st = inner_->queue(unit);
    while (st == QueueStatus::kCompleted && is_transfer(unit) && again(unit))
      st = inner_->queue(unit);
    return st;
  }

  int submit() override {
    int rc = inner_->submit();
    if (rc > 0) rc = static_cast<int>(theirs(static_cast<unsigned>(rc)));
    const auto carried = static_cast<int>(carried_);
    carried_ = 0;
    if (rc < 0) return carried > 0 ? carried : rc;
    return rc + carried;
  }

  int reap(unsigned min, std::span<IoUnit*> out) override {
    if (owed_ > 0) submit_own();
    unsigned stored = 0;
    for (;;) {
      const int n = inner_->reap(min > stored ? min - stored : 0, out.subspan(stored));
      if (n < 0) return stored > 0 ? static_cast<int>(stored) : n;
      unsigned requeued = 0;
      const unsigned end = stored + static_cast<unsigned>(n);
      for (unsigned i = stored; i < end; ++i) {
        IoUnit* u = out[i];
        if (is_transfer(*u) && again(*u) && requeue(*u)) {
          ++requeued;
          continue;
        }
        out[stored++] = u;
      }
      if (requeued > 0) submit_own();
      if (stored >= min || requeued == 0) return static_cast<int>(stored);
    }
  }

 private:
  // Looks at a finished attempt's result: true when `u` was re-armed for another attempt
  // (same range after EINTR/EAGAIN, the rest after a short transfer); false when it is final,
  // with the unit's range restored and result set to the whole I/O's outcome.
  static bool again(IoUnit& u) {
    const std::int64_t r = u.result;
    if ((r == -EINTR || r == -EAGAIN) && u.retries < kMaxRetries) {
      ++u.retries;
      return true;
    }
    if (r > 0 && r < static_cast<std::int64_t>(u.length)) {
      const auto n = static_cast<std::uint32_t>(r);
      ++u.short_parts;
      u.done_bytes += n;
      u.buf += n;
      u.offset += n;
      u.length -= n;
      return true;
    }
    const std::uint32_t done = restore(u);
    if (r >= 0) u.result = std::min<std::int64_t>(done + r, u.length);
    return false;
  }

  // Gives `u` back its whole range; returns the bytes its earlier parts moved.
  static std::uint32_t restore(IoUnit& u) {
    const std::uint32_t done = u.done_bytes;
    u.buf -= done;
    u.offset -= done;
    u.length += done;
    u.done_bytes = 0;
    return done;
  }

  // Queues the next attempt of a reaped unit; false (the unit final, failed) when it cannot.
  bool requeue(IoUnit& u) {
    QueueStatus st = inner_->queue(u);
    while (st == QueueStatus::kCompleted && again(u)) st = inner_->queue(u);
    if (st == QueueStatus::kQueued) {
      ++owed_;
      return true;
    }
    if (st == QueueStatus::kBusy) {  // cannot happen: the unit's own slot was just freed
      restore(u);
      u.result = -EBUSY;
    }
    return false;
  }

  // Submits the attempts this wrapper queued; any of the caller's staged I/O that went with
  // them is reported by the caller's next submit().
  void submit_own() {
    const int rc = inner_->submit();
    if (rc > 0) carried_ += theirs(static_cast<unsigned>(rc));
  }

  // Of `submitted` I/Os, how many were the caller's (the rest were this wrapper's retries).
  unsigned theirs(unsigned submitted) {
    const unsigned mine = std::min(submitted, owed_);
    owed_ -= mine;
    return submitted - mine;
  }

  std::unique_ptr<IoEngine> inner_;
  unsigned owed_ = 0;     // retries queued in the inner engine, not yet submitted
  unsigned carried_ = 0;  // caller's I/Os submitted along with retries, not yet reported
};

}  // namespace

std::unique_ptr<IoEngine> make_retrying(std::unique_ptr<IoEngine> inner) {
  return std::make_unique<RetryingEngine>(std::move(inner));
}

}  // namespace hostmark::engines::detail
