#pragma once
// Writing a small file in one go (fio's log files, verify_dump's chunks): the bytes are written
// through stdio and the file closed; the result says why not, in strerror's words.
#include <string>
#include <string_view>

namespace hostmark::io {

// Creates (or with `append` extends) `path` with `bytes`; "" or why not.
std::string write_whole_file(const std::string& path, std::string_view bytes, bool append);

}  // namespace hostmark::io
