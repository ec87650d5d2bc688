#include "workloads/fileio_blocks.h"

#include <cstring>
#include <span>

#include "io/checksum.h"
#include "io/io_buffers.h"

namespace hostmark {
namespace {

std::uint64_t stamp_of(std::uint64_t file_index, std::uint64_t offset) {
  return (file_index << 48) ^ offset;
}

}  // namespace

void fill_checked_block(std::byte* block, std::uint64_t bytes, std::uint64_t file_index,
                        std::uint64_t offset, std::uint64_t& rng_state) {
  for (std::uint64_t i = 0; i + 8 <= bytes; i += 8) {
    const std::uint64_t r = io::splitmix64(rng_state);
    std::memcpy(block + i, &r, 8);
  }
  if (bytes < 16) return;
  const std::uint64_t stamp = stamp_of(file_index, offset);
  std::memcpy(block, &stamp, 8);
  const std::uint32_t crc = io::crc32c(std::span<const std::byte>(block, bytes - 4));
  std::memcpy(block + bytes - 4, &crc, 4);
}

bool check_block(const std::byte* block, std::uint64_t bytes, std::uint64_t file_index,
                 std::uint64_t offset) {
  if (bytes < 16) return true;
  std::uint64_t stamp = 0;
  std::uint32_t crc = 0;
  std::memcpy(&stamp, block, 8);
  std::memcpy(&crc, block + bytes - 4, 4);
  return stamp == stamp_of(file_index, offset) &&
         crc == io::crc32c(std::span<const std::byte>(block, bytes - 4));
}

}  // namespace hostmark
