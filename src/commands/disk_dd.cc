// `hostmark disk --seq-write|--seq-read [PATH]`: dd-style sequential tests with dd's knobs and
// honest defaults (random data, the final fdatasync counted, page cache dropped before reads
// and a warning when a read still came from it). Writes go only to files; a block device is
// only read.
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/disk_modes.h"
#include "output/storage_text.h"
#include "results/context.h"
#include "runner/signal_guard.h"
#include "storage/dd_transfer.h"
#include "storage/storage_context.h"

namespace hostmark {
namespace {

constexpr const char* kDefaultFile = "hostmark-dd.tmp";

struct DdCli {
  std::string write_path, read_path, positional;
  std::string bs = "1M", count, oflag, iflag, conv = "fdatasync", data = "random";
  bool keep = false, keep_cache = false;
};

Phase dd_phase(const std::string& name, const storage::DdTransfer& t) {
  Phase p;
  p.name = name;
  p.duration_s = t.seconds;
  const double s = t.seconds > 0 ? t.seconds : 1e-9;
  p.metrics = {{"mb_per_s", static_cast<double>(t.bytes) / 1e6 / s, "MB/s"},
               {"mib_per_s", static_cast<double>(t.bytes) / 1048576.0 / s, "MiB/s"},
               {"bytes", static_cast<double>(t.bytes), "bytes"},
               {"seconds", t.seconds, "s"},
               {"full_records", static_cast<double>(t.full_records), "records"},
               {"partial_records", static_cast<double>(t.partial_records), "records"}};
  return p;
}

void write_dd_text(const Result& r, std::ostream& out) {
  if (!r.storage.empty()) write_storage_header(r.storage.front(), out);
  for (const auto& p : r.phases) {
    const auto bytes = static_cast<std::uint64_t>(p.metric("bytes")->value);
    out << fmt::format("{}: {:.0f}+{:.0f} records\n", p.name == "seq_write" ? "write" : "read",
                       p.metric("full_records")->value, p.metric("partial_records")->value);
    out << storage::dd_summary_line(bytes, p.metric("seconds")->value) << "\n";
  }
  if (r.interrupted) out << "(interrupted: the figures cover the blocks done before the signal)\n";
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  if (!r.storage.empty()) write_storage_warnings(r.storage.front(), out);
}

void add_warnings(StorageTarget& target, std::vector<StorageWarning> more) {
  for (auto& w : more) {
    bool seen = false;
    for (const auto& have : target.warnings) seen = seen || have.kind == w.kind;
    if (!seen) target.warnings.push_back(std::move(w));
  }
}

// The file to use: the one named, a default name inside a named directory, or ./hostmark-dd.tmp.
std::string choose_path(const DdCli& c, bool writes) {
  std::string path = !c.write_path.empty()  ? c.write_path
                     : !c.read_path.empty() ? c.read_path
                                            : c.positional;
  if (!c.write_path.empty() && !c.read_path.empty() && c.write_path != c.read_path)
    throw Failure(usage_error("disk", "--seq-write and --seq-read name different paths"));
  struct stat st {};
  const bool exists = ::stat(path.empty() ? "." : path.c_str(), &st) == 0;
  if (path.empty() || (exists && S_ISDIR(st.st_mode))) {
    if (!writes && !path.empty())
      throw Failure(usage_error(path, "is a directory (give a file or a block device to read)"));
    path = (path.empty() ? std::string(".") : path) + "/" + kDefaultFile;
    if (!writes && ::stat(path.c_str(), &st) != 0)
      throw Failure(
          usage_error("--seq-read", "give a file or device to read (or add --seq-write)"));
    return path;
  }
  if (writes && exists && S_ISBLK(st.st_mode)) {
    throw Failure(usage_error(path,
                              "is a block device: --seq-write only writes files (hostmark "
                              "never writes to a device here; --seq-read reads it)"));
  }
  if (writes && exists) {
    throw Failure(usage_error(path,
                              "exists; hostmark does not overwrite files (remove it or "
                              "name a new file)"));
  }
  if (!writes && !exists) throw Failure(usage_error(path, std::generic_category().message(ENOENT)));
  return path;
}

}  // namespace

int run_disk_dd(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("dd-style sequential write/read tests", "disk --seq-write|--seq-read");
  DdCli c;
  OutputOptions output;
  auto* w = app.add_option("--seq-write", c.write_path, "write a file (default ./hostmark-dd.tmp)")
                ->expected(0, 1);
  auto* rd =
      app.add_option("--seq-read", c.read_path, "read a file or block device")->expected(0, 1);
  app.add_option("path", c.positional, "file, directory or (read only) block device");
  app.add_option("--bs", c.bs, "block size of each read/write")->capture_default_str();
  app.add_option("--count", c.count, "number of blocks (default: 1 GiB to write, all to read)");
  app.add_option("--oflag", c.oflag, "write flags: direct,dsync,sync (comma list)");
  app.add_option("--iflag", c.iflag, "read flags: direct");
  app.add_option("--conv", c.conv,
                 "final sync of writes, counted in the time: fdatasync, fsync "
                 "or none")
      ->capture_default_str();
  app.add_option("--data", c.data, "random (incompressible) or zero")->capture_default_str();
  app.add_flag("--keep", c.keep, "keep the written file");
  app.add_flag("--keep-cache", c.keep_cache, "do not drop the page cache before reading");
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  const bool writes = w->count() > 0, reads = rd->count() > 0;
  const std::uint64_t bs = parse_size("--bs", c.bs).value();
  if (bs == 0 || bs > (1ull << 30)) throw Failure(usage_error("--bs", "must be 1 byte to 1 GiB"));
  const std::uint64_t count = c.count.empty() ? 0 : parse_count("--count", c.count).value();
  if (!c.count.empty() && count == 0) throw Failure(usage_error("--count", "must be more than 0"));
  if (c.data != "random" && c.data != "zero")
    throw Failure(usage_error("--data", fmt::format("'{}' is not one of: random, zero", c.data)));
  const std::string path = choose_path(c, writes);

  Result r;
  r.command = "disk dd";
  r.context = collect_context();
  // --count as used: 1 GiB worth of blocks for a write, "all" for a read to the end.
  const std::uint64_t write_count =
      count != 0 ? count : std::max<std::uint64_t>(1, ((1ull << 30) + bs - 1) / bs);
  const std::string count_text = writes       ? std::to_string(write_count)
                                 : count != 0 ? std::to_string(count)
                                              : "all";
  r.options = {{"path", path},     {"bs", c.bs},     {"count", count_text}, {"oflag", c.oflag},
               {"iflag", c.iflag}, {"conv", c.conv}, {"data", c.data}};
  const bool in_vm = r.context.virtualization != "" && r.context.virtualization != "none";
  StorageTarget target;
  bool created = false;
  const auto cleanup = [&] {
    if (created && !c.keep) ::unlink(path.c_str());
  };
  SignalGuard guard;  // Ctrl-C stops between blocks; the file is still removed
  const StopRequested stop = [&guard] { return guard.stop_requested(); };
  try {
    if (writes) {
      storage::DdWriteSpec spec;
      spec.path = path;
      spec.block_bytes = bs;
      spec.count = write_count;
      spec.oflag = storage::parse_dd_flags("--oflag", c.oflag, "direct,dsync,sync").value();
      spec.conv = storage::parse_dd_conv("--conv", c.conv).value();
      spec.data = c.data == "zero" ? storage::DdData::kZero : storage::DdData::kRandom;
      spec.stop = stop;
      struct stat st {};
      const bool existed = ::stat(path.c_str(), &st) == 0;  // dd_write refuses it (O_EXCL)
      auto t = storage::dd_write(spec);
      created = !existed && ::stat(path.c_str(), &st) == 0;  // only what this run made is removed
      const storage::DdTransfer done = t.value();
      r.phases.push_back(dd_phase("seq_write", done));
      r.interrupted = done.interrupted;
      target = storage::describe_storage(path).value();
      storage::MeasureFacts f;
      f.writes = true;
      f.direct = spec.oflag.direct;
      const bool synced = spec.conv != storage::DdConv::kNone || spec.oflag.dsync ||
                          spec.oflag.sync || spec.oflag.direct;
      if (!synced) {
        f.data_bytes = done.bytes;
        r.warnings.push_back(
            "no final sync (--conv=none): the rate includes data still in the "
            "page cache, as with dd without conv=fdatasync");
      }
      add_warnings(target, storage::storage_warnings(target, f, r.context.memory_bytes, in_vm));
      r.notes.push_back(fmt::format(
          "data: {}{}; {}", c.data,
          c.data == "random" ? " (incompressible, no two 512-byte pieces alike)" : "",
          spec.conv == storage::DdConv::kNone
              ? "no final sync (--conv=none)"
              : "the final " + c.conv + " is counted in the time, as with dd conv=" + c.conv));
    }
    if (reads && !r.interrupted) {
      storage::DdReadSpec spec;
      spec.path = path;
      spec.block_bytes = bs;
      spec.count = count;
      spec.iflag = storage::parse_dd_flags("--iflag", c.iflag, "direct").value();
      spec.drop_cache = !c.keep_cache;
      spec.stop = stop;
      const storage::DdTransfer done = storage::dd_read(spec).value();
      r.interrupted = done.interrupted;
      Phase p = dd_phase("seq_read", done);
      p.metrics.push_back({"cached_pct", 100.0 * done.cached_fraction, "%"});
      r.phases.push_back(std::move(p));
      if (target.path.empty()) target = storage::describe_storage(path).value();
      storage::MeasureFacts f;
      f.reads = true;
      f.direct = spec.iflag.direct;
      f.cache_dropped = done.cache_dropped;
      f.data_bytes = done.bytes;
      f.read_mb_per_s = done.seconds > 0 ? static_cast<double>(done.bytes) / 1e6 / done.seconds : 0;
      auto more = storage::storage_warnings(target, f, r.context.memory_bytes, in_vm);
      if (done.cached_fraction > 0.1) {
        more.insert(more.begin(),
                    {StorageWarningKind::kReadFromPageCache,
                     fmt::format("{:.0f}% of the data was in the page cache before the read{}: "
                                 "this read measured memory; drop the cache or use "
                                 "--iflag=direct",
                                 100.0 * done.cached_fraction,
                                 c.keep_cache ? " (--keep-cache)" : " (the drop was refused)")});
      }
      add_warnings(target, std::move(more));
    }
  } catch (...) {
    cleanup();
    throw;
  }
  cleanup();
  if (created && !c.keep) r.notes.push_back(path + " removed (--keep keeps it)");
  r.storage.push_back(std::move(target));
  return emit_result(r, output, save, write_dd_text, io);
}

}  // namespace hostmark
