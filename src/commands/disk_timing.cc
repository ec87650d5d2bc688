// `hostmark disk --timing` (hdparm -tT) and `hostmark disk --identify` (hdparm -I, fdisk -l).
// Both are read-only: the target is opened O_RDONLY and never written.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <memory>
#include <system_error>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/disk_modes.h"
#include "output/storage_text.h"
#include "results/context.h"
#include "runner/signal_guard.h"
#include "storage/dd_transfer.h"
#include "storage/identify.h"
#include "storage/storage_context.h"
#include "storage/timing.h"

namespace hostmark {
namespace {

constexpr const char* kWhat = "disk --timing";

struct TimingOptions {
  std::string target;
  bool direct = false;
  bool cached = true;
  bool disk = true;
  double cached_s = 2;
  double disk_s = 3;
  double settle_s = 3;  // hdparm's sync(); sleep(3) before each test
};

// hdparm's pause before each test: sync(), then `seconds` for the queue to settle; a signal
// cuts it short. True when interrupted.
bool settle(SignalGuard& guard, double seconds) {
  ::sync();
  if (seconds <= 0) return guard.stop_requested();
  return guard.wait(static_cast<std::uint64_t>(seconds * 1e9)) != 0;
}

// The whole disk under the current directory, when no target was named.
std::string default_target() {
  auto here = storage::describe_storage(".");
  if (!here || here->disk.empty()) {
    throw Failure(usage_error(kWhat, "no block device under the current directory; name one"));
  }
  return "/dev/" + here->disk;
}

struct OpenTarget {
  storage::TimingTarget t;
  ~OpenTarget() {
    if (t.fd >= 0) ::close(t.fd);
  }
};

void open_timing_target(const TimingOptions& o, OpenTarget& open) {
  struct stat st {};
  if (::stat(o.target.c_str(), &st) != 0)
    throw Failure(usage_error(o.target, std::generic_category().message(errno)));
  if (S_ISDIR(st.st_mode))
    throw Failure(usage_error(o.target, "is a directory (give a block device or a file)"));
  if (!S_ISBLK(st.st_mode) && !S_ISREG(st.st_mode))
    throw Failure(usage_error(o.target, "not a block device or a regular file"));
  const int fd = ::open(o.target.c_str(), O_RDONLY | O_CLOEXEC | (o.direct ? O_DIRECT : 0));
  if (fd < 0) {
    const int err = errno;
    throw Failure(usage_error(
        o.target, std::generic_category().message(err) +
                      (err == EINVAL && o.direct ? " (this filesystem refuses O_DIRECT)" : "")));
  }
  open.t.fd = fd;
  open.t.path = o.target;
  open.t.block_device = S_ISBLK(st.st_mode);
  const off_t end = ::lseek(fd, 0, SEEK_END);
  open.t.size_bytes = end > 0 ? static_cast<std::uint64_t>(end) : 0;
}

Phase timing_phase(const std::string& name, const storage::TimingSample& s) {
  Phase p;
  p.name = name;
  p.duration_s = s.seconds;
  p.metrics = {{"mib_per_s", s.mib_per_s(), "MiB/s"},
               {"mb_per_s", s.mb_per_s(), "MB/s"},
               {"bytes", static_cast<double>(s.bytes), "bytes"},
               {"seconds", s.seconds, "s"}};
  return p;
}

void write_timing_text(const Result& r, std::ostream& out) {
  if (!r.storage.empty()) write_storage_header(r.storage.front(), out);
  const bool direct = r.options.size() > 1 && r.options[1].second == "yes";
  out << "\n" << r.options.front().second << ":\n";
  for (const auto& p : r.phases) {
    storage::TimingSample s;
    s.bytes = static_cast<std::uint64_t>(p.metric("bytes")->value);
    s.seconds = p.metric("seconds")->value;
    const std::string label = p.name == "cached_reads" ? storage::hdparm_cached_label(direct)
                                                       : storage::hdparm_disk_label(direct);
    out << label << storage::hdparm_timing_text(s) << "\n";
  }
  out << "\n";
  if (r.interrupted) out << "(interrupted: the figures cover the reads done before the signal)\n";
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  if (!r.storage.empty()) write_storage_warnings(r.storage.front(), out);
}

double seconds_option(const std::string& name, const std::string& text) {
  const auto ns = parse_duration_ns(name, text).value();
  if (ns == 0) throw Failure(usage_error(name, "must be more than 0"));
  return static_cast<double>(ns) / 1e9;
}

}  // namespace

int run_disk_timing(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("hdparm -tT style read timings of a block device or file (read-only)",
               "disk --timing");
  TimingOptions o;
  bool timing = false, cached_only = false, disk_only = false;
  std::string cached_time = "2s", disk_time = "3s", settle_time = "3s";
  OutputOptions output;
  app.add_flag("--timing", timing, "time cached and disk reads like hdparm -tT");
  app.add_option("target", o.target, "block device or file (default: the disk under .)");
  app.add_flag("--direct", o.direct, "O_DIRECT reads, like hdparm --direct");
  app.add_flag("--timing-cached-only,-T", cached_only, "only the cached reads (hdparm -T)");
  app.add_flag("--timing-disk-only,-t", disk_only, "only the disk reads (hdparm -t)");
  app.add_option("--cached-time", cached_time, "duration of the cached reads")
      ->capture_default_str();
  app.add_option("--disk-time", disk_time, "longest duration of the disk reads")
      ->capture_default_str();
  app.add_option("--settle", settle_time,
                 "pause after sync() before each test, as hdparm does (0 to skip)")
      ->capture_default_str();
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  if (cached_only && disk_only)
    throw Failure(
        usage_error(kWhat, "--timing-cached-only and --timing-disk-only exclude each other"));
  o.cached = !disk_only;
  o.disk = !cached_only;
  o.cached_s = seconds_option("--cached-time", cached_time);
  o.disk_s = seconds_option("--disk-time", disk_time);
  o.settle_s = static_cast<double>(parse_duration_ns("--settle", settle_time).value()) / 1e9;
  if (o.target.empty()) o.target = default_target();

  OpenTarget open;
  open_timing_target(o, open);
  StorageTarget described = storage::describe_storage(o.target).value();
  std::unique_ptr<std::byte, decltype(&std::free)> mem(
      static_cast<std::byte*>(std::aligned_alloc(4096, storage::kTimingBufferBytes)), &std::free);
  const std::span<std::byte> buf(mem.get(), storage::kTimingBufferBytes);

  Result r;
  r.command = "disk --timing";
  r.context = collect_context();
  r.options = {{"target", o.target},
               {"direct", o.direct ? "yes" : "no"},
               {"cached-time", cached_time},
               {"disk-time", disk_time},
               {"settle", settle_time}};
  storage::MeasureFacts facts;
  facts.reads = true;
  facts.direct = o.direct;
  double cached_fraction = 0;
  SignalGuard guard;  // Ctrl-C ends the timing early and prints what was measured
  const StopRequested stop = [&guard] { return guard.stop_requested(); };
  if (o.cached) r.interrupted = settle(guard, o.settle_s);
  if (o.cached && !r.interrupted) {
    const auto s = storage::time_cached_reads(open.t, buf, o.cached_s, stop).value();
    r.phases.push_back(timing_phase("cached_reads", s));
    r.interrupted = s.interrupted;
  }
  if (o.disk && !r.interrupted) {
    facts.cache_dropped = storage::flush_read_caches(open.t) || o.direct;
    r.interrupted = settle(guard, o.settle_s);
    // What the flush left behind in the first 256 MiB (mincore): cached data is not the disk.
    if (!o.direct)
      cached_fraction = storage::resident_fraction(
          open.t.fd, std::min<std::uint64_t>(open.t.size_bytes, 256ull << 20));
  }
  if (o.disk && !r.interrupted) {
    const auto s = storage::time_disk_reads(open.t, buf, o.disk_s, stop).value();
    r.interrupted = s.interrupted;
    r.phases.push_back(timing_phase("disk_reads", s));
    if (!o.direct) facts.read_mb_per_s = s.mb_per_s();
    if (s.reached_end) {
      r.notes.push_back(fmt::format("disk reads stopped at the end of {} ({}) before {}", o.target,
                                    format_bytes_binary(open.t.size_bytes), disk_time));
    }
  }
  r.notes.emplace_back(
      "MB in the hdparm lines are MiB (2^20 bytes), as in hdparm 9.65; JSON has both MiB/s and "
      "MB/s");
  described.warnings = storage::storage_warnings(
      described, facts, r.context.memory_bytes,
      r.context.virtualization != "" && r.context.virtualization != "none");
  const bool flagged = std::any_of(
      described.warnings.begin(), described.warnings.end(),
      [](const StorageWarning& w) { return w.kind == StorageWarningKind::kReadFromPageCache; });
  if (cached_fraction > 0.1 && !flagged) {
    described.warnings.insert(
        described.warnings.begin(),
        {StorageWarningKind::kReadFromPageCache,
         fmt::format("{:.0f}% of the data was still in the page cache before the disk reads: "
                     "they measured memory; run as root or use --direct",
                     100.0 * cached_fraction)});
  }
  r.storage.push_back(std::move(described));
  return emit_result(r, output, save, write_timing_text, io);
}

int run_disk_identify(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("hdparm -I / fdisk -l style description of a disk (read-only)", "disk --identify");
  bool identify = false;
  std::string target = ".";
  OutputOptions output;
  app.add_flag("--identify", identify, "describe the disk");
  app.add_option("target", target, "device, partition, file or directory (default: .)");
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  const storage::DeviceIdentity id = storage::identify_device(target).value();

  Result r;
  r.command = "disk --identify";
  r.context = collect_context();
  r.options = {{"target", target}, {"device", id.node}};
  Phase p;
  p.name = "identify";
  const StorageTarget& t = id.target;
  p.metrics = {{"size_bytes", static_cast<double>(t.disk_size_bytes), "bytes"},
               {"logical_sector_bytes", static_cast<double>(t.logical_sector_bytes), "bytes"},
               {"physical_sector_bytes", static_cast<double>(t.physical_sector_bytes), "bytes"},
               {"rotational", t.rotational ? 1.0 : 0.0, "bool"},
               {"queue_depth", static_cast<double>(t.queue_depth), "requests"},
               {"partitions", static_cast<double>(id.partitions.size()), "count"}};
  const auto flag = [](bool b) { return b ? 1.0 : 0.0; };
  if (id.ata) {
    const storage::AtaIdentity& a = *id.ata;
    p.metrics.insert(
        p.metrics.end(),
        {{"ata_sectors", static_cast<double>(a.sectors), "sectors"},
         {"ata_write_cache_supported", flag(a.write_cache_supported), "bool"},
         {"ata_write_cache_enabled", flag(a.write_cache_enabled), "bool"},
         {"ata_trim", flag(a.trim_supported), "bool"},
         {"ata_ncq_depth", static_cast<double>(a.ncq_depth), "commands"},
         {"ata_rotation_rpm", static_cast<double>(a.rotation_rpm), "rpm (1 = non-rotating)"}});
  }
  if (id.nvme) {
    const storage::NvmeIdentity& n = *id.nvme;
    p.metrics.insert(p.metrics.end(),
                     {{"nvme_namespaces", static_cast<double>(n.namespaces), "count"},
                      {"nvme_volatile_write_cache", flag(n.volatile_write_cache), "bool"},
                      {"nvme_trim", flag(n.dataset_management), "bool"},
                      {"nvme_write_zeroes", flag(n.write_zeroes), "bool"}});
  }
  r.phases.push_back(std::move(p));
  if (!id.serial.empty()) r.notes.push_back("serial: " + id.serial);
  for (const auto& part : id.partitions) {
    r.notes.push_back(fmt::format("partition {}: start sector {}, {} bytes", part.name,
                                  part.start_sector, part.size_bytes));
  }
  if (id.ata) {
    r.notes.push_back(fmt::format(
        "ATA IDENTIFY: model {}, serial {}, firmware {}, write cache {}, "
        "TRIM {}, NCQ depth {}",
        id.ata->model, id.ata->serial, id.ata->firmware, id.ata->write_cache_enabled ? "on" : "off",
        id.ata->trim_supported ? "yes" : "no", id.ata->ncq_depth));
  } else {
    r.notes.push_back("ATA IDENTIFY: " + id.ata_status);
  }
  if (id.nvme) {
    r.notes.push_back(fmt::format(
        "NVMe identify: model {}, serial {}, firmware {}, volatile write "
        "cache {}, TRIM {}",
        id.nvme->model, id.nvme->serial, id.nvme->firmware,
        id.nvme->volatile_write_cache ? "yes" : "no", id.nvme->dataset_management ? "yes" : "no"));
  } else {
    r.notes.push_back("NVMe identify: " + id.nvme_status);
  }
  r.storage.push_back(t);
  const auto text = [&id](const Result&, std::ostream& out) {
    storage::write_identity_text(id, out);
  };
  return emit_result(r, output, save, text, io);
}

}  // namespace hostmark
