// The verify options of a job, checked once (make_verify_spec), and header sizes.
#include <fmt/format.h>

#include <algorithm>

#include "io/verify.h"
#include "io/verify_layout.h"

namespace hostmark::io {
namespace {

bool given(const fio::JobOptions& job, std::string_view name) {
  return std::any_of(job.given.begin(), job.given.end(),
                     [&](const auto& option) { return option.first == name; });
}

// The smallest write block the job can issue, and the option that sets it.
std::pair<std::uint32_t, const char*> smallest_write_block(const fio::JobOptions& job) {
  const auto w = static_cast<std::size_t>(fio::Dir::kWrite);
  std::pair<std::uint32_t, const char*> smallest{job.bs[w], "bs"};
  if (job.bsrange) smallest = {(*job.bsrange)[w].first, "bsrange"};
  if (!job.bssplit[w].empty()) {
    smallest = {job.bssplit[w].front().bs, "bssplit"};
    for (const fio::BsSplit& s : job.bssplit[w]) smallest.first = std::min(smallest.first, s.bs);
  }
  return smallest;
}

}  // namespace

std::size_t verify_header_bytes(fio::VerifyKind kind) {
  if (!layout::has_header(kind)) return 0;
  return layout::kDigestAt + digest_size(layout::checksum_of(kind));
}

Expected<VerifySpec> make_verify_spec(const fio::JobOptions& job) {
  VerifySpec spec;
  spec.kind = job.verify;
  spec.pattern = job.verify_pattern;
  spec.interval_bytes = job.verify_interval;
  // fio: verify_pattern without verify= means verify=pattern.
  if (spec.kind == fio::VerifyKind::kNone && !spec.pattern.empty() && !given(job, "verify")) {
    spec.kind = fio::VerifyKind::kPattern;
  }
  if (spec.kind == fio::VerifyKind::kNone) return spec;
  if (spec.kind == fio::VerifyKind::kPattern) {
    if (spec.pattern.empty())
      return usage_error("verify_pattern", "verify=pattern needs a verify_pattern");
    return spec;
  }
  const std::size_t header = verify_header_bytes(spec.kind);
  const char* name = checksum_name(layout::checksum_of(spec.kind));
  if (spec.interval_bytes != 0 && spec.interval_bytes < header) {
    return usage_error("verify_interval",
                       fmt::format("{} bytes is smaller than the {} verify header ({} bytes)",
                                   spec.interval_bytes, name, header));
  }
  if (job.rw.write) {
    const auto [bytes, option] = smallest_write_block(job);
    if (bytes < header) {
      return usage_error(
          option, fmt::format("{}-byte writes are smaller than the {} verify header ({} bytes)",
                              bytes, name, header));
    }
  }
  return spec;
}

}  // namespace hostmark::io
