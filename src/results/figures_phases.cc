#include "results/figures_phases.h"

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <regex>

#include "results/storage.h"

namespace hostmark::figures_detail {
namespace {

using figure_keys::size_text;

void add(std::vector<Figure>& out, Figure f) {
  if (!f.key.empty()) out.push_back(std::move(f));
}

std::optional<double> phase_metric(const Phase& p, std::string_view name) {
  for (const auto& m : p.metrics)
    if (m.name == name) return m.value;
  return std::nullopt;
}

// "1M" -> 1 MiB, "128K" -> 128 KiB (CrystalDiskMark's block sizes in test names).
std::uint64_t cdm_size(std::string_view text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end + 1 != text.data() + text.size()) return 0;
  switch (*end) {
    case 'K': return n << 10;
    case 'M': return n << 20;
    case 'G': return n << 30;
    default: return 0;
  }
}

}  // namespace

std::string option(const Result& r, std::string_view name, std::string_view fallback) {
  for (const auto& [k, v] : r.options)
    if (k == name) return v;
  return std::string(fallback);
}

void cpu_phase(const Phase& p, std::string_view name, std::uint64_t max_prime,
               std::vector<Figure>& out) {
  if (name != "single-thread" && name != "all-threads") return;
  const auto events = phase_metric(p, "events_per_s");
  const auto threads = phase_metric(p, "threads");
  if (!events || !threads) return;
  add(out, figure_keys::cpu_prime(max_prime, static_cast<int>(*threads), *events));
}

void memory_phase(const Phase& p, std::string_view name, std::vector<Figure>& out) {
  if (name == "bandwidth") {
    const auto threads = phase_metric(p, "threads");
    if (!threads) return;
    for (const char* kernel : {"copy", "scale", "add", "triad"}) {
      if (const auto v = phase_metric(p, std::string(kernel) + "_gb_per_s"))
        add(out, figure_keys::stream_bandwidth(kernel, static_cast<int>(*threads), *v));
    }
  } else if (name == "latency") {
    for (const char* level : {"l1", "l2", "l3", "dram"}) {
      if (const auto v = phase_metric(p, std::string(level) + "_ns"))
        add(out, figure_keys::load_latency(level, *v));
    }
  } else if (name == "sysbench-style") {
    if (const auto v = phase_metric(p, "block_1k_mib_per_s"))
      add(out, figure_keys::sysbench_style_memory(1024, *v));
    if (const auto v = phase_metric(p, "block_1m_mib_per_s"))
      add(out, figure_keys::sysbench_style_memory(1u << 20, *v));
  }
}

void disk_phase(const Phase& p, std::string_view name, std::vector<Figure>& out) {
  static const std::regex kName(R"((SEQ|RND)(\d+[KMG]) Q(\d+)T(\d+) (read|write|mix))");
  std::cmatch m;
  if (!std::regex_match(name.begin(), name.end(), m, kName)) return;
  figure_keys::FioJobSettings s;  // every `hostmark disk` test: libaio, O_DIRECT
  const bool random = m[1] == "RND";
  const std::string direction = m[5];
  s.block_bytes = cdm_size(m[2].str());
  s.iodepth = static_cast<std::uint32_t>(std::stoul(m[3]));
  s.numjobs = static_cast<std::uint32_t>(std::stoul(m[4]));
  if (direction == "mix") {
    s.rw = random ? "randrw" : "rw";
    s.rwmixread = storage::kMixReadPercent;
  } else {
    s.rw = (random ? "rand" : "") + direction;
  }
  if (s.block_bytes == 0) return;
  for (const char* name_of :
       {"mb_per_s", "read_mb_per_s", "write_mb_per_s", "iops", "lat_mean_us", "lat_p99_us"}) {
    if (const auto v = phase_metric(p, name_of)) add(out, figure_keys::fio_job(s, name_of, *v));
  }
}

void fs_phase(const Phase& p, std::string_view name, const figure_keys::FsSettings& o,
              std::vector<Figure>& out) {
  const auto rate = phase_metric(p, "mb_per_s");
  if (name == "putc" || name == "getc") {
    if (!rate) return;
    const std::string io = o.char_stdio ? "stdio" : "syscall";
    add(out, figure_keys::fs_test(
                 fmt::format("fs.bonnie_char.size={}.io={}", size_text(o.char_bytes), io),
                 fmt::format("(per char, {} {})", size_text(o.char_bytes), io), name, "mb_per_s",
                 "MB/s", *rate));
  } else if (name == "put_block" || name == "rewrite" || name == "get_block") {
    if (!rate) return;
    add(out, figure_keys::fs_test(
                 fmt::format("fs.bonnie.size={}.chunk={}.drop_cache={}", size_text(o.size_bytes),
                             size_text(o.chunk_bytes), o.drop_cache ? "yes" : "no"),
                 fmt::format("(file {}, chunk {}{})", size_text(o.size_bytes),
                             size_text(o.chunk_bytes), o.drop_cache ? "" : ", cache kept"),
                 name, "mb_per_s", "MB/s", *rate));
  } else if (name == "seeks") {
    if (const auto v = phase_metric(p, "rate")) {
      add(out, figure_keys::fs_test(
                   fmt::format("fs.bonnie_seeks.size={}.chunk={}.seekers={}",
                               size_text(o.size_bytes), size_text(o.chunk_bytes), o.seekers),
                   fmt::format("(file {}, {} seekers)", size_text(o.size_bytes), o.seekers), name,
                   "seeks_per_s", "seeks/s", *v));
    }
  } else if (name.starts_with("seq_") || name.starts_with("ran_")) {
    if (const auto v = phase_metric(p, "rate")) {
      add(out, figure_keys::fs_test(fmt::format("fs.files.count={}.size={}-{}.dirs={}.threads={}",
                                                o.file_count(), size_text(o.file_min_bytes),
                                                size_text(o.file_max_bytes), o.dirs, o.threads),
                                    fmt::format("({} files of {}-{}, {} dirs, {} thread(s))",
                                                o.file_count(), size_text(o.file_min_bytes),
                                                size_text(o.file_max_bytes), o.dirs, o.threads),
                                    name, "files_per_s", "files/s", *v));
    }
  }
}

void db_phase(const Phase& p, std::string_view name, figure_keys::OltpSettings base,
              std::vector<Figure>& out) {
  if (name == "read-write") base.test = "read_write";
  else if (name == "read-only") base.test = "read_only";
  else if (name == "point-select") base.test = "point_select";
  else return;
  if (const auto t = phase_metric(p, "threads")) base.threads = static_cast<int>(*t);
  if (const auto v = phase_metric(p, "tps")) add(out, figure_keys::oltp(base, "tps", *v));
  if (const auto v = phase_metric(p, "qps")) add(out, figure_keys::oltp(base, "qps", *v));
}

}  // namespace hostmark::figures_detail
