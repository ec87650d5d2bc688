#include "commands/sysbench_fileio.h"

#include <fcntl.h>
#include <fmt/format.h>

#include <array>
#include <cmath>
#include <sstream>

#include "cli/units.h"
#include "core/error.h"
#include "workloads/sysbench_fileio_files.h"

namespace hostmark {
namespace {

constexpr std::array kFileioOptions = {
    SbOptionDef{"file-num", SbArgType::kInt, "128", "number of files to create"},
    SbOptionDef{"file-block-size", SbArgType::kSize, "16384",
                "block size to use in all IO operations"},
    SbOptionDef{"file-total-size", SbArgType::kSize, "2G", "total size of files to create"},
    SbOptionDef{"file-test-mode", SbArgType::kString, kSbNoDefault,
                "test mode {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}"},
    SbOptionDef{"file-io-mode", SbArgType::kString, "sync",
                "file operations mode {sync,async,mmap}"},
    SbOptionDef{"file-async-backlog", SbArgType::kInt, "128",
                "number of asynchronous operatons to queue per thread"},
    SbOptionDef{"file-extra-flags", SbArgType::kList, "",
                "list of additional flags to use to open files {sync,dsync,direct}"},
    SbOptionDef{"file-fsync-freq", SbArgType::kInt, "100",
                "do fsync() after this number of requests (0 - don't use fsync())"},
    SbOptionDef{"file-fsync-all", SbArgType::kFlag, "off", "do fsync() after each write operation"},
    SbOptionDef{"file-fsync-end", SbArgType::kFlag, "on", "do fsync() at the end of test"},
    SbOptionDef{"file-fsync-mode", SbArgType::kString, "fsync",
                "which method to use for synchronization {fsync, fdatasync}"},
    SbOptionDef{"file-merged-requests", SbArgType::kInt, "0",
                "merge at most this number of IO requests if possible (0 - don't merge)"},
    SbOptionDef{"file-rw-ratio", SbArgType::kDouble, "1.5", "reads/writes ratio for combined test"},
};

struct ModeName {
  std::string_view name;
  FileioMode mode;
  std::string_view doing;
};
constexpr std::array kModes = {
    ModeName{"seqwr", FileioMode::kSeqwr, "sequential write (creation)"},
    ModeName{"seqrewr", FileioMode::kSeqrewr, "sequential rewrite"},
    ModeName{"seqrd", FileioMode::kSeqrd, "sequential read"},
    ModeName{"rndrd", FileioMode::kRndrd, "random read"},
    ModeName{"rndwr", FileioMode::kRndwr, "random write"},
    ModeName{"rndrw", FileioMode::kRndrw, "random r/w"},
};

// --file-extra-flags: a list of sync, dsync, direct separated by commas (or spaces).
struct ExtraFlags {
  bool sync = false;
  bool dsync = false;
  bool direct = false;
  int open_flags() const {
    return (sync ? O_SYNC : 0) | (dsync ? O_DSYNC : 0) | (direct ? O_DIRECT : 0);
  }
  // sysbench's spelling: "(none)", or "sync dsync directio" (each of the first two followed by
  // a space, as sysbench prints them).
  std::string text() const {
    std::string s =
        std::string(sync ? "sync " : "") + (dsync ? "dsync " : "") + (direct ? "directio" : "");
    return s.empty() ? "(none)" : s;
  }
};

ExtraFlags parse_extra_flags(const std::string& text) {
  ExtraFlags f;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    std::istringstream words(item);
    std::string w;
    while (words >> w) {
      if (w == "sync") f.sync = true;
      else if (w == "dsync") f.dsync = true;
      else if (w == "direct") f.direct = true;
      else
        throw Failure(
            usage_error("--file-extra-flags", fmt::format("'{}' is not sync, dsync or direct", w)));
    }
  }
  return f;
}

std::string flags_text(const SbArgs& a, SbGroups g) {
  return parse_extra_flags(a.text(g, "file-extra-flags")).text();
}

std::uint64_t thread_count(const SbArgs& a, SbGroups g) {
  if (a.has("num-threads") && !a.has("threads")) return a.count(g, "num-threads");
  return a.count(g, "threads");
}

double per_second(std::uint64_t n, std::uint64_t wall_ns) {
  return wall_ns ? static_cast<double>(n) * 1e9 / static_cast<double>(wall_ns) : 0;
}

}  // namespace

std::span<const SbOptionDef> fileio_options() { return kFileioOptions; }

