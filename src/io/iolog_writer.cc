#include "io/iolog_writer.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include "runner/clock.h"

namespace hostmark::io {

Expected<std::unique_ptr<IoLogWriter>> IoLogWriter::open(const std::string& path,
                                                         std::vector<std::string> files) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return run_error("write_iolog", path + ": " + std::strerror(errno));
  std::unique_ptr<IoLogWriter> log(new IoLogWriter(f, std::move(files), monotonic_ns()));
  std::fputs("fio version 3 iolog\n", f);
  for (const auto& name : log->files_)
    std::fprintf(f, "%llu %s add\n", log->elapsed_us(), name.c_str());
  for (const auto& name : log->files_)
    std::fprintf(f, "%llu %s open\n", log->elapsed_us(), name.c_str());
  return log;
}

IoLogWriter::~IoLogWriter() {
  for (const auto& name : files_) std::fprintf(f_, "%llu %s close\n", elapsed_us(), name.c_str());
  std::fclose(f_);
}

unsigned long long IoLogWriter::elapsed_us() const {
  return static_cast<unsigned long long>((monotonic_ns() - start_ns_) / 1000);
}

void IoLogWriter::io(int file, engines::IoOp op, std::uint64_t offset, std::uint64_t length) {
  const char* action = nullptr;
  switch (op) {
    case engines::IoOp::kRead: action = "read"; break;
    case engines::IoOp::kWrite: action = "write"; break;
    case engines::IoOp::kTrim: action = "trim"; break;
    default: return;
  }
  std::fprintf(f_, "%llu %s %s %llu %llu\n", elapsed_us(),
               files_[static_cast<std::size_t>(file)].c_str(), action,
               static_cast<unsigned long long>(offset), static_cast<unsigned long long>(length));
}

}  // namespace hostmark::io
