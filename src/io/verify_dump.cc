#include "io/verify_dump.h"

#include <fmt/format.h>

#include <vector>

#include "io/verify_layout.h"
#include "io/whole_file.h"

namespace hostmark::io {
namespace {

// The part of the block that holds `mismatch`: [start, start + length) in block bytes.
struct Chunk {
  std::size_t start = 0;
  std::size_t length = 0;
};

Chunk chunk_of(const VerifySpec& spec, const WrittenBlock& written, std::size_t block_bytes,
               std::uint64_t mismatch_offset) {
  Chunk whole{0, block_bytes};
  if (!layout::has_header(spec.kind)) return whole;  // pattern: fio dumps the whole buffer
  Chunk found = whole;
  layout::for_each_chunk(block_bytes, spec.interval_bytes, verify_header_bytes(spec.kind),
                         [&](std::size_t start, std::size_t length) {
                           const std::uint64_t at = written.offset + start;
                           if (mismatch_offset < at || mismatch_offset >= at + length) return true;
                           found = Chunk{start, length};
                           return false;
                         });
  return found;
}

std::string base_name(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

}  // namespace

Expected<DumpedChunk> dump_mismatch(const VerifySpec& spec, const WrittenBlock& written,
                                    std::span<const std::byte> block, const Mismatch& mismatch,
                                    std::string_view file_path, std::string_view dir) {
  const Chunk c = chunk_of(spec, written, block.size(), mismatch.offset);
  std::vector<std::byte> expected(block.begin(), block.end());
  fill_block(spec, written, expected);
  const std::string stem = fmt::format("{}{}{}.{}", dir, dir.empty() ? "" : "/",
                                       base_name(file_path), written.offset + c.start);
  DumpedChunk out{stem + ".received", stem + ".expected"};
  const auto as_text = [&](const std::byte* bytes) {
    return std::string_view(reinterpret_cast<const char*>(bytes) + c.start, c.length);
  };
  for (const auto& [path, bytes] : {std::pair{&out.received, as_text(block.data())},
                                    std::pair{&out.expected, as_text(expected.data())}}) {
    if (std::string why = write_whole_file(*path, bytes, false); !why.empty()) {
      return run_error("verify_dump: " + *path, why);
    }
  }
  return out;
}

}  // namespace hostmark::io
