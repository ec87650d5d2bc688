// result_figures(): which phases of which command hold comparable figures, and the settings
// their keys need (from the result's options, else the command's documented defaults).
#include "results/figures.h"

#include <array>
#include <charconv>
#include <optional>

#include "cli/units.h"
#include "results/figure_keys.h"
#include "results/figures_phases.h"

namespace hostmark {
namespace {

using figures_detail::option;
namespace fk = figure_keys;

std::optional<std::uint64_t> to_u64(const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// A sysbench size option as sysbench reads it ("1K", "4k", "5G": binary), nullopt when bad.
std::optional<std::uint64_t> sysbench_size(const Result& r, std::string_view name,
                                           std::string_view fallback) {
  const auto v = parse_size(name, option(r, name, fallback));
  return v ? std::optional<std::uint64_t>(v.value()) : std::nullopt;
}

std::optional<std::uint64_t> count_option(const Result& r, std::string_view name,
                                          std::string_view fallback) {
  return to_u64(option(r, name, fallback));
}

bool is_on(const std::string& text) {
  const auto v = parse_flag("", text);
  return v && v.value();
}

const Metric* metric(const Result& r, std::string_view name) {
  if (r.phases.empty()) return nullptr;
  return r.phases.front().metric(std::string(name));
}

void sysbench_cpu(const Result& r, std::vector<Figure>& out) {
  const auto prime = count_option(r, "cpu-max-prime", "10000");
  const auto threads = count_option(r, "threads", "1");
  const Metric* m = metric(r, "events_per_s");
  if (prime && threads && m)
    out.push_back(fk::cpu_prime(*prime, static_cast<int>(*threads), m->value));
}

void add_sysbench_memory(const Result& r, std::vector<Figure>& out) {
  fk::SysbenchMemorySettings s;
  const auto block = sysbench_size(r, "memory-block-size", "1K");
  const auto threads = count_option(r, "threads", "1");
  const Metric* m = metric(r, "transferred_mib_per_s");
  // Huge pages change what is measured; such runs get no figure.
  if (!block || !threads || !m || is_on(option(r, "memory-hugetlb", "off"))) return;
  s.block_bytes = *block;
  s.threads = static_cast<int>(*threads);
  s.oper = option(r, "memory-oper", "write");
  s.mode = option(r, "memory-access-mode", "seq");
  s.scope = option(r, "memory-scope", "global");
  out.push_back(fk::sysbench_memory(s, m->value));
}

void add_sysbench_fileio(const Result& r, std::vector<Figure>& out) {
  fk::FileioSettings s;
  const auto block = sysbench_size(r, "file-block-size", "16384");
  const auto total = sysbench_size(r, "file-total-size", "2G");
  const auto fsync_freq = count_option(r, "file-fsync-freq", "100");
  const auto threads = count_option(r, "threads", "1");
  // fsync after every write, or fdatasync instead of fsync, change the write figures: no key.
  if (!block || !total || !fsync_freq || !threads || is_on(option(r, "file-fsync-all", "off")) ||
      option(r, "file-fsync-mode", "fsync") != "fsync")
    return;
  s.mode = option(r, "file-test-mode", "");
  s.block_bytes = *block;
  s.total_bytes = *total;
  s.fsync_freq = *fsync_freq;
  s.threads = static_cast<int>(*threads);
  s.io_mode = option(r, "file-io-mode", "sync");
  s.extra_flags = option(r, "file-extra-flags", "");
  s.rw_ratio = option(r, "file-rw-ratio", "1.5");
  const bool reads = s.mode == "seqrd" || s.mode == "rndrd" || s.mode == "rndrw";
  const bool writes =
      s.mode == "seqwr" || s.mode == "seqrewr" || s.mode == "rndwr" || s.mode == "rndrw";
  if (reads) {
    if (const Metric* m = metric(r, "read_mib_per_s"))
      out.push_back(fk::sysbench_fileio(s, "read", m->value));
  }
  if (writes) {
    if (const Metric* m = metric(r, "written_mib_per_s"))
      out.push_back(fk::sysbench_fileio(s, "written", m->value));
  }
}

// oltp_common.lua's options that change the queries of a transaction: runs that give any of
// them measure another transaction, so they get no figure.
constexpr std::array<std::string_view, 11> kOltpShapeOptions = {
    "point-selects",   "simple-ranges", "sum-ranges",        "order-ranges",
    "distinct-ranges", "index-updates", "non-index-updates", "delete-inserts",
    "range-size",      "range-selects", "skip-trx"};

void sysbench_oltp(const Result& r, std::string_view test, std::vector<Figure>& out) {
  for (const auto& name : kOltpShapeOptions)
    if (option(r, name, "") != "") return;
  fk::OltpSettings s;
  const auto tables = count_option(r, "tables", "1");
  const auto size = count_option(r, "table-size", "10000");
  const auto threads = count_option(r, "threads", "1");
  if (!tables || !size || !threads) return;
  s.test = std::string(test);
  s.driver = option(r, "db-driver", "sqlite");  // hostmark's default (sysbench's is mysql)
  s.tables = *tables;
  s.table_size = *size;
  s.threads = static_cast<int>(*threads);
  if (const Metric* m = metric(r, "transactions_per_s"))
    out.push_back(fk::oltp(s, "tps", m->value));
  if (const Metric* m = metric(r, "queries_per_s")) out.push_back(fk::oltp(s, "qps", m->value));
}

void sysbench_figures(const Result& r, std::string_view test, std::vector<Figure>& out) {
  if (test == "cpu") sysbench_cpu(r, out);
  else if (test == "memory") add_sysbench_memory(r, out);
  else if (test == "fileio") add_sysbench_fileio(r, out);
  else if (test.starts_with("oltp_")) sysbench_oltp(r, test.substr(5), out);
}

fk::FsSettings fs_settings(const Result& r) {
  fk::FsSettings o;
  o.size_bytes = count_option(r, "size", "0").value_or(0);
  o.chunk_bytes = count_option(r, "chunk", "8192").value_or(8192);
  o.char_bytes = count_option(r, "char-size", "0").value_or(0);
  o.char_stdio = option(r, "char-io", "stdio") != "syscall";
  o.seekers = static_cast<int>(count_option(r, "seekers", "5").value_or(5));
  o.files_k = count_option(r, "files", "16").value_or(16);
  o.file_max_bytes = count_option(r, "file-max", "0").value_or(0);
  o.file_min_bytes = count_option(r, "file-min", "0").value_or(0);
  o.dirs = count_option(r, "dirs", "0").value_or(0);
  o.threads = static_cast<int>(count_option(r, "threads", "1").value_or(1));
  o.drop_cache = option(r, "drop-cache", "no") == "yes";
  return o;
}

fk::OltpSettings db_settings(const Result& r) {
  fk::OltpSettings s;
  s.driver = option(r, "driver", "sqlite");
  s.tables = count_option(r, "tables", "4").value_or(4);
  s.table_size = count_option(r, "table-size", "10000").value_or(10000);
  s.threads = static_cast<int>(count_option(r, "threads", "1").value_or(1));
  return s;
}

void timing_figures(const Result& r, std::vector<Figure>& out) {
  const bool direct = option(r, "direct", "no") == "yes";
  for (const auto& p : r.phases) {
    const Metric* m = p.metric("mib_per_s");
    if (m == nullptr) continue;
    if (p.name == "cached_reads") out.push_back(fk::hdparm_cached_reads(m->value));
    if (p.name == "disk_reads") out.push_back(fk::hdparm_disk_reads(direct, m->value));
  }
}

void dd_figures(const Result& r, std::vector<Figure>& out) {
  const auto bs = sysbench_size(r, "bs", "1M");
  if (!bs) return;
  for (const auto& p : r.phases) {
    const Metric* m = p.metric("mb_per_s");
    if (m == nullptr) continue;
    if (p.name == "seq_write") {
      const auto count = count_option(r, "count", "");
      if (!count) continue;
      fk::DdWriteSettings s{*bs, *count, option(r, "conv", "fdatasync"), option(r, "oflag", ""),
                            option(r, "data", "random")};
      out.push_back(fk::dd_write(s, m->value));
    } else if (p.name == "seq_read") {
      fk::DdReadSettings s{*bs, option(r, "count", "all"), option(r, "iflag", "")};
      out.push_back(fk::dd_read(s, m->value));
    }
  }
}

// The suite's phases are "<step>.<phase>" from the same code as the single commands; the suite
// records the settings of its steps in its options (cpu-max-prime, fs-*, db-*).
void suite_figures(const Result& r, std::vector<Figure>& out) {
  const std::uint64_t max_prime = count_option(r, "cpu-max-prime", "10000").value_or(10000);
  fk::FsSettings fs;  // the suite's fs step runs `hostmark fs`'s defaults but for these
  fs.size_bytes = count_option(r, "fs-size", "0").value_or(0);
  fs.char_bytes = count_option(r, "fs-char-size", "0").value_or(0);
  fs.files_k = count_option(r, "fs-files-k", "0").value_or(0);
  fs.drop_cache = option(r, "fs-drop-cache", "no") == "yes";
  fk::OltpSettings db;
  db.driver = "sqlite";
  db.tables = count_option(r, "db-tables", "0").value_or(0);
  db.table_size = count_option(r, "db-table-size", "0").value_or(0);
  db.threads = static_cast<int>(count_option(r, "db-threads", "1").value_or(1));
  for (const auto& p : r.phases) {
    const auto dot = p.name.find('.');
    if (dot == std::string::npos) continue;
    const std::string_view step = std::string_view(p.name).substr(0, dot);
    const std::string_view name = std::string_view(p.name).substr(dot + 1);
    if (step == "cpu") figures_detail::cpu_phase(p, name, max_prime, out);
    else if (step == "memory") figures_detail::memory_phase(p, name, out);
    else if (step == "fs") figures_detail::fs_phase(p, name, fs, out);
    else if (step == "db") figures_detail::db_phase(p, name, db, out);
    else if (step == "storage") figures_detail::disk_phase(p, name, out);
  }
}

}  // namespace

std::vector<Figure> result_figures(const Result& r) {
  std::vector<Figure> out;
  const std::string_view command = r.command;
  if (command == "suite") {
    suite_figures(r, out);
  } else if (command.starts_with("sysbench ")) {
    sysbench_figures(r, command.substr(9), out);
  } else if (command == "cpu") {
    const std::uint64_t prime = count_option(r, "cpu-max-prime", "10000").value_or(10000);
    for (const auto& p : r.phases) figures_detail::cpu_phase(p, p.name, prime, out);
  } else if (command == "memory") {
    for (const auto& p : r.phases) figures_detail::memory_phase(p, p.name, out);
  } else if (command == "disk") {
    for (const auto& p : r.phases) figures_detail::disk_phase(p, p.name, out);
  } else if (command == "fio") {
    for (const auto& p : r.phases) figures_detail::fio_phase(r, p, out);
  } else if (command == "disk --timing") {
    timing_figures(r, out);
  } else if (command == "disk dd") {
    dd_figures(r, out);
  } else if (command == "fs") {
    const fk::FsSettings o = fs_settings(r);
    for (const auto& p : r.phases) figures_detail::fs_phase(p, p.name, o, out);
  } else if (command == "db") {
    const fk::OltpSettings s = db_settings(r);
    for (const auto& p : r.phases) figures_detail::db_phase(p, p.name, s, out);
  }
  return out;
}

}  // namespace hostmark
