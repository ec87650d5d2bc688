#include "results/figure_keys.h"

#include <fmt/format.h>

#include <array>

namespace hostmark::figure_keys {
namespace {

std::string threads_text(int threads) {
  return fmt::format("{} thread{}", threads, threads == 1 ? "" : "s");
}

Figure make(std::string key, std::string label, double value, std::string unit,
            bool higher_is_better = true) {
  return Figure{std::move(key), std::move(label), value, std::move(unit), higher_is_better};
}

// CrystalDiskMark's spelling of a block size: "4K", "1M", "128K".
std::string short_size(std::uint64_t bytes) {
  std::string s = size_text(bytes);
  if (s.size() > 3 && s.ends_with("iB")) s.resize(s.size() - 2);
  return s;
}

}  // namespace

std::string size_text(std::uint64_t bytes) {
  constexpr std::array<const char*, 5> kUnits = {"B", "KiB", "MiB", "GiB", "TiB"};
  std::size_t unit = 0;
  while (bytes != 0 && unit + 1 < kUnits.size() && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return fmt::format("{}{}", bytes, kUnits[unit]);
}

Figure cpu_prime(std::uint64_t max_prime, int threads, double events_per_s) {
  const std::string prime = max_prime == 10000 ? "" : fmt::format(", max-prime {}", max_prime);
  return make(
      fmt::format("cpu.sysbench_prime.max_prime={}.threads={}.events_per_s", max_prime, threads),
      fmt::format("CPU: sysbench prime, {}{} [events/s]", threads_text(threads), prime),
      events_per_s, "events/s");
}

Figure sysbench_memory(const SysbenchMemorySettings& s, double mib_per_s) {
  return make(
      fmt::format("memory.sysbench.block={}.oper={}.mode={}.scope={}.threads={}.mib_per_s",
                  size_text(s.block_bytes), s.oper, s.mode, s.scope, s.threads),
      fmt::format("Memory: sysbench {} {} {}{}, {} [MiB/s]", s.oper, size_text(s.block_bytes),
                  s.mode, s.scope == "global" ? "" : " " + s.scope, threads_text(s.threads)),
      mib_per_s, "MiB/s");
}

Figure stream_bandwidth(std::string_view kernel, int threads, double gb_per_s) {
  return make(fmt::format("memory.stream.{}.threads={}.gb_per_s", kernel, threads),
              fmt::format("Memory: STREAM {}, {} [GB/s]", kernel, threads_text(threads)), gb_per_s,
              "GB/s");
}

Figure load_latency(std::string_view level, double ns) {
  std::string upper(level);
  for (char& c : upper) c = static_cast<char>(c & ~0x20);  // "l1" -> "L1", "dram" -> "DRAM"
  return make(fmt::format("memory.load_latency.{}.ns", level),
              fmt::format("Memory: {} load latency [ns]", upper), ns, "ns", false);
}

Figure sysbench_style_memory(std::uint64_t block_bytes, double mib_per_s) {
  return make(
      fmt::format("memory.hostmark_sysbench_style.block={}.mib_per_s", size_text(block_bytes)),
      fmt::format("Memory: sysbench-style write {}, hostmark timing [MiB/s]",
                  size_text(block_bytes)),
      mib_per_s, "MiB/s");
}

Figure sysbench_fileio(const FileioSettings& s, std::string_view direction, double mib_per_s) {
  std::string key = fmt::format(
      "fileio.sysbench.mode={}.block={}.io_mode={}.fsync_freq={}.total={}.threads={}", s.mode,
      size_text(s.block_bytes), s.io_mode, s.fsync_freq, size_text(s.total_bytes), s.threads);
  std::string extra;
  if (!s.extra_flags.empty()) {
    key += ".extra=" + s.extra_flags;
    extra += ", " + s.extra_flags;
  }
  if (s.mode == "rndrw") {
    key += ".rw_ratio=" + s.rw_ratio;
    extra += ", r/w " + s.rw_ratio;
  }
  key += fmt::format(".{}_mib_per_s", direction);
  return make(std::move(key),
              fmt::format("Storage: sysbench fileio {} {} {}, fsync-freq {}, {} files{}, {} "
                          "[{} MiB/s]",
                          s.mode, size_text(s.block_bytes), s.io_mode, s.fsync_freq,
                          size_text(s.total_bytes), extra, threads_text(s.threads), direction),
              mib_per_s, "MiB/s");
}

Figure fio_job(const FioJobSettings& s, std::string_view metric, double value) {
  struct MetricInfo {
    std::string_view name, unit, what;
    bool higher_is_better;
  };
  constexpr std::array kMetrics = {
      MetricInfo{"mb_per_s", "MB/s", "MB/s", true},
      MetricInfo{"read_mb_per_s", "MB/s", "read MB/s", true},
      MetricInfo{"write_mb_per_s", "MB/s", "write MB/s", true},
      MetricInfo{"iops", "IOPS", "IOPS", true},
      MetricInfo{"lat_mean_us", "us", "mean latency us", false},
      MetricInfo{"lat_p99_us", "us", "p99 latency us", false},
  };
  const MetricInfo* info = nullptr;
  for (const auto& m : kMetrics)
    if (m.name == metric) info = &m;
  if (info == nullptr) return {};
  const bool mixed = s.rw == "rw" || s.rw == "randrw";
  const std::string mix = mixed ? fmt::format(".rwmixread={}", s.rwmixread) : "";
  std::string key = fmt::format("fio.rw={}{}.bs={}.ioengine={}.iodepth={}.numjobs={}.direct={}.{}",
                                s.rw, mix, size_text(s.block_bytes), s.ioengine, s.iodepth,
                                s.numjobs, s.direct ? 1 : 0, metric);
  // CrystalDiskMark's name of the test ("RND4K Q32T1 read"), then what is not its default.
  const bool random = s.rw.starts_with("rand");
  std::string direction = mixed                    ? fmt::format("mix {}% read", s.rwmixread)
                          : s.rw.ends_with("read") ? "read"
                                                   : "write";
  std::string label = fmt::format("Storage: {}{} Q{}T{} {}", random ? "RND" : "SEQ",
                                  short_size(s.block_bytes), s.iodepth, s.numjobs, direction);
  if (s.ioengine != "libaio" || !s.direct)
    label += fmt::format(" ({}, {})", s.ioengine, s.direct ? "direct" : "buffered");
  label += fmt::format(" [{}]", info->what);
  return make(std::move(key), std::move(label), value, std::string(info->unit),
              info->higher_is_better);
}

Figure hdparm_cached_reads(double mib_per_s) {
  return make("hdparm.cached_reads.mib_per_s",
              "Storage: hdparm -T cached reads [MiB/s, hdparm's MB]", mib_per_s, "MiB/s");
}

Figure hdparm_disk_reads(bool direct, double mib_per_s) {
  return make(fmt::format("hdparm.disk_reads.direct={}.mib_per_s", direct ? 1 : 0),
              fmt::format("Storage: hdparm -t{} disk reads [MiB/s, hdparm's MB]",
                          direct ? " --direct" : ""),
              mib_per_s, "MiB/s");
}

Figure dd_write(const DdWriteSettings& s, double mb_per_s) {
  const std::string oflag = s.oflag.empty() ? "none" : s.oflag;
  return make(fmt::format("dd.write.bs={}.count={}.conv={}.oflag={}.data={}.mb_per_s",
                          size_text(s.block_bytes), s.count, s.conv, oflag, s.data),
              fmt::format("Storage: dd write bs={} count={} conv={} oflag={} {} data [MB/s]",
                          size_text(s.block_bytes), s.count, s.conv, oflag, s.data),
              mb_per_s, "MB/s");
}

Figure dd_read(const DdReadSettings& s, double mb_per_s) {
  const std::string iflag = s.iflag.empty() ? "none" : s.iflag;
  return make(fmt::format("dd.read.bs={}.count={}.iflag={}.mb_per_s", size_text(s.block_bytes),
                          s.count, iflag),
              fmt::format("Storage: dd read bs={} count={} iflag={} [MB/s]",
                          size_text(s.block_bytes), s.count, iflag),
              mb_per_s, "MB/s");
}

Figure oltp(const OltpSettings& s, std::string_view metric, double value) {
  if (metric != "tps" && metric != "qps") return {};
  return make(fmt::format("oltp.{}.driver={}.tables={}.table_size={}.threads={}.{}", s.test,
                          s.driver, s.tables, s.table_size, s.threads, metric),
              fmt::format("Database: oltp_{} on {}, {} x {} rows, {} [{}]", s.test, s.driver,
                          s.tables, s.table_size, threads_text(s.threads),
                          metric == "tps" ? "transactions/s" : "queries/s"),
              value, metric == "tps" ? "transactions/s" : "queries/s");
}

Figure fs_test(const std::string& scope_key, const std::string& scope_label, std::string_view test,
               std::string_view metric, std::string_view unit, double value) {
  return make(fmt::format("{}.{}.{}", scope_key, test, metric),
              fmt::format("Filesystem: {} {} [{}]", test, scope_label, unit), value,
              std::string(unit));
}

}  // namespace hostmark::figure_keys
