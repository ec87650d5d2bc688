// The retry and continuation rules every data-moving engine shares (io_engine.h, make_engine):
// a decorator around the engine, so each engine stays the plain syscall it is named after and
// the rules are written once for synchronous and asynchronous engines alike.
//   -EINTR / -EAGAIN   the same I/O is issued again, at most 64 times per I/O (then that error
//                      is its result: platform/retry.h, the rule every retry loop shares);
//   0 < n < left       the rest is issued (offset, buffer and length advanced by n), as fio
//                      requeues a short I/O; unit.short_parts counts these;
//   0 bytes            end of file: the result is the bytes moved so far (0 if none);
//   other -errno       the result, as is.
// A short read that ends at the end of a regular file is final (fio's `offset ==
// real_file_size`): with O_DIRECT and a file whose size is not a multiple of the block size,
// the rest would be asked for at an unaligned offset and length, which the kernel may refuse
// with EINVAL instead of answering 0 (end of file).
//
// Retries and the caller's I/O share the inner engine's staging queue (first in, first out in
// libaio and io_uring), so the wrapper keeps that queue's order (the caller's or its own,
// entry by entry): a retry queued during reap() is submitted there only when none of the caller's
// I/O is staged ahead of it; otherwise it waits for the caller's next submit(), which reports only
// the caller's I/Os among those submitted. So a retry never submits I/O the caller staged, and the
// caller never gets back from reap() an I/O its submit() has not reported.
// Synchronous engines loop inside queue(); asynchronous ones re-queue inside reap() and hand
// back only finished units. Progress lives in the unit (done_bytes), so no table per I/O.
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <deque>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"
#include "platform/retry.h"

namespace hostmark::engines::detail {
namespace {

bool is_transfer(const IoUnit& u) { return u.op == IoOp::kRead || u.op == IoOp::kWrite; }

class RetryingEngine final : public IoEngine {
 public:
  explicit RetryingEngine(std::unique_ptr<IoEngine> inner) : inner_(std::move(inner)) {}

  std::string_view name() const override { return inner_->name(); }
  bool synchronous() const override { return inner_->synchronous(); }
  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> buffers) override {
    files_ = files;
    return inner_->prepare(files, buffers);
  }

  QueueStatus queue(IoUnit& unit) override {
    unit.short_parts = unit.retries = unit.done_bytes = 0;
    QueueStatus st = inner_->queue(unit);
    while (st == QueueStatus::kCompleted && is_transfer(unit) && again(unit))
      st = inner_->queue(unit);
    if (st == QueueStatus::kQueued) {
      staged_.push_back(false);
      ++callers_staged_;
    }
    return st;
  }

  // Reports only the caller's I/Os among those the inner engine submitted; retries staged
  // behind them go with them (they are in the same queue) and are not the caller's to count.
  int submit() override {
    const int rc = inner_->submit();
    if (rc <= 0) return rc;
    return static_cast<int>(submitted(static_cast<unsigned>(rc)));
  }

  int reap(unsigned min, std::span<IoUnit*> out) override {
    submit_own();
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
  bool again(IoUnit& u) const {
    const std::int64_t r = u.result;
    if (platform::retry_transient(r, u.retries)) return true;
    if (r > 0 && r < static_cast<std::int64_t>(u.length) &&
        !ends_the_file(u, u.offset + static_cast<std::uint64_t>(r))) {
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

  // True when a read that got as far as `end` reached the end of its (regular) file, so there
  // is nothing more to ask for. Asked only after a short read (rare): one fstat then.
  bool ends_the_file(const IoUnit& u, std::uint64_t end) const {
    if (u.op != IoOp::kRead || u.file < 0 || static_cast<std::size_t>(u.file) >= files_.size())
      return false;
    struct stat st {};
    if (fstat(files_[static_cast<std::size_t>(u.file)].fd, &st) != 0 || !S_ISREG(st.st_mode))
      return false;
    return end >= static_cast<std::uint64_t>(st.st_size);
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
      staged_.push_back(true);
      return true;
    }
    if (st == QueueStatus::kBusy) {  // cannot happen: the unit's own slot was just freed
      restore(u);
      u.result = -EBUSY;
    }
    return false;
  }

  // Submits the retries this wrapper staged, unless the caller has I/O staged: the inner
  // engine would submit that too (it is ahead in the same queue), before the caller's
  // submit() and so unreported; the retries then wait for that submit().
  void submit_own() {
    if (staged_.empty() || callers_staged_ > 0) return;
    const int rc = inner_->submit();
    if (rc > 0) submitted(static_cast<unsigned>(rc));
  }

  // The inner engine submitted the first `count` staged I/Os: forgets them; returns how many
  // were the caller's.
  unsigned submitted(unsigned count) {
    unsigned theirs = 0;
    for (; count > 0 && !staged_.empty(); --count) {
      if (!staged_.front()) ++theirs;
      staged_.pop_front();
    }
    callers_staged_ -= theirs;
    return theirs;
  }

  std::unique_ptr<IoEngine> inner_;
  std::span<const EngineFile> files_;
  std::deque<bool> staged_;      // the inner engine's staged I/Os in order: true = a retry
  unsigned callers_staged_ = 0;  // entries of staged_ that are the caller's
};

}  // namespace

std::unique_ptr<IoEngine> make_retrying(std::unique_ptr<IoEngine> inner) {
  return std::make_unique<RetryingEngine>(std::move(inner));
}

}  // namespace hostmark::engines::detail
