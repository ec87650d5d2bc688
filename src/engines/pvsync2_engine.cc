// pvsync2: preadv2/pwritev2 with one iovec, RWF_HIPRI when hipri (polled completion on a
// device opened O_DIRECT with poll queues) and RWF_NOWAIT when nowait (-EAGAIN instead of
// blocking, e.g. on a page-cache miss).
#include <sys/uio.h>

#include "engines/engine_common.h"
#include "engines/engine_factories.h"

namespace hostmark::engines::detail {
namespace {

class Pvsync2Engine final : public SyncEngine<Pvsync2Engine> {
 public:
  explicit Pvsync2Engine(const EngineOptions& options)
      : SyncEngine(options),
        flags_((options.hipri ? RWF_HIPRI : 0) | (options.nowait ? RWF_NOWAIT : 0)) {}

  std::string_view name() const override { return "pvsync2"; }

  std::int64_t transfer(const EngineFile& file, IoUnit& unit) {
    const iovec iov{unit.buf, unit.length};
    return unit.op == IoOp::kRead ? sys_.preadv2(file.fd, &iov, 1, unit.offset, flags_)
                                  : sys_.pwritev2(file.fd, &iov, 1, unit.offset, flags_);
  }

 private:
  int flags_;
};

}  // namespace

std::unique_ptr<IoEngine> make_pvsync2(const EngineOptions& options) {
  return std::make_unique<Pvsync2Engine>(options);
}

}  // namespace hostmark::engines::detail
