#pragma once
// write_iolog=FILE: fio 3.33's I/O log (version 3) of what a job thread issued, the format
// fio's read_iolog and its tools read; each line starts with the microseconds since the log
// was opened:
//   fio version 3 iolog
//   <us> <file> add          (each file, in the job's order)
//   <us> <file> open
//   <us> <file> read|write|trim <offset> <length>   (each I/O, as issued)
//   <us> <file> close        (each file, when the thread ends)
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "engines/io_engine.h"

namespace hostmark::io {

class IoLogWriter {
 public:
  // Creates `path` (truncated) and writes the header and the add/open lines of `files`; a run
  // error naming write_iolog and the path otherwise.
  static Expected<std::unique_ptr<IoLogWriter>> open(const std::string& path,
                                                     std::vector<std::string> files);
  ~IoLogWriter();  // the close lines, then the file is closed
  IoLogWriter(const IoLogWriter&) = delete;
  IoLogWriter& operator=(const IoLogWriter&) = delete;

  // One issued I/O on files[file] (reads, writes and trims; other operations are not logged).
  void io(int file, engines::IoOp op, std::uint64_t offset, std::uint64_t length);

 private:
  IoLogWriter(std::FILE* f, std::vector<std::string> files, std::uint64_t start_ns)
      : f_(f), files_(std::move(files)), start_ns_(start_ns) {}
  unsigned long long elapsed_us() const;
  std::FILE* f_;
  std::vector<std::string> files_;
  std::uint64_t start_ns_;
};

}  // namespace hostmark::io
