#include "output/bonnie_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "output/table.h"

namespace hostmark::fsbench {
namespace {

constexpr std::array kDataTests = {"putc", "put_block", "rewrite", "getc", "get_block", "seeks"};

const Phase* find_phase(const Result& r, const std::string& name) {
  for (const auto& p : r.phases)
    if (p.name == name) return &p;
  return nullptr;
}

std::string bonnie_option(const Result& r, const std::string& name) {
  for (const auto& [k, v] : r.options)
    if (k == name) return v;
  return "";
}

// The phase bonnie++ shows in a file column: its "Read" is our read pass when files have data
// (bonnie++ stats and reads them), else our stat pass.
const Phase* file_phase(const Result& r, const std::string& round, const std::string& op) {
  if (op == "stat" && bonnie_option(r, "file-max") != "0") {
    if (const Phase* p = find_phase(r, fmt::format("{}_read", round))) return p;
  }
  return find_phase(r, fmt::format("{}_{}", round, op));
}

std::vector<const Phase*> file_phases(const Result& r) {
  std::vector<const Phase*> v;
  for (const char* round : {"seq", "ran"})
    for (const char* op : {"create", "stat", "delete"}) v.push_back(file_phase(r, round, op));
  return v;
}

std::vector<const Phase*> data_phases(const Result& r) {
  std::vector<const Phase*> v;
  for (const char* name : kDataTests) v.push_back(find_phase(r, name));
  return v;
}

bool too_fast(const Phase& p) { return p.duration_s < kTooFastS; }

double rate(const Phase& p) { return p.metric("rate") ? p.metric("rate")->value : 0; }
double cpu(const Phase& p) { return p.metric("cpu_pct") ? p.metric("cpu_pct")->value : 0; }

std::string count_rate(double v) {
  return v < 1000 ? fmt::format("{:.1f}", v) : fmt::format("{:.0f}", v);
}

// The figure of a phase in text ("628k", "14153") or CSV ("628").
std::string text_rate(const Phase& p) {
  if (p.name == "seeks") return count_rate(rate(p));
  if (p.metric("rate")->unit == "KiB/s") return bonnie_kib_rate(rate(p));
  return fmt::format("{:.0f}", rate(p));
}
std::string csv_rate(const Phase& p) {
  return p.name == "seeks" ? count_rate(rate(p)) : fmt::format("{:.0f}", rate(p));
}

std::string text_cells(const Phase* p) {
  if (p == nullptr) return fmt::format(" {:>5} {:>3}", "", "");
  if (too_fast(*p)) return " +++++ +++";
  return fmt::format(" {:>5} {:>3.0f}", text_rate(*p), cpu(*p));
}

std::string latency_row(const std::vector<const Phase*>& phases) {
  std::string line = fmt::format("{:<17}", "Latency");
  for (const Phase* p : phases)
    line += fmt::format(" {:>9}", p && p->latency ? bonnie_latency(p->latency->max_ns) : "");
  return line;
}

std::string files_label(const Result& r, bool with_sizes) {
  std::string s = bonnie_option(r, "files");
  if (with_sizes)
    s = fmt::format("{}:{}:{}", s, bonnie_option(r, "file-max"), bonnie_option(r, "file-min"));
  const std::string dirs = bonnie_option(r, "dirs");
  if (!dirs.empty() && dirs != "0") s = fmt::format("{}/{}", s, dirs);
  return s;
}

}  // namespace

std::string bonnie_kib_rate(double k) {
  if (k < 10000) return fmt::format("{:.0f}k", k);
  const double m = k / 1024;
  if (m < 100) return fmt::format("{:.1f}m", m);
  if (m < 1000) return fmt::format("{:.0f}m", m);
  return fmt::format("{:.1f}g", m / 1024);
}

std::string bonnie_latency(std::uint64_t ns) {
  const std::uint64_t us = ns / 1000;
  if (us < 100000) return fmt::format("{}us", us);
  if (us / 1000 < 100000) return fmt::format("{}ms", us / 1000);
  return fmt::format("{}s", us / 1000000);
}

void write_bonnie_table(const Result& r, std::ostream& out) {
  const std::string version = fmt::format("Version {:<12}", bonnie_option(r, "version"));
  const std::string name = bonnie_option(r, "name");
  const auto data = data_phases(r);
  const bool any_data = std::any_of(data.begin(), data.end(), [](auto* p) { return p; });
  if (any_data) {
    out << version << "------Sequential Output------ --Sequential Input- --Random-\n"
        << "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
        << "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";
    const std::string size = bonnie_option(r, "size-label");
    const std::size_t name_width = size.size() < 18 ? 18 - size.size() : 1;
    std::string row = fmt::format("{:<{}} {}", name.substr(0, name_width), name_width, size);
    for (const Phase* p : data) row += text_cells(p);
    out << row << '\n' << latency_row(data) << '\n';
  }
  const auto files = file_phases(r);
  if (std::any_of(files.begin(), files.end(), [](auto* p) { return p; })) {
    const bool sizes = bonnie_option(r, "file-max") != "0";
    out << version << "------Sequential Create------ --------Random Create--------\n"
        << fmt::format("{:<20}", name.substr(0, 19))
        << "-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
        << fmt::format("{:>19}", sizes ? "files:max:min" : "files")
        << "  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";
    std::string row = fmt::format("{:>19}", files_label(r, sizes));
    for (const Phase* p : files) row += text_cells(p);
    out << row << '\n' << latency_row(files) << '\n';
  }
}

std::string bonnie_csv_line(const Result& r) {
  std::vector<std::string> f = {"1.98", bonnie_option(r, "version"), bonnie_option(r, "name"), "1",
                                bonnie_option(r, "seed")};
  const auto data = data_phases(r);
  const bool any_data = std::any_of(data.begin(), data.end(), [](auto* p) { return p; });
  const std::string chunk = bonnie_option(r, "chunk");
  f.push_back(any_data ? bonnie_option(r, "size-label") : "");
  f.push_back(any_data && chunk != "8192" ? chunk : "");
  f.push_back(any_data ? bonnie_option(r, "seeks") : "");
  f.push_back(any_data ? bonnie_option(r, "seekers") : "");
  auto pair = [&f](const Phase* p) {
    if (p == nullptr) {
      f.insert(f.end(), {"", ""});
    } else if (too_fast(*p)) {
      f.insert(f.end(), {"+++++", "+++"});
    } else {
      f.push_back(csv_rate(*p));
      f.push_back(fmt::format("{:.0f}", cpu(*p)));
    }
  };
  for (const Phase* p : data) pair(p);
  const auto files = file_phases(r);
  const bool any_files = std::any_of(files.begin(), files.end(), [](auto* p) { return p; });
  const bool sizes = bonnie_option(r, "file-max") != "0";
  const std::string dirs = bonnie_option(r, "dirs");
  f.push_back(any_files ? bonnie_option(r, "files") : "");
  f.push_back(any_files && sizes ? bonnie_option(r, "file-max") : "");
  f.push_back(any_files && sizes ? bonnie_option(r, "file-min") : "");
  f.push_back(any_files && dirs != "0" ? dirs : "");
  f.push_back("");  // file chunk size: bonnie++'s default
  for (const Phase* p : files) pair(p);
  for (const auto& group : {data, files})
    for (const Phase* p : group)
      f.push_back(p && p->latency ? bonnie_latency(p->latency->max_ns) : "");
  std::string line;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (i > 0) line += ',';
    line += f[i];
  }
  return line;
}

void write_fs_details(const Result& r, std::ostream& out) {
  Table t({"test", "rate", "unit", "%CPU", "p99 latency", "worst latency", "time (s)"});
  auto us = [](std::uint64_t ns) {
    return fmt::format("{:.1f} us", static_cast<double>(ns) / 1e3);
  };
  for (const auto& p : r.phases) {
    const Metric* m = p.metric("rate");
    if (m == nullptr) continue;
    std::string p99 = "-";
    if (p.latency)
      for (const auto& [pct, ns] : p.latency->percentiles_ns)
        if (pct == 99) p99 = us(ns);
    t.add_row({p.name, fmt::format("{:.1f}", m->value), m->unit, fmt::format("{:.0f}", cpu(p)), p99,
               p.latency ? us(p.latency->max_ns) : "-", fmt::format("{:.3f}", p.duration_s)});
  }
  out << t.render();
}

}  // namespace hostmark::fsbench
