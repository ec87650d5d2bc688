#pragma once
// The data buffers of one job thread: `count` buffers of `size` bytes, page aligned (so O_DIRECT
// accepts them), filled as the job's buffer options say. fio's meanings:
//   default          random bytes, and each write gets its offset stamped into every 512-byte
//                    sector (scramble_buffers=1) so no two blocks dedupe;
//   refill_buffers   fresh random bytes before every write;
//   zero_buffers     zeros (no scrambling);
//   buffer_pattern   the pattern repeated (no scrambling);
//   buffer_compress_percentage=P   each buffer_compress_chunk is P % zeros after random bytes.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fio/job_options.h"
#include "io/random_source.h"  // splitmix64: the buffer filler's PRNG

namespace hostmark::io {

class IoBuffers {
 public:
  // Allocates and fills. `seed` makes the random contents reproducible per thread.
  IoBuffers(const fio::JobOptions& job, std::size_t count, std::size_t size, std::uint64_t seed);
  ~IoBuffers();
  IoBuffers(const IoBuffers&) = delete;
  IoBuffers& operator=(const IoBuffers&) = delete;

  std::byte* buffer(std::size_t index) const { return base_ + index * size_; }
  std::size_t count() const { return count_; }
  std::size_t size() const { return size_; }
  // The buffers as spans, for IoEngine::prepare (io_uring registers them).
  const std::vector<std::span<std::byte>>& spans() const { return spans_; }

  // Makes buffer `index` ready to write `length` bytes at `offset`: scrambles or refills as the
  // options say. A few stores per 512 bytes by default; a full refill with refill_buffers.
  void prepare_write(std::size_t index, std::uint32_t length, std::uint64_t offset);

 private:
  void fill(std::byte* p, std::size_t length);

  std::byte* base_ = nullptr;
  std::size_t count_ = 0;
  std::size_t size_ = 0;
  std::vector<std::span<std::byte>> spans_;
  bool scramble_ = true;
  bool refill_ = false;
  std::uint32_t compress_percent_ = 0;
  std::uint32_t compress_chunk_ = 512;
  std::vector<std::uint8_t> pattern_;
  bool zero_ = false;
  std::uint64_t rng_state_ = 0;
};

}  // namespace hostmark::io
