#pragma once
// Helpers shared by the engine tests: a scratch directory on a disk filesystem, aligned
// block buffers, the test pattern, and one I/O driven through queue/submit/reap.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engines/io_engine.h"
#include "scratch_dir.h"

namespace hostmark::engines {

inline constexpr std::uint32_t kBlock = 4096;

// A fresh directory under /var/tmp (a disk filesystem; /tmp may be tmpfs): the tests' ScratchDir.
using TempDir = ScratchDir;

// `count` buffers of kBlock bytes, contiguous and kBlock-aligned (good for O_DIRECT).
class AlignedBlocks {
 public:
  explicit AlignedBlocks(unsigned count)
      : mem_(static_cast<std::byte*>(std::aligned_alloc(kBlock, std::size_t{count} * kBlock))) {
    for (unsigned i = 0; i < count && mem_ != nullptr; ++i) {
      spans_.emplace_back(mem_.get() + std::size_t{i} * kBlock, kBlock);
    }
  }
  std::byte* data() const { return mem_.get(); }
  std::span<std::byte> operator[](unsigned i) const { return spans_[i]; }
  const std::vector<std::span<std::byte>>& spans() const { return spans_; }

 private:
  struct Free {
    void operator()(std::byte* p) const { std::free(p); }
  };
  std::unique_ptr<std::byte, Free> mem_;
  std::vector<std::span<std::byte>> spans_;
};

// The byte at `pos` of block `block` of the test pattern (never 0, so holes show).
inline std::byte pattern(unsigned block, unsigned pos) {
  return static_cast<std::byte>(1 + (block * 31 + pos * 7) % 255);
}

// Runs one prepared I/O to completion through queue/submit/reap; returns its result.
inline std::int64_t one_io(IoEngine& engine, IoUnit& unit) {
  if (engine.queue(unit) == QueueStatus::kCompleted) return unit.result;
  EXPECT_EQ(engine.submit(), 1);
  IoUnit* out[1] = {nullptr};
  EXPECT_EQ(engine.reap(1, out), 1);
  EXPECT_EQ(out[0], &unit);
  return unit.result;
}

}  // namespace hostmark::engines
