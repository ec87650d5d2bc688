#include "workloads/sysbench_fileio_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "platform/retry.h"
#include "runner/clock.h"
#include "workloads/fileio_blocks.h"

namespace hostmark {
namespace {

std::string path_of(const FileioSpec& spec, std::uint64_t index) {
  const std::string name = fileio_file_name(index);
  return spec.dir == "." ? name : spec.dir + "/" + name;
}

[[noreturn]] void fail(const std::string& name, const std::string& what, int err) {
  throw Failure(run_error(name, what + ": " + std::strerror(err)));
}

struct AlignedBlock {
  explicit AlignedBlock(std::uint64_t bytes)
      : p(static_cast<std::byte*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096))) {
    if (p == nullptr) throw Failure(run_error("--file-block-size", "out of memory"));
  }
  ~AlignedBlock() { std::free(p); }
  AlignedBlock(const AlignedBlock&) = delete;
  AlignedBlock& operator=(const AlignedBlock&) = delete;
  std::byte* p;
};

// Writes blocks [from, file_bytes) of one file; returns the bytes written.
std::uint64_t fill_file(platform::Syscalls& sys, const FileioSpec& spec, std::uint64_t index,
                        int fd, std::uint64_t from, std::byte* block, std::uint64_t& rng) {
  const std::string name = fileio_file_name(index);
  std::uint64_t written = 0;
  for (std::uint64_t off = from; off < spec.file_bytes(); off += spec.block_bytes) {
    const std::uint64_t len = std::min(spec.block_bytes, spec.file_bytes() - off);
    fill_checked_block(block, len, index, off, rng);
    std::uint64_t done = 0;
    int retries = 0;  // EINTR/EAGAIN in a row, bounded so that nothing spins forever
    while (done < len) {
      const std::int64_t n = sys.pwrite(fd, block + done, len - done, off + done);
      if (platform::retry_transient(n, retries)) continue;
      retries = 0;
      if (n < 0) fail(name, "write at offset " + std::to_string(off + done), static_cast<int>(-n));
      if (n == 0) fail(name, "write at offset " + std::to_string(off + done), EIO);
      done += static_cast<std::uint64_t>(n);
    }
    written += len;
  }
  if (const std::int64_t rc = sys.fsync(fd); rc < 0) fail(name, "fsync", static_cast<int>(-rc));
  return written;
}

}  // namespace

void prepare_fileio_files(const FileioSpec& spec, const std::string& flags_text, std::ostream& out,
                          platform::Syscalls& syscalls) {
  out << fmt::format("{} files, {}Kb each, {}Mb total\n", spec.file_num, spec.file_bytes() / 1024,
                     spec.total_bytes / (1024 * 1024));
  out << "Creating files for the test...\n";
  out << "Extra file open flags: " << flags_text << '\n';
  AlignedBlock block(spec.block_bytes);
  std::uint64_t rng = spec.seed;
  std::uint64_t written = 0;
  const std::uint64_t start_ns = monotonic_ns();
  for (std::uint64_t i = 0; i < spec.file_num; ++i) {
    const std::string path = path_of(spec, i);
    const std::string name = fileio_file_name(i);
    struct stat st {};
    std::uint64_t from = 0;
    const bool exists = ::lstat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {  // never follow a link planted at a test file's name
      throw Failure(run_error(name, S_ISLNK(st.st_mode)
                                        ? "is a symbolic link; hostmark writes test files only "
                                          "as regular files it creates (remove it)"
                                        : "exists and is not a regular file (remove it)"));
    }
    if (exists) {
      if (static_cast<std::uint64_t>(st.st_size) >= spec.file_bytes()) {
        out << "Reusing existing file " << name << '\n';
        continue;
      }
      out << "Extending existing file " << name << '\n';
      from = static_cast<std::uint64_t>(st.st_size) / spec.block_bytes * spec.block_bytes;
    } else {
      out << "Creating file " << name << '\n';
    }
    out.flush();
    // O_EXCL for a new file, O_NOFOLLOW for an existing one: a link planted since the check
    // above makes the open fail instead of sending the writes elsewhere.
    const int create = exists ? O_NOFOLLOW : O_CREAT | O_EXCL;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | create | spec.open_flags, 0600);
    if (fd < 0) fail(name, "cannot create", errno);
    try {
      written += fill_file(syscalls, spec, i, fd, from, block.p, rng);
    } catch (...) {
      ::close(fd);
      throw;
    }
    ::close(fd);
  }
  const double seconds = static_cast<double>(monotonic_ns() - start_ns) / 1e9;
  if (written == 0) {
    out << "No bytes written.\n";
  } else {
    out << fmt::format("{} bytes written in {:.2f} seconds ({:.2f} MiB/sec).\n", written, seconds,
                       seconds > 0 ? static_cast<double>(written) / 1048576.0 / seconds : 0.0);
  }
  out.flush();
}

void cleanup_fileio_files(const FileioSpec& spec, std::ostream& out) {
  out << "Removing test files...\n";
  out.flush();
  for (std::uint64_t i = 0; i < spec.file_num; ++i) {
    const std::string path = path_of(spec, i);
    if (::unlink(path.c_str()) != 0 && errno != ENOENT)
      fail(fileio_file_name(i), "cannot remove", errno);
  }
}

}  // namespace hostmark
