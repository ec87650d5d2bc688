// sync: lseek to the unit's offset, then read/write (fio's sync; two syscalls per I/O).
#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

class SyncRwEngine final : public SyncEngine<SyncRwEngine> {
 public:
  using SyncEngine::SyncEngine;
  std::string_view name() const override { return "sync"; }

  std::int64_t transfer(const EngineFile& file, IoUnit& unit) {
    if (const std::int64_t rc = sys_.seek(file.fd, unit.offset); rc < 0) return rc;
    return unit.op == IoOp::kRead ? sys_.read(file.fd, unit.buf, unit.length)
                                  : sys_.write(file.fd, unit.buf, unit.length);
  }
};

}  // namespace

std::unique_ptr<IoEngine> make_sync(const EngineOptions& options) {
  return std::make_unique<SyncRwEngine>(options);
}

}  // namespace hostmark::engines::detail
