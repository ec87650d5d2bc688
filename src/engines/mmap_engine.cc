// mmap: each file's first `size` bytes mapped MAP_SHARED in prepare(); reads and writes are
// memcpy; fsync/fdatasync are msync(MS_SYNC) of the whole mapping; trim punches the file.
// A writable regular file shorter than `size` is extended first (ftruncate, never shrunk), as
// fio does, so no access can fault past its end, and its blocks are reserved (fallocate), so
// none can fault on a full filesystem (SIGBUS) either: that is a setup error instead. Reads are
// clipped at the mapping's end (a short result, 0 past it, as pread gives at EOF); a write that
// does not fit is -EINVAL.
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

struct Mapping {
  std::byte* base = nullptr;
  std::uint64_t size_bytes = 0;
};

class MmapEngine final : public SyncEngine<MmapEngine> {
 public:
  explicit MmapEngine(const EngineOptions& options)
      : SyncEngine(options), writable_(options.writable) {}
  ~MmapEngine() override {
    for (const Mapping& m : maps_) {
      if (m.base != nullptr) munmap(m.base, m.size_bytes);
    }
  }
  MmapEngine(const MmapEngine&) = delete;
  MmapEngine& operator=(const MmapEngine&) = delete;

  std::string_view name() const override { return "mmap"; }

  Status prepare(std::span<const EngineFile> files,
                 std::span<const std::span<std::byte>> buffers) override {
    const Status base = SyncEngine::prepare(files, buffers);
    if (!base) return base;
    maps_.assign(files.size(), Mapping{});
    for (std::size_t i = 0; i < files.size(); ++i) {
      const Status mapped = map_file(files[i], maps_[i]);
      if (!mapped) return mapped;
    }
    return Ok{};
  }

  // The memcpy's outcome goes through the seam's completion hook, as an async completion does.
  std::int64_t transfer(const EngineFile& file, IoUnit& unit) {
    return sys_.completed(completion_of(unit, file.fd), copy(unit));
  }

  std::int64_t control(const EngineFile& file, const IoUnit& unit) {
    if (unit.op == IoOp::kTrim) return control_op(sys_, file, unit);
    const Mapping& m = maps_[static_cast<std::size_t>(unit.file)];
    return m.base == nullptr ? 0 : sys_.msync(m.base, m.size_bytes);
  }

 private:
  std::int64_t copy(IoUnit& unit) const {
    const Mapping& m = maps_[static_cast<std::size_t>(unit.file)];
    const std::uint64_t room = unit.offset < m.size_bytes ? m.size_bytes - unit.offset : 0;
    if (unit.op == IoOp::kRead) {
      const std::uint64_t n = std::min<std::uint64_t>(unit.length, room);
      if (n > 0) std::memcpy(unit.buf, m.base + unit.offset, n);
      return static_cast<std::int64_t>(n);
    }
    if (!writable_) return -EBADF;
    if (unit.length > room) return -EINVAL;
    std::memcpy(m.base + unit.offset, unit.buf, unit.length);
    return unit.length;
  }

  Status map_file(const EngineFile& file, Mapping& out) const {
    struct stat st {};
    if (fstat(file.fd, &st) != 0) return setup_error("mmap", "fstat", errno);
    std::uint64_t bytes = file.size;
    if (S_ISREG(st.st_mode)) {
      const auto on_disk = static_cast<std::uint64_t>(st.st_size);
      if (writable_ && on_disk < bytes) {
        if (const std::int64_t rc = sys_.ftruncate(file.fd, bytes); rc < 0) {
          return setup_error("mmap", "ftruncate", static_cast<int>(-rc));
        }
      } else {
        bytes = std::min(bytes, on_disk);
      }
      // A store into a hole the filesystem has no room for is SIGBUS, not an error: reserve
      // the blocks now, so a full filesystem is this one-line error instead of a crash.
      if (writable_ && bytes > 0) {
        const std::int64_t rc = sys_.fallocate(file.fd, 0, 0, bytes);
        if (rc < 0 && rc != -EOPNOTSUPP) {
          return setup_error("mmap", "fallocate", static_cast<int>(-rc));
        }
      }
    }
    if (bytes == 0) return Ok{};  // nothing to map: every read is past the end
    const int prot = PROT_READ | (writable_ ? PROT_WRITE : 0);
    void* base = mmap(nullptr, bytes, prot, MAP_SHARED, file.fd, 0);
    if (base == MAP_FAILED) return setup_error("mmap", "mmap", errno);
    out = Mapping{static_cast<std::byte*>(base), bytes};
    return Ok{};
  }

  bool writable_;
  std::vector<Mapping> maps_;
};

}  // namespace

std::unique_ptr<IoEngine> make_mmap(const EngineOptions& options) {
  return std::make_unique<MmapEngine>(options);
}

}  // namespace hostmark::engines::detail
