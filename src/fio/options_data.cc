// Table rows: syncs, buffer contents, verification, statistics and safety.
#include <array>

#include "fio/option_setters.h"
#include "fio/option_table.h"

namespace hostmark::fio {
namespace {
using namespace setters;  // NOLINT(google-build-using-namespace): the row helpers

// fio's names: none, read, write, io (read and write), verify, all; 0 and 1 as none and all.
Status set_continue_on_error(JobOptions& job, std::string_view v) {
  struct Choice {
    std::string_view text;
    std::uint32_t bits;
  };
  static constexpr std::array<Choice, 8> kChoices{{{"none", 0},
                                                   {"0", 0},
                                                   {"read", kContinueRead},
                                                   {"write", kContinueWrite},
                                                   {"io", kContinueRead | kContinueWrite},
                                                   {"verify", kContinueVerify},
                                                   {"all", 0xffff},
                                                   {"1", 0xffff}}};
  for (const Choice& c : kChoices) {
    if (c.text == v) {
      job.continue_on_error = c.bits;
      return Ok{};
    }
  }
  return invalid(in_quotes(v) + " is not none, read, write, io, verify or all");
}

Status set_verify(JobOptions& job, std::string_view v) {
  struct Choice {
    std::string_view text;
    VerifyKind kind;
  };
  // meta: deprecated in fio 3.33 ("meta information is included in generic verification
  // header"); hostmark's header carries it, and crc32c checks the payload too.
  static constexpr std::array<Choice, 9> kChoices{{{"0", VerifyKind::kNone},
                                                   {"none", VerifyKind::kNone},
                                                   {"crc32c", VerifyKind::kCrc32c},
                                                   {"crc32c-intel", VerifyKind::kCrc32c},
                                                   {"xxhash", VerifyKind::kXxhash},
                                                   {"md5", VerifyKind::kMd5},
                                                   {"sha256", VerifyKind::kSha256},
                                                   {"pattern", VerifyKind::kPattern},
                                                   {"meta", VerifyKind::kCrc32c}}};
  for (const Choice& c : kChoices) {
    if (c.text == v) {
      job.verify = c.kind;
      return Ok{};
    }
  }
  static constexpr std::array<std::string_view, 11> kFioOnly{
      "crc64",    "crc32",    "crc16",    "crc7",     "sha1", "sha512",
      "sha3-224", "sha3-256", "sha3-384", "sha3-512", "null"};
  for (std::string_view k : kFioOnly) {
    if (k == v)
      return invalid(in_quotes(v) +
                     " is not implemented by hostmark (crc32c, xxhash, md5, sha256, pattern are)");
  }
  return invalid(in_quotes(v) +
                 " is not a verify method (0, crc32c, crc32c-intel, xxhash, md5, sha256, pattern)");
}

Status set_verify_pattern(JobOptions& job, std::string_view v) {
  auto p = parse_pattern(v);
  if (!p) return p.error();
  job.verify_pattern = std::move(p).value();
  if (job.verify == VerifyKind::kNone)
    job.verify = VerifyKind::kPattern;  // as fio, when verify= is unset
  return Ok{};
}

Status set_buffer_pattern(JobOptions& job, std::string_view v) {
  auto p = parse_pattern(v);
  if (!p) return p.error();
  job.buffer_pattern = std::move(p).value();
  return Ok{};
}

Status set_verify_interval(JobOptions& job, std::string_view v) {
  auto n = parse_number(v, job.kb_base);
  if (!n) return n.error();
  if (n.value() > 0xffffffffULL) return invalid(in_quotes(v) + " is too large");
  job.verify_interval = static_cast<std::uint32_t>(n.value());
  return Ok{};
}

Status set_buffer_compress_chunk(JobOptions& job, std::string_view v) {
  auto n = parse_number(v, job.kb_base);
  if (!n) return n.error();
  if (n.value() > 0xffffffffULL) return invalid(in_quotes(v) + " is too large");
  job.buffer_compress_chunk = static_cast<std::uint32_t>(n.value());
  return Ok{};
}

Status set_percentile_list(JobOptions& job, std::string_view v) {
  std::vector<double> list;
  std::size_t start = 0;
  for (;;) {
    std::size_t colon = v.find(':', start);
    std::string_view item =
        v.substr(start, colon == std::string_view::npos ? colon : colon - start);
    auto p = parse_double(item);
    if (!p) return p.error();
    if (p.value() < 0 || p.value() > 100)
      return invalid(std::string(item) + " is not a percentile (0..100)");
    list.push_back(p.value());
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (list.size() > 20) return invalid("at most 20 percentiles");  // fio's FIO_IO_U_LIST_MAX_LEN
  job.percentile_list = std::move(list);
  return Ok{};
}

// clat_percentiles=1 after disable_clat=1 stays off, as fio's fixup_options leaves it.
template <bool JobOptions::*Percentiles, bool JobOptions::*Disabled>
Status set_percentiles(JobOptions& job, std::string_view v) {
  auto b = parse_bool(v);
  if (!b) return b.error();
  job.*Percentiles = b.value() && !(job.*Disabled);
  return Ok{};
}

Status set_kb_base(JobOptions& job, std::string_view v) {
  if (v == "1024") job.kb_base = 1024;
  else if (v == "1000") job.kb_base = 1000;
  else return invalid(in_quotes(v) + " is not 1024 or 1000");
  return Ok{};
}

constexpr std::array kDataRows{
    OptionDef{"fsync", "", ValueKind::kInt, set_count<&JobOptions::fsync_every>,
              "Issue fsync for writes every given number of blocks"},
    OptionDef{"fdatasync", "", ValueKind::kInt, set_count<&JobOptions::fdatasync_every>,
              "Issue fdatasync for writes every given number of blocks"},
    OptionDef{"end_fsync", "", ValueKind::kBool, set_bool<&JobOptions::end_fsync>,
              "Include fsync at the end of job"},
    OptionDef{"fsync_on_close", "", ValueKind::kBool, set_bool<&JobOptions::fsync_on_close>,
              "fsync files on close"},
    OptionDef{"refill_buffers", "", ValueKind::kFlag, set_bool<&JobOptions::refill_buffers>,
              "Refill IO buffers on every IO submit"},
    OptionDef{"zero_buffers", "", ValueKind::kFlag, set_bool<&JobOptions::zero_buffers>,
              "Init IO buffers to all zeroes"},
    OptionDef{"scramble_buffers", "", ValueKind::kBool, set_bool<&JobOptions::scramble_buffers>,
              "Slightly scramble buffers on every IO submit"},
    OptionDef{"buffer_compress_percentage", "", ValueKind::kInt,
              set_percent<&JobOptions::buffer_compress_percentage>,
              "How compressible the buffer is (approximately)"},
    OptionDef{"buffer_compress_chunk", "", ValueKind::kSize, set_buffer_compress_chunk,
              "Size of compressible region in buffer"},
    OptionDef{"buffer_pattern", "", ValueKind::kPattern, set_buffer_pattern,
              "Fill pattern for IO buffers"},
    OptionDef{"verify", "", ValueKind::kChoice, set_verify,
              "Verify data written (0, crc32c, xxhash, md5, sha256, pattern, meta)"},
    OptionDef{"do_verify", "", ValueKind::kBool, set_bool<&JobOptions::do_verify>,
              "Run verification stage after write"},
    OptionDef{"verify_backlog", "", ValueKind::kInt, set_count<&JobOptions::verify_backlog>,
              "Verify after this number of blocks are written"},
    OptionDef{"verify_fatal", "", ValueKind::kBool, set_bool<&JobOptions::verify_fatal>,
              "Exit on a single verify failure"},
    OptionDef{"verify_pattern", "", ValueKind::kPattern, set_verify_pattern,
              "Fill pattern for IO buffers"},
    OptionDef{"verify_interval", "", ValueKind::kSize, set_verify_interval,
              "Store verify buffer header every N bytes"},
    OptionDef{"verify_dump", "", ValueKind::kBool, set_bool<&JobOptions::verify_dump>,
              "Dump contents of good and bad blocks on failure"},
    OptionDef{"experimental_verify", "", ValueKind::kBool,
              set_bool<&JobOptions::experimental_verify>, "Enable experimental verification"},
    OptionDef{"continue_on_error", "", ValueKind::kChoice, set_continue_on_error,
              "Continue on non-fatal errors during IO"},
    OptionDef{"percentile_list", "", ValueKind::kFloatList, set_percentile_list,
              "Specify a custom list of percentiles to report"},
    OptionDef{"clat_percentiles", "", ValueKind::kBool,
              set_percentiles<&JobOptions::clat_percentiles, &JobOptions::disable_clat>,
              "Enable the reporting of completion latency percentiles"},
    OptionDef{"lat_percentiles", "", ValueKind::kBool,
              set_percentiles<&JobOptions::lat_percentiles, &JobOptions::disable_lat>,
              "Enable the reporting of IO latency percentiles"},
    OptionDef{"slat_percentiles", "", ValueKind::kBool,
              set_percentiles<&JobOptions::slat_percentiles, &JobOptions::disable_slat>,
              "Enable the reporting of submission latency percentiles"},
    OptionDef{"bwavgtime", "", ValueKind::kInt, set_milliseconds<&JobOptions::bwavgtime_ns>,
              "Time window over which to calculate bandwidth (msec)"},
    OptionDef{"iopsavgtime", "", ValueKind::kInt, set_milliseconds<&JobOptions::iopsavgtime_ns>,
              "Time window over which to calculate IOPS (msec)"},
    OptionDef{"disk_util", "", ValueKind::kBool, set_bool<&JobOptions::disk_util>,
              "Log disk utilization statistics"},
    OptionDef{"group_reporting", "", ValueKind::kFlag, set_bool<&JobOptions::group_reporting>,
              "Do reporting on a per-group basis"},
    OptionDef{"readonly", "", ValueKind::kBool, set_bool<&JobOptions::readonly>,
              "Refuse writes and trims (hostmark; fio has only --readonly)"},
    OptionDef{"allow_mounted_write", "", ValueKind::kBool,
              set_bool<&JobOptions::allow_mounted_write>, "Allow writes to a mounted partition"},
    OptionDef{"kb_base", "", ValueKind::kChoice, set_kb_base,
              "Unit prefix interpretation for quantities of data (1024, 1000)"},
};

}  // namespace

std::span<const OptionDef> data_options() { return kDataRows; }

}  // namespace hostmark::fio