FileioSpec fileio_spec(const SbArgs& a, SbGroups g, bool need_mode) {
  FileioSpec s;
  s.file_num = a.count(g, "file-num");
  if (s.file_num == 0) throw Failure(usage_error("--file-num", "must be at least 1"));
  s.total_bytes = a.size(g, "file-total-size");
  s.block_bytes = a.size(g, "file-block-size");
  if (s.block_bytes == 0) throw Failure(usage_error("--file-block-size", "must not be 0"));
  if (s.block_bytes > (1ull << 30))
    throw Failure(usage_error("--file-block-size", "must be at most 1G"));
  if (s.file_bytes() < s.block_bytes) {
    throw Failure(usage_error(
        "--file-total-size",
        fmt::format("{} bytes over {} files is less than one --file-block-size block ({} bytes)",
                    s.total_bytes, s.file_num, s.block_bytes)));
  }
  const std::string mode = a.text(g, "file-test-mode");
  bool found = false;
  for (const auto& m : kModes) {
    if (m.name == mode) {
      s.mode = m.mode;
      found = true;
    }
  }
  if (!found && (need_mode || !mode.empty())) {
    throw Failure(with_peer_text(
        usage_error(
            "--file-test-mode",
            mode.empty()
                ? std::string("missing: one of seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw")
                : fmt::format("'{}' is not seqwr, seqrewr, seqrd, rndrd, rndwr or rndrw", mode)),
        mode.empty() ? std::string("FATAL: Missing required argument: --file-test-mode\n")
                     : fmt::format("FATAL: Invalid IO operations mode: {}.", mode)));
  }
  const std::string io = a.text(g, "file-io-mode");
  if (io == "sync") s.io = FileioIo::kSync;
  else if (io == "async") s.io = FileioIo::kAsync;
  else if (io == "mmap") s.io = FileioIo::kMmap;
  else throw Failure(usage_error("--file-io-mode", "'" + io + "' is not sync, async or mmap"));
  const std::uint64_t backlog = a.count(g, "file-async-backlog");
  if (backlog == 0 || backlog > 65536)
    throw Failure(usage_error("--file-async-backlog", "must be in 1..65536"));
  s.async_backlog = static_cast<unsigned>(backlog);
  s.open_flags = parse_extra_flags(a.text(g, "file-extra-flags")).open_flags();
  s.fsync_freq = a.count(g, "file-fsync-freq");
  s.fsync_all = a.flag(g, "file-fsync-all");
  s.fsync_end = a.flag(g, "file-fsync-end");
  const std::string fsync_mode = a.text(g, "file-fsync-mode");
  if (fsync_mode != "fsync" && fsync_mode != "fdatasync")
    throw Failure(
        usage_error("--file-fsync-mode", "'" + fsync_mode + "' is not fsync or fdatasync"));
  s.fdatasync = fsync_mode == "fdatasync";
  s.rw_ratio = a.number(g, "file-rw-ratio");
  if (!(s.rw_ratio >= 0)) throw Failure(usage_error("--file-rw-ratio", "must not be negative"));
  s.merged_requests = a.count(g, "file-merged-requests");
  if (s.merged_requests > 1 && s.merged_requests * s.block_bytes > (1ull << 30))
    throw Failure(usage_error("--file-merged-requests",
                              "merged requests must be at most 1G (with --file-block-size)"));
  s.validate = a.flag(g, "validate");
  return s;
}

std::unique_ptr<Workload> make_fileio(const SbArgs& a, SbGroups g, std::uint64_t seed) {
  FileioSpec s = fileio_spec(a, g, true);
  s.seed = seed;
  return std::make_unique<FileioWorkload>(s, static_cast<int>(thread_count(a, g)));
}

std::vector<std::string> fileio_lines(const SbArgs& a, SbGroups g) {
  const FileioSpec s = fileio_spec(a, g, true);
  std::vector<std::string> l;
  l.push_back("Extra file open flags: " + flags_text(a, g));
  const auto size = [](std::uint64_t bytes) {
    return sysbench_size_text(static_cast<double>(bytes));
  };
  l.push_back(fmt::format("{} files, {} each", s.file_num, size(s.file_bytes())));
  l.push_back(fmt::format("{} total file size", size(s.file_bytes() * s.file_num)));
  l.push_back(fmt::format("Block size {}", size(s.block_bytes)));
  const std::uint64_t merged = a.count(g, "file-merged-requests");
  if (merged > 0)
    l.push_back(
        fmt::format("Merging requests up to {} for sequential IO.", size(merged * s.block_bytes)));
  if (s.random()) {
    const bool alias = a.has("max-requests") && !a.has("events");
    l.push_back(
        fmt::format("Number of IO requests: {}", a.count(g, alias ? "max-requests" : "events")));
    l.push_back(fmt::format("Read/Write ratio for combined random IO test: {:.2f}", s.rw_ratio));
  }
  if (s.fsync_all) {
    l.emplace_back("Calling fsync() after each write operation.");
  } else {
    if (s.fsync_freq > 0)
      l.push_back(
          fmt::format("Periodic FSYNC enabled, calling fsync() each {} requests.", s.fsync_freq));
    if (s.fsync_end) l.emplace_back("Calling fsync() at the end of test, Enabled.");
  }
  if (s.io == FileioIo::kSync) l.emplace_back("Using synchronous I/O mode");
  else if (s.io == FileioIo::kAsync) l.emplace_back("Using asynchronous I/O mode");
  else l.emplace_back("Using fast mmaped I/O mode");
  if (s.validate) l.emplace_back("Using checksums validation.");
  for (const auto& m : kModes)
    if (m.mode == s.mode) l.push_back(fmt::format("Doing {} test", m.doing));
  return l;
}

