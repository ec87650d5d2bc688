#include "storage/dd_transfer.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <system_error>
#include <vector>

#include "platform/retry.h"
#include "storage/storage_context.h"

namespace hostmark::storage {
namespace {

using Clock = std::chrono::steady_clock;

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

using Buffer = std::unique_ptr<std::byte, decltype(&std::free)>;

Buffer aligned_buffer(std::uint64_t bytes) {
  const std::size_t size = (bytes + 4095) / 4096 * 4096;
  return Buffer(static_cast<std::byte*>(std::aligned_alloc(4096, size)), &std::free);
}

Error io_error(const std::string& path, const char* call, std::uint64_t offset, int err) {
  std::string why =
      fmt::format("{} at offset {}: {}", call, offset, std::generic_category().message(err));
  if (err == EINVAL) why += " (O_DIRECT needs --bs a multiple of the sector size)";
  return run_error(path, why);
}

// Makes every 512-byte piece of the block different from all others written: a counter and a
// random word in its first 16 bytes (fio's scramble_buffers idea). Cheap: 1/32 of the data.
void scramble(std::byte* buf, std::uint64_t len, std::uint64_t block, std::mt19937_64& rng) {
  for (std::uint64_t off = 0; off + 16 <= len; off += 512) {
    const std::uint64_t words[2] = {block * 1000003 + off, rng()};
    std::memcpy(buf + off, words, sizeof words);
  }
}

// Polls `stop` at most every 50 ms (a poll is a syscall; reading the clock is not): true when
// it asks to stop.
class StopPoll {
 public:
  explicit StopPoll(const StopRequested& stop) : stop_(stop) {}
  bool now() {
    if (!stop_) return false;
    const auto t = Clock::now();
    if (t < next_) return false;
    next_ = t + std::chrono::milliseconds(50);
    return stop_();
  }

 private:
  const StopRequested& stop_;
  Clock::time_point next_{};
};

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

double resident_fraction(int fd, std::uint64_t bytes) {
  if (bytes == 0) return 0;
  void* map = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED) return 0;
  const long page = ::sysconf(_SC_PAGESIZE);
  const std::uint64_t pages = (bytes + page - 1) / page;
  std::vector<unsigned char> vec(pages);
  double fraction = 0;
  if (::mincore(map, bytes, vec.data()) == 0) {
    std::uint64_t in = 0;
    for (auto v : vec) in += v & 1;
    fraction = static_cast<double>(in) / static_cast<double>(pages);
  }
  ::munmap(map, bytes);
  return fraction;
}

Expected<DdTransfer> dd_write(const DdWriteSpec& s) {
  int flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC;
  if (s.oflag.direct) flags |= O_DIRECT;
  if (s.oflag.dsync) flags |= O_DSYNC;
  if (s.oflag.sync) flags |= O_SYNC;
  Buffer buf = aligned_buffer(s.block_bytes);
  if (!buf) return run_error(s.path, "cannot allocate the block buffer");
  std::memset(buf.get(), 0, s.block_bytes);
  std::mt19937_64 rng(std::random_device{}());
  if (s.data == DdData::kRandom) {
    auto* words = reinterpret_cast<std::uint64_t*>(buf.get());
    for (std::uint64_t i = 0; i < s.block_bytes / 8; ++i) words[i] = rng();
  }
  DdTransfer t;
  const auto start = Clock::now();
  Fd f{::open(s.path.c_str(), flags, 0644)};
  if (f.fd < 0) {
    if (errno == EEXIST) {
      return usage_error(s.path,
                         "exists; hostmark does not overwrite files (remove it or name "
                         "a new file)");
    }
    const int err = errno;  // a path the user cannot write to is a usage mistake
    const bool usage = err == ENOENT || err == EACCES || err == EROFS || err == EISDIR ||
                       err == ENOTDIR || err == EPERM;
    const std::string why = std::generic_category().message(err);
    if (usage) return usage_error(s.path, why);
    return run_error(s.path, why);
  }
  StopPoll poll(s.stop);
  for (std::uint64_t b = 0; b < s.count; ++b) {
    if (poll.now()) {
      t.interrupted = true;
      break;
    }
    if (s.data == DdData::kRandom) scramble(buf.get(), s.block_bytes, b, rng);
    std::uint64_t done = 0;
    int retries = 0;
    while (done < s.block_bytes) {
      const std::int64_t n = s.syscalls->write(f.fd, buf.get() + done, s.block_bytes - done);
      if (platform::retry_transient(n, retries)) continue;
      if (n <= 0) return io_error(s.path, "write", t.bytes, n == 0 ? ENOSPC : static_cast<int>(-n));
      done += static_cast<std::uint64_t>(n);
      t.bytes += static_cast<std::uint64_t>(n);
    }
    ++t.full_records;
  }
  const bool datasync = s.conv == DdConv::kFdatasync;
  if (datasync || s.conv == DdConv::kFsync) {
    const std::int64_t rc = datasync ? s.syscalls->fdatasync(f.fd) : s.syscalls->fsync(f.fd);
    if (rc < 0) {
      return run_error(s.path, fmt::format("{}: {}", datasync ? "fdatasync" : "fsync",
                                           std::generic_category().message(static_cast<int>(-rc))));
    }
  }
  t.seconds = since(start);
  return t;
}

Expected<DdTransfer> dd_read(const DdReadSpec& s) {
  const int flags = O_RDONLY | O_CLOEXEC | (s.iflag.direct ? O_DIRECT : 0);
  Fd f{::open(s.path.c_str(), flags)};
  if (f.fd < 0) return usage_error(s.path, std::generic_category().message(errno));
  struct stat st {};
  ::fstat(f.fd, &st);
  const off_t end = ::lseek(f.fd, 0, SEEK_END);
  ::lseek(f.fd, 0, SEEK_SET);
  const std::uint64_t size = end > 0 ? static_cast<std::uint64_t>(end) : 0;
  const bool past_end = s.count == 0 || s.count > size / s.block_bytes;  // no overflow
  std::uint64_t want = past_end ? size : s.count * s.block_bytes;
  DdTransfer t;
  if (s.drop_cache && !s.iflag.direct) {
    t.cache_dropped = S_ISBLK(st.st_mode)
                          ? ::ioctl(f.fd, BLKFLSBUF, 0) == 0 || drop_file_cache(f.fd)
                          : drop_file_cache(f.fd);
  }
  // mincore() needs a byte per page: look at the first 16 GiB at most.
  if (!s.iflag.direct)
    t.cached_fraction = resident_fraction(f.fd, std::min<std::uint64_t>(want, 16ull << 30));
  Buffer buf = aligned_buffer(s.block_bytes);
  if (!buf) return run_error(s.path, "cannot allocate the block buffer");
  StopPoll poll(s.stop);
  const auto start = Clock::now();
  int retries = 0;
  while (s.count == 0 || t.full_records + t.partial_records < s.count) {
    if (poll.now()) {
      t.interrupted = true;
      break;
    }
    const std::int64_t n = s.syscalls->read(f.fd, buf.get(), s.block_bytes);
    if (platform::retry_transient(n, retries)) continue;
    retries = 0;
    if (n < 0) return io_error(s.path, "read", t.bytes, static_cast<int>(-n));
    if (n == 0) break;
    t.bytes += static_cast<std::uint64_t>(n);
    if (static_cast<std::uint64_t>(n) == s.block_bytes) {
      ++t.full_records;
    } else {
      ++t.partial_records;
    }
  }
  t.seconds = since(start);
  return t;
}

}  // namespace hostmark::storage
