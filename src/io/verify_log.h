#pragma once
// VerifyLog: which block each completed write left where, so the verify phase knows what to read
// back and what it must contain. One per job thread (not shared, no locks).
//
// record() appends (O(1) amortized, no allocation while the vector has room). A later write that
// overlaps an earlier one, wholly or in part, supersedes it: "later" is the larger sequence
// number, not the order of record() calls, so completions may arrive out of order. A partly
// overwritten block can no longer be verified as a whole and is dropped (counted in
// partly_overwritten()).
//
// Memory: 32 bytes (sizeof(WrittenBlock)) per entry. Superseded entries are removed when the log
// holds twice as many entries as live blocks after the last compaction (at least 4096), so a
// run that overwrites its blocks again and again keeps at most 2 x 32 bytes per live block,
// plus the vector's growth slack (up to 2x): between 32 and 128 bytes per live block, and
// 32-64 bytes for a write-once run. A 10 GiB file in 4 KiB blocks: 2.6 M blocks, 84-336 MB.
// Compaction is a sort of the log and one sweep over it; a log written in order (sequential
// writes, no overwrites) is never compacted. Compaction scratch adds 1 byte per entry.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "io/verify.h"

namespace hostmark::io {

class VerifyLog {
 public:
  static constexpr std::size_t kBytesPerEntry = sizeof(WrittenBlock);
  static constexpr std::size_t kMinCompactAt = 4096;  // entries

  // Logs a completed write. A zero-length write is ignored.
  void record(const WrittenBlock& w);

  // The live blocks, sorted by (file, offset); no two overlap. Valid until the next record() or
  // clear().
  std::span<const WrittenBlock> in_order();

  // Forgets every block (after a verify_backlog pass has checked them).
  void clear();

  std::size_t entries() const { return entries_.size(); }  // live or not yet compacted
  // Blocks dropped because later writes covered only part of them (none covered all of it).
  std::uint64_t partly_overwritten() const { return partly_overwritten_; }

 private:
  void compact();

  std::vector<WrittenBlock> entries_;
  std::vector<std::uint8_t> dead_;  // compaction scratch (1 byte per entry), kept for reuse
  std::size_t compact_at_ = kMinCompactAt;
  bool compacted_ = true;  // entries_ is sorted, without overlaps
  std::uint64_t partly_overwritten_ = 0;
};

}  // namespace hostmark::io
