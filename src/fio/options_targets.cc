// Table rows: job identity and the files a job works on.
#include <array>

#include "fio/option_setters.h"
#include "fio/option_table.h"

namespace hostmark::fio {
namespace {
using namespace setters;  // NOLINT(google-build-using-namespace): the row helpers

Status set_filename(JobOptions& job, std::string_view v) {
  job.filenames = split_filenames(v);
  if (job.filenames.empty()) return invalid("needs at least one file name");
  return Ok{};
}

Status set_unified_rw_reporting(JobOptions& job, std::string_view v) {
  static constexpr std::array<std::pair<std::string_view, UnifiedRw>, 6> kChoices{
      {{"none", UnifiedRw::kNone},
       {"0", UnifiedRw::kNone},
       {"mixed", UnifiedRw::kMixed},
       {"1", UnifiedRw::kMixed},
       {"both", UnifiedRw::kBoth},
       {"2", UnifiedRw::kBoth}}};
  return set_choice(job.unified_rw_reporting, v, kChoices, "none, mixed, both, 0, 1, 2");
}

Status set_filesize(JobOptions& job, std::string_view v) {
  auto r = parse_range(v, job.kb_base);
  if (!r) return r.error();
  job.filesize = r.value();
  return Ok{};
}

Status set_size_or_percent(JobOptions& job, std::string_view v) {
  auto s = parse_size_or_percent(v, job.kb_base);
  if (!s) return s.error();
  job.size = s.value().bytes;
  job.size_percent = s.value().percent;
  return Ok{};
}

Status set_offset(JobOptions& job, std::string_view v) {
  auto s = parse_size_or_percent(v, job.kb_base);
  if (!s) return s.error();
  job.offset = s.value().bytes;
  job.offset_percent = s.value().percent;
  return Ok{};
}

Status set_buffered(JobOptions& job, std::string_view v) {
  auto b = parse_bool(v);
  if (!b) return b.error();
  job.direct = !b.value();
  return Ok{};
}

Status set_sync(JobOptions& job, std::string_view v) {
  if (v == "none" || v == "0") {
    job.sync_io = false;
  } else if (v == "sync" || v == "1" || v.empty()) {
    job.sync_io = true;
  } else if (v == "dsync") {
    return invalid("'dsync' (O_DSYNC) is not implemented by hostmark");
  } else {
    return invalid(in_quotes(v) + " is not one of none, sync, dsync, 0, 1");
  }
  return Ok{};
}

Status set_fallocate(JobOptions& job, std::string_view v) {
  static constexpr std::array<std::pair<std::string_view, Fallocate>, 7> kChoices{
      {{"none", Fallocate::kNone},
       {"0", Fallocate::kNone},
       {"posix", Fallocate::kPosix},
       {"1", Fallocate::kPosix},
       {"keep", Fallocate::kKeep},
       {"native", Fallocate::kNative},
       {"truncate", Fallocate::kTruncate}}};
  return set_choice(job.fallocate, v, kChoices, "none, posix, keep, native, truncate, 0, 1");
}

Status set_file_service_type(JobOptions& job, std::string_view v) {
  std::string_view head = v.substr(0, v.find_first_of(":"));
  static constexpr std::array<std::string_view, 7> kKinds{
      "random", "roundrobin", "sequential", "zipf", "pareto", "normal", "gauss"};
  for (std::string_view k : kKinds) {
    if (head == k) {
      job.file_service_type = std::string(v);
      return Ok{};
    }
  }
  return invalid(in_quotes(v) +
                 " is not a file service type (random, roundrobin, sequential, ...)");
}

constexpr std::array kTargetRows{
    OptionDef{"name", "", ValueKind::kString, set_string<&JobOptions::name>, "Name of this job"},
    OptionDef{"description", "", ValueKind::kString, set_string<&JobOptions::description>,
              "Text job description"},
    OptionDef{"numjobs", "", ValueKind::kInt, set_count<&JobOptions::numjobs, 1, 0x7fffffff>,
              "Duplicate this job this many times"},
    OptionDef{"stonewall", "wait_for_previous", ValueKind::kFlag, set_bool<&JobOptions::stonewall>,
              "Insert a hard barrier between this job and previous"},
    OptionDef{"new_group", "", ValueKind::kFlag, set_bool<&JobOptions::new_group>,
              "Mark the start of a new group (for reporting)"},
    OptionDef{"wait_for", "", ValueKind::kString, set_string<&JobOptions::wait_for>,
              "Start this job when the named job has finished"},
    OptionDef{"unified_rw_reporting", "", ValueKind::kChoice, set_unified_rw_reporting,
              "Unify reporting across data direction (none, mixed, both)"},
    OptionDef{"filename", "", ValueKind::kList, set_filename,
              "File(s) to use for the workload (a:b, '\\:' escapes)"},
    OptionDef{"directory", "", ValueKind::kString, set_string<&JobOptions::directory>,
              "Directory to store files in"},
    OptionDef{"filename_format", "", ValueKind::kString, set_string<&JobOptions::filename_format>,
              "Override default $jobname.$jobnum.$filenum naming"},
    OptionDef{"nrfiles", "nr_files", ValueKind::kInt,
              set_count<&JobOptions::nrfiles, 1, 0x7fffffff>,
              "Split job workload between this number of files"},
    OptionDef{"filesize", "", ValueKind::kRange, set_filesize, "Size of individual files"},
    OptionDef{"size", "", ValueKind::kSizePercent, set_size_or_percent,
              "Total size of device or files (or N%)"},
    OptionDef{"io_size", "io_limit", ValueKind::kSize, set_size<&JobOptions::io_size>,
              "Total size of I/O to be performed"},
    OptionDef{"number_ios", "", ValueKind::kInt, set_count<&JobOptions::number_ios, 0, ~0ULL>,
              "Force job completion after this number of IOs"},
    OptionDef{"offset", "fileoffset", ValueKind::kSizePercent, set_offset,
              "Start IO from this offset (or N%)"},
    OptionDef{"offset_increment", "", ValueKind::kSize, set_size<&JobOptions::offset_increment>,
              "What is the increment from one offset to the next"},
    OptionDef{"direct", "", ValueKind::kBool, set_bool<&JobOptions::direct>,
              "Use O_DIRECT IO (negates buffered)"},
    OptionDef{"buffered", "", ValueKind::kBool, set_buffered, "Use buffered IO (negates direct)"},
    OptionDef{"sync", "", ValueKind::kChoice, set_sync,
              "Use synchronous write IO (none, sync, 0, 1)"},
    OptionDef{"invalidate", "", ValueKind::kBool, set_bool<&JobOptions::invalidate>,
              "Invalidate buffer/page cache prior to running job"},
    OptionDef{"fallocate", "", ValueKind::kChoice, set_fallocate,
              "Whether pre-allocation is performed when laying out files (none, posix, keep, "
              "native, truncate)"},
    OptionDef{"create_only", "", ValueKind::kBool, set_bool<&JobOptions::create_only>,
              "Only perform file creation phase"},
    OptionDef{"overwrite", "", ValueKind::kBool, set_bool<&JobOptions::overwrite>,
              "When writing, set whether to overwrite current data"},
    OptionDef{"unlink", "", ValueKind::kBool, set_bool<&JobOptions::unlink>,
              "Unlink created files after job has completed"},
    OptionDef{"unlink_each_loop", "", ValueKind::kBool, set_bool<&JobOptions::unlink_each_loop>,
              "Unlink created files after each loop in a job has completed"},
    OptionDef{"file_service_type", "", ValueKind::kChoice, set_file_service_type,
              "How to select which file to service next"},
};

}  // namespace

std::span<const OptionDef> job_and_file_options() { return kTargetRows; }

}  // namespace hostmark::fio
