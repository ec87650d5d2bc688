// psync: one pread/pwrite per I/O at the unit's offset (fio's psync).
#include <unistd.h>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

class PsyncEngine final : public SyncEngine<PsyncEngine> {
 public:
  std::string_view name() const override { return "psync"; }

  static std::int64_t transfer(const EngineFile& file, IoUnit& unit) {
    const auto offset = static_cast<off_t>(unit.offset);
    return syscall_result(unit.op == IoOp::kRead ? pread(file.fd, unit.buf, unit.length, offset)
                                                 : pwrite(file.fd, unit.buf, unit.length, offset));
  }
};

}  // namespace

std::unique_ptr<IoEngine> make_psync(const EngineOptions& /*options*/) {
  return std::make_unique<PsyncEngine>();
}

}  // namespace hostmark::engines::detail
