#pragma once
// The blocks sysbench fileio writes (prepare always, run with --validate) and --validate
// checks. Pure functions over memory.
#include <cstddef>
#include <cstdint>

namespace hostmark {

// The block layout --validate checks: bytes [0, 8) hold the file index and offset, the last 4
// the crc32c of everything before them. Blocks under 16 bytes are not checksummed.
void fill_checked_block(std::byte* block, std::uint64_t bytes, std::uint64_t file_index,
                        std::uint64_t offset, std::uint64_t& rng_state);
bool check_block(const std::byte* block, std::uint64_t bytes, std::uint64_t file_index,
                 std::uint64_t offset);

}  // namespace hostmark