void fileio_metrics(const SbArgs& a, SbGroups g, const Workload& workload, const RunOutcome& o,
                    std::vector<Metric>& m) {
  const auto& w = dynamic_cast<const FileioWorkload&>(workload);
  if (!w.end_error().empty()) throw Failure(run_error("sysbench fileio", w.end_error()));
  // The part of the run the outcome covers (after warm-up, since the last checkpoint).
  const auto* part = dynamic_cast<const FileioPart*>(o.own_counts.get());
  const FileioTotals t = part != nullptr ? part->totals : w.totals();
  const double mib = 1024.0 * 1024.0;
  const double seconds = static_cast<double>(o.wall_ns) / 1e9;
  const auto rate = [seconds](double x) { return seconds > 0 ? x / seconds : 0; };
  m.push_back({"reads", static_cast<double>(t.reads), "requests"});
  m.push_back({"writes", static_cast<double>(t.writes), "requests"});
  m.push_back({"fsyncs", static_cast<double>(t.fsyncs), "requests"});
  m.push_back({"read_bytes", static_cast<double>(t.read_bytes), "bytes"});
  m.push_back({"written_bytes", static_cast<double>(t.written_bytes), "bytes"});
  m.push_back({"reads_per_s", per_second(t.reads, o.wall_ns), "requests/s"});
  m.push_back({"writes_per_s", per_second(t.writes, o.wall_ns), "requests/s"});
  m.push_back({"fsyncs_per_s", per_second(t.fsyncs, o.wall_ns), "requests/s"});
  m.push_back({"read_mib_per_s", rate(static_cast<double>(t.read_bytes) / mib), "MiB/s"});
  m.push_back({"written_mib_per_s", rate(static_cast<double>(t.written_bytes) / mib), "MiB/s"});
  m.push_back({"read_mb_per_s", rate(static_cast<double>(t.read_bytes) / 1e6), "MB/s"});
  m.push_back({"written_mb_per_s", rate(static_cast<double>(t.written_bytes) / 1e6), "MB/s"});
  if (fileio_spec(a, g, true).io == FileioIo::kAsync && t.completion.count() > 0) {
    const double p = a.number(g, "percentile") > 0 ? a.number(g, "percentile") : 95;
    m.push_back({"async_completion_latency_avg_ms", t.completion.mean_ns() / 1e6, "ms"});
    m.push_back({"async_completion_latency_p" + fmt::format("{}", p) + "_ms",
                 static_cast<double>(t.completion.percentile_ns(p)) / 1e6, "ms"});
    m.push_back({"async_completion_latency_max_ms",
                 static_cast<double>(t.completion.max_ns()) / 1e6, "ms"});
  }
}

int fileio_prepare(const SbArgs& a, SbGroups g, std::ostream& out) {
  FileioSpec s = fileio_spec(a, g, false);
  s.seed = a.count(g, "rand-seed") + 1;
  prepare_fileio_files(s, flags_text(a, g), out);
  return 0;
}

int fileio_cleanup(const SbArgs& a, SbGroups g, std::ostream& out) {
  cleanup_fileio_files(fileio_spec(a, g, false), out);
  return 0;
}

std::string fileio_interval_line(const Workload& workload, const IntervalSample& sample,
                                 double percentile, std::vector<double>& state) {
  const FileioCounters c = dynamic_cast<const FileioWorkload&>(workload).counters();
  const std::vector<double> now = {sample.time_s, static_cast<double>(c.read_bytes),
                                   static_cast<double>(c.written_bytes),
                                   static_cast<double>(c.fsyncs)};
  if (state.size() != now.size()) state.assign(now.size(), 0.0);
  const double seconds = now[0] - state[0];
  const auto rate = [&](std::size_t i) { return seconds > 0 ? (now[i] - state[i]) / seconds : 0; };
  const double mib = 1024.0 * 1024.0;
  std::string line = fmt::format(
      "[ {}s ] reads: {:.2f} MiB/s writes: {:.2f} MiB/s fsyncs: {:.2f}/s latency (ms,{}%): {:.3f}",
      std::llround(sample.time_s), rate(1) / mib, rate(2) / mib, rate(3), percentile,
      static_cast<double>(sample.latency_pct_ns) / 1e6);
  state = now;
  return line;
}

storage::MeasureFacts fileio_storage_facts(const SbArgs& a, SbGroups g, const Phase& phase) {
  const FileioSpec s = fileio_spec(a, g, true);
  storage::MeasureFacts f;
  f.data_bytes = s.total_bytes;
  f.reads = s.reads();
  f.writes = s.writes();
  f.direct = (s.open_flags & O_DIRECT) != 0;
  const Metric* read = phase.metric("read_mb_per_s");
  f.read_mb_per_s = f.direct || read == nullptr ? 0 : read->value;
  return f;
}

}  // namespace hostmark
