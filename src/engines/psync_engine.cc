// psync: one pread/pwrite per I/O at the unit's offset (fio's psync).
#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

class PsyncEngine final : public SyncEngine<PsyncEngine> {
 public:
  using SyncEngine::SyncEngine;
  std::string_view name() const override { return "psync"; }

  std::int64_t transfer(const EngineFile& file, IoUnit& unit) {
    return unit.op == IoOp::kRead ? sys_.pread(file.fd, unit.buf, unit.length, unit.offset)
                                  : sys_.pwrite(file.fd, unit.buf, unit.length, unit.offset);
  }
};

}  // namespace

std::unique_ptr<IoEngine> make_psync(const EngineOptions& options) {
  return std::make_unique<PsyncEngine>(options);
}

}  // namespace hostmark::engines::detail
