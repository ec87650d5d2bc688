#include "engines/engine_common.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace hostmark::engines::detail {

std::int64_t trim_range(platform::Syscalls& sys, const EngineFile& file, std::uint64_t offset,
                        std::uint32_t length) {
  if (file.block_device) {
    std::uint64_t range[2] = {offset, length};
    if (ioctl(file.fd, BLKDISCARD, range) != 0) return -static_cast<std::int64_t>(errno);
    return length;
  }
  const std::int64_t rc =
      sys.fallocate(file.fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, length);
  return rc < 0 ? rc : length;
}

std::int64_t sync_fd(platform::Syscalls& sys, int fd, IoOp op) {
  return op == IoOp::kFdatasync ? sys.fdatasync(fd) : sys.fsync(fd);
}

std::int64_t control_op(platform::Syscalls& sys, const EngineFile& file, const IoUnit& unit) {
  if (unit.op == IoOp::kTrim) return trim_range(sys, file, unit.offset, unit.length);
  return sync_fd(sys, file.fd, unit.op);
}

platform::Completion completion_of(const IoUnit& unit, int fd) {
  const platform::IoKind kind = unit.op == IoOp::kRead    ? platform::IoKind::kRead
                                : unit.op == IoOp::kWrite ? platform::IoKind::kWrite
                                                          : platform::IoKind::kSync;
  return platform::Completion{kind, fd, unit.offset, unit.length};
}

Error setup_error(std::string_view engine, std::string_view call, int err) {
  return run_error(std::string(engine),
                   std::string(call) + ": " + std::generic_category().message(err));
}

}  // namespace hostmark::engines::detail
