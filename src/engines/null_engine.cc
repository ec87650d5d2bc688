// null: no I/O at all; every unit completes with result = length (0 for fsync/fdatasync) and
// its buffer untouched. At iodepth 1 it is synchronous; deeper, it stages units in a ring and
// hands them back from reap(), so the caller's asynchronous path runs at zero kernel cost. It
// measures hostmark's own cost per I/O.
#include <algorithm>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

class NullEngine final : public IoEngine {
 public:
  explicit NullEngine(const EngineOptions& options)
      : capacity_(std::max(options.iodepth, 1U)), ring_(std::make_unique<IoUnit*[]>(capacity_)) {}

  std::string_view name() const override { return "null"; }
  bool synchronous() const override { return capacity_ == 1; }
  Status prepare(std::span<const EngineFile> /*files*/,
                 std::span<const std::span<std::byte>> /*buffers*/) override {
    return Ok{};
  }

  QueueStatus queue(IoUnit& unit) override {
    unit.result = unit.length;
    if (capacity_ == 1) return QueueStatus::kCompleted;
    if (held_ == capacity_) return QueueStatus::kBusy;
    unsigned tail = head_ + held_;
    if (tail >= capacity_) tail -= capacity_;
    ring_[tail] = &unit;
    ++held_;
    return QueueStatus::kQueued;
  }

  int submit() override {
    const unsigned n = held_ - submitted_;
    submitted_ = held_;
    return static_cast<int>(n);
  }

  int reap(unsigned /*min*/, std::span<IoUnit*> out) override {
    const auto n = static_cast<unsigned>(std::min<std::size_t>(submitted_, out.size()));
    for (unsigned i = 0; i < n; ++i) {
      out[i] = ring_[head_];
      if (++head_ == capacity_) head_ = 0;
    }
    held_ -= n;
    submitted_ -= n;
    return static_cast<int>(n);
  }

 private:
  unsigned capacity_;
  std::unique_ptr<IoUnit*[]> ring_;  // staged then submitted units, oldest at head_
  unsigned head_ = 0;
  unsigned held_ = 0;       // staged + submitted
  unsigned submitted_ = 0;  // the oldest `submitted_` of the held units
};

}  // namespace

std::unique_ptr<IoEngine> make_null(const EngineOptions& options) {
  return std::make_unique<NullEngine>(options);
}

}  // namespace hostmark::engines::detail
