#pragma once
// Pieces every engine shares: -errno results, trim, fsync, setup errors, the synchronous-engine
// skeleton and a fixed pool of per-I/O slots. Internal to engines/; callers use io_engine.h.
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "core/error.h"
#include "engines/io_engine.h"

namespace hostmark::engines::detail {

// Discards [offset, offset + length): BLKDISCARD on a block device, otherwise a punched hole
// (through `sys`) that keeps the file size. Returns `length`, or -errno (-EOPNOTSUPP where
// unsupported).
std::int64_t trim_range(platform::Syscalls& sys, const EngineFile& file, std::uint64_t offset,
                        std::uint32_t length);

// fsync or fdatasync (by `op`) of `fd` through `sys`. Returns 0 or -errno.
std::int64_t sync_fd(platform::Syscalls& sys, int fd, IoOp op);

// Trim, fsync or fdatasync done at once through the helpers above: the result of a
// non-transfer op for engines that run it synchronously.
std::int64_t control_op(platform::Syscalls& sys, const EngineFile& file, const IoUnit& unit);

// What the completion hook of the seam is told about `unit` on `fd`.
platform::Completion completion_of(const IoUnit& unit, int fd);

// The setup failure "<engine>: <call>: <strerror(err)>" as a run error; `err` is a positive errno.
Error setup_error(std::string_view engine, std::string_view call, int err);

// The skeleton of an engine whose queue() completes the I/O: Derived provides
//   std::int64_t transfer(const EngineFile&, IoUnit&)   read or write, bytes or -errno
// through the seam sys_
// and may hide control() (trim/fsync/fdatasync; mmap syncs its mapping). Dispatch is static:
// one virtual call (queue) per I/O, as for any engine.
template <class Derived>
class SyncEngine : public IoEngine {
 public:
  explicit SyncEngine(const EngineOptions& options) : sys_(*options.syscalls) {}
  bool synchronous() const override { return true; }
  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> /*buffers*/) override {
    files_ = files;
    return Ok{};
  }
  QueueStatus queue(IoUnit& unit) override {
    const EngineFile& file = files_[static_cast<std::size_t>(unit.file)];
    auto& self = static_cast<Derived&>(*this);
    unit.result = unit.op == IoOp::kRead || unit.op == IoOp::kWrite ? self.transfer(file, unit)
                                                                    : self.control(file, unit);
    return QueueStatus::kCompleted;
  }
  int submit() override { return 0; }
  int reap(unsigned /*min*/, std::span<IoUnit*> /*out*/) override { return 0; }

  std::int64_t control(const EngineFile& file, const IoUnit& unit) {
    return control_op(sys_, file, unit);
  }

 protected:
  platform::Syscalls& sys_;
  std::span<const EngineFile> files_;
};

// `capacity` slots of T handed out and given back in any order, for engines that need a
// stable per-I/O object while it is in flight (a libaio iocb, an io_uring iovec). Allocates
// once at construction; take/give are O(1) and allocation-free.
template <class T>
class SlotPool {
 public:
  explicit SlotPool(unsigned capacity)
      : slots_(std::make_unique<T[]>(capacity)),
        free_(std::make_unique<T*[]>(capacity)),
        free_count_(capacity) {
    for (unsigned i = 0; i < capacity; ++i) free_[i] = &slots_[i];
  }
  bool empty() const { return free_count_ == 0; }
  T* take() { return free_[--free_count_]; }  // precondition: !empty()
  void give(T* slot) { free_[free_count_++] = slot; }

 private:
  std::unique_ptr<T[]> slots_;
  std::unique_ptr<T*[]> free_;
  unsigned free_count_;
};

}  // namespace hostmark::engines::detail
