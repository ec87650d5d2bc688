#pragma once
// verify_dump=1: on a verify failure, the bad chunk as it was read and as it should have been,
// each in a file named as fio names them: `<basename of the file>.<offset>.received` and
// `.expected`, in `dir` (the current directory when empty). The chunk is the verify_interval
// piece holding the mismatch (the whole block for verify=pattern, which has no headers); its
// offset is the chunk's offset in the file.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/error.h"
#include "io/verify.h"

namespace hostmark::io {

struct DumpedChunk {
  std::string received;  // the paths written
  std::string expected;
};

// Writes the two files for `mismatch`, found by check_block(spec, written, block) in file
// `file_path`. An error names the dump file that could not be written.
Expected<DumpedChunk> dump_mismatch(const VerifySpec& spec, const WrittenBlock& written,
                                    std::span<const std::byte> block, const Mismatch& mismatch,
                                    std::string_view file_path, std::string_view dir);

}  // namespace hostmark::io
