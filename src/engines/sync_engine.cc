// sync: lseek to the unit's offset, then read/write (fio's sync; two syscalls per I/O).
#include <unistd.h>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

class SyncRwEngine final : public SyncEngine<SyncRwEngine> {
 public:
  std::string_view name() const override { return "sync"; }

  static std::int64_t transfer(const EngineFile& file, IoUnit& unit) {
    if (lseek(file.fd, static_cast<off_t>(unit.offset), SEEK_SET) < 0) return errno_result();
    return syscall_result(unit.op == IoOp::kRead ? read(file.fd, unit.buf, unit.length)
                                                 : write(file.fd, unit.buf, unit.length));
  }
};

}  // namespace

std::unique_ptr<IoEngine> make_sync(const EngineOptions& /*options*/) {
  return std::make_unique<SyncRwEngine>();
}

}  // namespace hostmark::engines::detail
