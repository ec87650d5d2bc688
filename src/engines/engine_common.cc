#include "engines/engine_common.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <string>
#include <system_error>

namespace hostmark::engines::detail {

std::int64_t trim_range(const EngineFile& file, std::uint64_t offset, std::uint32_t length) {
  if (file.block_device) {
    std::uint64_t range[2] = {offset, length};
    if (ioctl(file.fd, BLKDISCARD, range) != 0) return errno_result();
  } else if (fallocate(file.fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                       static_cast<off_t>(offset), static_cast<off_t>(length)) != 0) {
    return errno_result();
  }
  return length;
}

std::int64_t sync_fd(int fd, IoOp op) {
  const int rc = op == IoOp::kFdatasync ? fdatasync(fd) : fsync(fd);
  return rc == 0 ? 0 : errno_result();
}

std::int64_t control_op(const EngineFile& file, const IoUnit& unit) {
  if (unit.op == IoOp::kTrim) return trim_range(file, unit.offset, unit.length);
  return sync_fd(file.fd, unit.op);
}

Error setup_error(std::string_view engine, std::string_view call, int err) {
  return run_error(std::string(engine),
                   std::string(call) + ": " + std::generic_category().message(err));
}

}  // namespace hostmark::engines::detail
