// Checking a read-back block against the write logged for it.
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

#include "io/verify.h"
#include "io/verify_layout.h"

namespace hostmark::io {
namespace {

const char* kind_name(std::uint64_t kind) {
  switch (static_cast<fio::VerifyKind>(kind)) {
    case fio::VerifyKind::kNone: return "none";
    case fio::VerifyKind::kCrc32c: return "crc32c";
    case fio::VerifyKind::kXxhash: return "xxhash";
    case fio::VerifyKind::kMd5: return "md5";
    case fio::VerifyKind::kSha256: return "sha256";
    case fio::VerifyKind::kPattern: return "pattern";
  }
  return "unknown";
}

Mismatch make(MismatchKind kind, std::uint64_t offset, std::string why, std::string expected,
              std::string found) {
  return Mismatch{kind, offset, std::move(why), std::move(expected), std::move(found)};
}

std::string hex(std::uint64_t v) { return fmt::format("{:#x}", v); }

// The first byte of `data` that is not `pattern` repeated from data[0], or nullopt.
std::optional<std::size_t> first_pattern_difference(std::span<const std::uint8_t> pattern,
                                                    std::span<const std::byte> data) {
  const auto* d = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t n = data.size();
  const std::size_t p = pattern.size();
  const std::size_t first = std::min(n, p);
  if (std::memcmp(d, pattern.data(), first) != 0) {
    for (std::size_t i = 0; i < first; ++i) {
      if (d[i] != pattern[i]) return i;
    }
  }
  // With the first period right, the rest is right iff every byte equals the one a period before.
  if (n > p && std::memcmp(d + p, d, n - p) != 0) {
    for (std::size_t i = p; i < n; ++i) {
      if (d[i] != d[i - p]) return i;
    }
  }
  return std::nullopt;
}

std::optional<Mismatch> check_chunk(const VerifySpec& spec, const WrittenBlock& w, std::uint64_t at,
                                    std::span<const std::byte> chunk) {
  using namespace layout;  // NOLINT(google-build-using-namespace): this module's own constants
  const std::byte* p = chunk.data();
  const ChecksumKind ck = checksum_of(spec.kind);
  const std::size_t header_bytes = kDigestAt + digest_size(ck);

  const std::uint64_t magic = load_le(p + kMagicAt, 4);
  if (magic != kMagic) {
    return make(MismatchKind::kBadMagic, at, "no verify header (bad magic)", hex(kMagic),
                hex(magic));
  }
  const std::uint32_t header_crc = crc32c(chunk.first(kHeaderCrcAt));
  const std::uint64_t stored_crc = load_le(p + kHeaderCrcAt, 4);
  if (header_crc != stored_crc) {
    return make(MismatchKind::kHeaderChecksum, at, "verify header checksum (crc32c)",
                hex(header_crc), hex(stored_crc));
  }
  if (const std::uint64_t v = load_le(p + kVersionAt, 1); v != kVersion) {
    return make(MismatchKind::kBadHeader, at, "verify header version", std::to_string(kVersion),
                std::to_string(v));
  }
  if (const std::uint64_t k = load_le(p + kKindAt, 1); k != static_cast<std::uint8_t>(spec.kind)) {
    return make(MismatchKind::kBadHeader, at, "verify kind in header",
                kind_name(static_cast<std::uint8_t>(spec.kind)), kind_name(k));
  }
  if (const std::uint64_t hb = load_le(p + kHeaderBytesAt, 2); hb != header_bytes) {
    return make(MismatchKind::kBadHeader, at, "verify header length", std::to_string(header_bytes),
                std::to_string(hb));
  }
  if (const std::uint64_t len = load_le(p + kLengthAt, 4); len != chunk.size()) {
    return make(MismatchKind::kBadHeader, at, "block length in header",
                std::to_string(chunk.size()), std::to_string(len));
  }
  if (const std::uint64_t f = load_le(p + kFileAt, 4); f != w.file) {
    return make(MismatchKind::kWrongFile, at, "block written for another file (file index)",
                std::to_string(w.file), std::to_string(f));
  }
  if (const std::uint64_t o = load_le(p + kOffsetAt, 8); o != at) {
    return make(MismatchKind::kMisplaced, at,
                fmt::format("misplaced write (block carries offset {} but was read at {})", o, at),
                std::to_string(at), std::to_string(o));
  }
  if (const std::uint64_t s = load_le(p + kSequenceAt, 8); s != w.sequence) {
    if (s < w.sequence) {
      return make(MismatchKind::kStale, at, "stale data (an older write; the last one was lost)",
                  fmt::format("write #{}", w.sequence), fmt::format("write #{}", s));
    }
    return make(MismatchKind::kNewer, at, "data from a later write than the verify log holds",
                fmt::format("write #{}", w.sequence), fmt::format("write #{}", s));
  }
  if (const std::uint64_t s = load_le(p + kSeedAt, 8); s != w.seed) {
    return make(MismatchKind::kSeed, at, "block seed", hex(w.seed), hex(s));
  }
  const Digest computed = compute_digest(ck, chunk.subspan(header_bytes));
  Digest stored;
  stored.size = computed.size;
  std::memcpy(stored.bytes.data(), p + kDigestAt, stored.size);
  if (computed != stored) {
    return make(MismatchKind::kDataChecksum, at,
                fmt::format("data checksum ({}) of bytes {}..{}", checksum_name(ck),
                            at + header_bytes, at + chunk.size() - 1),
                digest_text(ck, stored), digest_text(ck, computed));
  }
  return std::nullopt;
}

}  // namespace

std::string Mismatch::text() const {
  return fmt::format("offset {}: {}: expected {}, found {}", offset, why, expected, found);
}

Error Mismatch::error(std::string_view file) const { return run_error(std::string(file), text()); }

std::optional<Mismatch> check_block(const VerifySpec& spec, const WrittenBlock& expected,
                                    std::span<const std::byte> block) {
  if (block.size() != expected.length) std::abort();  // the caller read something else
  if (spec.kind == fio::VerifyKind::kNone) return std::nullopt;
  if (spec.kind == fio::VerifyKind::kPattern) {
    const std::optional<std::size_t> i = first_pattern_difference(spec.pattern, block);
    if (!i) return std::nullopt;
    const auto found = std::to_integer<unsigned>(block[*i]);
    return make(MismatchKind::kPattern, expected.offset + *i, "data differs from verify_pattern",
                fmt::format("{:#04x}", spec.pattern[*i % spec.pattern.size()]),
                fmt::format("{:#04x}", found));
  }
  const std::size_t header_bytes = verify_header_bytes(spec.kind);
  if (block.size() < header_bytes) std::abort();  // make_verify_spec refuses such block sizes
  std::optional<Mismatch> bad;
  layout::for_each_chunk(
      block.size(), spec.interval_bytes, header_bytes, [&](std::size_t start, std::size_t len) {
        bad = check_chunk(spec, expected, expected.offset + start, block.subspan(start, len));
        return !bad.has_value();
      });
  return bad;
}

WrittenBlock claimed_block(const VerifySpec& spec, std::uint64_t offset, std::uint32_t file,
                           std::span<const std::byte> block) {
  WrittenBlock w{offset, 0, 0, file, static_cast<std::uint32_t>(block.size())};
  if (layout::has_header(spec.kind) && block.size() >= layout::kSequenceAt + 8) {
    w.seed = layout::load_le(block.data() + layout::kSeedAt, 8);
    w.sequence = layout::load_le(block.data() + layout::kSequenceAt, 8);
  }
  return w;
}

}  // namespace hostmark::io
