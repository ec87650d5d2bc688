// VerifyLog: append, and compact by sorting and dropping superseded blocks.
#include "io/verify_log.h"

#include <algorithm>
#include <tuple>

namespace hostmark::io {
namespace {

bool before(const WrittenBlock& a, const WrittenBlock& b) {
  return std::tie(a.file, a.offset, a.sequence) < std::tie(b.file, b.offset, b.sequence);
}

std::uint64_t end_of(const WrittenBlock& w) { return w.offset + w.length; }

// Compaction marks: live, superseded by one later write that covers it all, or only partly
// overwritten (no single later write covers it).
constexpr std::uint8_t kLive = 0;
constexpr std::uint8_t kCovered = 1;
constexpr std::uint8_t kPartly = 2;

}  // namespace

void VerifyLog::record(const WrittenBlock& w) {
  if (w.length == 0) return;
  if (compacted_ && !entries_.empty()) {
    const WrittenBlock& last = entries_.back();
    compacted_ = w.file > last.file || (w.file == last.file && w.offset >= end_of(last));
  }
  entries_.push_back(w);
  if (!compacted_ && entries_.size() >= compact_at_) compact();
}

std::span<const WrittenBlock> VerifyLog::in_order() {
  if (!compacted_) compact();
  return entries_;
}

void VerifyLog::clear() {
  entries_.clear();
  compact_at_ = kMinCompactAt;
  compacted_ = true;
}

void VerifyLog::compact() {
  std::sort(entries_.begin(), entries_.end(), before);
  const std::size_t n = entries_.size();
  dead_.assign(n, kLive);
  // An entry is superseded when a later write (larger sequence) overlaps it. Sorted by offset,
  // the entries overlapping entry i from the right are the run j > i that starts before i ends.
  for (std::size_t i = 0; i < n; ++i) {
    const WrittenBlock& a = entries_[i];
    for (std::size_t j = i + 1; j < n; ++j) {
      const WrittenBlock& b = entries_[j];
      if (b.file != a.file || b.offset >= end_of(a)) break;
      const bool a_older = a.sequence <= b.sequence;
      const WrittenBlock& older = a_older ? a : b;
      const WrittenBlock& newer = a_older ? b : a;
      const bool covered = newer.offset <= older.offset && end_of(newer) >= end_of(older);
      std::uint8_t& mark = dead_[a_older ? i : j];
      mark = (covered || mark == kCovered) ? kCovered : kPartly;
    }
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (dead_[i] == kLive) entries_[kept++] = entries_[i];
    if (dead_[i] == kPartly) ++partly_overwritten_;
  }
  entries_.resize(kept);
  compact_at_ = std::max(2 * kept, kMinCompactAt);
  compacted_ = true;
}

}  // namespace hostmark::io
