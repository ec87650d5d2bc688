#include "output/host_info_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/units.h"

namespace hostmark {
namespace {

using Row = std::vector<std::string>;

constexpr int kLabelWidth = 20;

void field(std::ostream& out, std::string_view label, std::string_view value) {
  out << fmt::format("  {:<{}}{}\n", label, kLabelWidth, value.empty() ? "unknown" : value);
}

std::string or_dash(const std::string& s) { return s.empty() ? "-" : s; }

std::string plural(long long n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// Rows padded to the widest cell of each column; the last column is not padded.
void table(std::ostream& out, const std::vector<Row>& rows) {
  std::vector<std::size_t> width;
  for (const auto& r : rows) {
    width.resize(std::max(width.size(), r.size()));
    for (std::size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], r[c].size());
  }
  for (const auto& r : rows) {
    std::string line = " ";
    for (std::size_t c = 0; c < r.size(); ++c) {
      line += c == 0 ? " " : "  ";
      line += c + 1 == r.size() ? r[c] : fmt::format("{:<{}}", r[c], width[c]);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << '\n';
  }
}

// "loop0-7, loop9" for loop device names; other names are listed as they are.
std::string compress_loop_names(const std::vector<std::string>& names) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < names.size();) {
    std::size_t j = i;
    const auto num = [&names](std::size_t k) { return std::atoi(names[k].c_str() + 4); };
    while (j + 1 < names.size() && num(j + 1) == num(j) + 1) ++j;
    parts.push_back(j == i ? names[i] : fmt::format("{}-{}", names[i], num(j)));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

void write_host(const sysinfo::HostInfo& h, std::ostream& out) {
  out << "Host\n";
  field(out, "Hostname", h.hostname);
  field(out, "OS", h.os);
  field(out, "Kernel", h.kernel_release + (h.kernel_version.empty() ? "" : " " + h.kernel_version));
  field(out, "Architecture", h.arch);
  field(out, "Virtualization", h.virtualization);
}

void write_cpu(const sysinfo::CpuTopology& c, std::ostream& out) {
  out << "\nCPU\n";
  field(out, "Model", c.model + (c.vendor.empty() ? "" : " (" + c.vendor + ")"));
  std::string topo = c.sockets > 0 ? plural(c.sockets, "socket", "sockets") + ", " : "";
  if (c.cores > 0) topo += plural(c.cores, "core", "cores") + ", ";
  topo += plural(c.threads, "thread", "threads");
  if (c.cores > 0 && c.threads == c.cores) {
    topo += " (no SMT)";
  } else if (c.cores > 0 && c.threads % c.cores == 0) {
    topo += fmt::format(" ({} per core)", plural(c.threads / c.cores, "thread", "threads"));
  } else if (c.cores > 0) {
    topo += " (SMT on some cores)";
  }
  field(out, "Topology", topo);
  std::vector<std::string> freq;
  if (c.max_mhz > 0) freq.push_back(fmt::format("max {:.0f} MHz", c.max_mhz));
  if (c.base_mhz > 0) freq.push_back(fmt::format("base {:.0f} MHz", c.base_mhz));
  if (c.current_mhz > 0) freq.push_back(fmt::format("current {:.0f} MHz", c.current_mhz));
  std::string f = fmt::format("{}", fmt::join(freq, ", "));
  if (c.max_mhz == 0 && !f.empty()) f += " (no cpufreq: max and base unknown)";
  field(out, "Frequency", f);
}

// Board model when there is one, every thermal zone ("not reported" when none), and the Pi
// firmware's throttling when it reports (absent on other hosts, so not mentioned there).
void write_board(const sysinfo::BoardInfo& b, std::ostream& out) {
  if (!b.model.empty()) field(out, "Board", b.model);
  std::vector<std::string> temps;
  for (const auto& z : b.thermal_zones) {
    temps.push_back(fmt::format("{} {:.1f} C", z.type.empty() ? z.zone : z.type, z.celsius));
  }
  field(out, "Temperature",
        temps.empty() ? "not reported" : fmt::format("{}", fmt::join(temps, ", ")));
  if (b.throttling) {
    const auto conditions = sysinfo::throttling_conditions(*b.throttling);
    field(out, "Throttling",
          fmt::format("{} ({:#x}, {})",
                      conditions.empty() ? "none" : fmt::format("{}", fmt::join(conditions, ", ")),
                      b.throttling->bits, b.throttling->source));
  }
}

void write_caches(const std::vector<sysinfo::CacheLevel>& caches, std::ostream& out) {
  const bool from_cpuid = !caches.empty() && caches.front().source == "cpuid";
  out << (from_cpuid ? "\nCaches (from CPUID; /sys lists none)\n" : "\nCaches\n");
  if (caches.empty()) field(out, "-", "not described by /sys or CPUID");
  for (const auto& c : caches) {
    const char* suffix = c.type == "Data" ? "d" : c.type == "Instruction" ? "i" : "";
    std::string v = format_bytes_binary(c.size_bytes);
    if (c.ways > 0) v += fmt::format(", {}-way", c.ways);
    if (c.line_bytes > 0) v += fmt::format(", {} B lines", c.line_bytes);
    if (c.shared_by_cpus > 0) v += ", shared by " + plural(c.shared_by_cpus, "CPU", "CPUs");
    field(out, fmt::format("L{}{}", c.level, suffix), v);
  }
}

void write_memory(const sysinfo::MemoryInfo& m, std::ostream& out) {
  const auto& s = m.sizes;
  out << "\nMemory\n";
  field(out, "Total", format_bytes_binary(s.total_bytes));
  field(out, "Available", format_bytes_binary(s.available_bytes));
  field(out, "Swap",
        s.swap_total_bytes == 0
            ? "none"
            : fmt::format("{} ({} free)", format_bytes_binary(s.swap_total_bytes),
                          format_bytes_binary(s.swap_free_bytes)));
  field(out, "Huge page size",
        s.hugepage_size_bytes == 0
            ? ""
            : fmt::format("{} ({} reserved)", format_bytes_binary(s.hugepage_size_bytes),
                          plural(static_cast<long long>(s.hugepages_total), "page", "pages")));
  std::string type = m.type.empty() ? "unknown type" : m.type;
  type += m.speed_mts > 0 ? fmt::format(", {} MT/s", m.speed_mts) : ", unknown speed";
  if (m.populated_dimms > 0) type += ", " + plural(m.populated_dimms, "module", "modules");
  if (!m.unknown_reason.empty()) type = "unknown (" + m.unknown_reason + ")";
  field(out, "Type and speed", type);
}

void write_block_devices(const sysinfo::BlockDeviceScan& scan, std::ostream& out) {
  out << "\nBlock devices\n";
  if (!scan.error.empty()) field(out, "-", "cannot list: " + scan.error);
  std::vector<Row> rows = {{"NAME", "KIND", "MODEL", "DRIVER", "SIZE", "SECTOR L/P", "ROTATIONAL",
                            "SCHEDULER", "NOTES"}};
  for (const auto& d : scan.devices) {
    std::vector<std::string> notes;
    if (d.removable) notes.emplace_back("removable");
    if (d.read_only) notes.emplace_back("read-only");
    if (!d.backing_file.empty()) notes.push_back("backed by " + d.backing_file);
    // A vendor name ("ATA", "WDC") prefixes the model; a PCI ID ("0x1af4") is left to JSON.
    const bool named_vendor =
        !d.vendor.empty() && d.vendor.rfind("0x", 0) != 0 && d.model.rfind(d.vendor, 0) != 0;
    const std::string model =
        named_vendor ? d.vendor + (d.model.empty() ? "" : " " + d.model) : d.model;
    rows.push_back({d.name, d.is_virtual ? "virtual" : "disk", or_dash(model), or_dash(d.driver),
                    format_bytes_binary(d.size_bytes),
                    fmt::format("{}/{} B", d.logical_sector_bytes, d.physical_sector_bytes),
                    d.rotational ? "yes" : "no", or_dash(d.scheduler),
                    fmt::format("{}", fmt::join(notes, ", "))});
  }
  if (rows.size() > 1) table(out, rows);
  if (!scan.unbacked_loop_devices.empty()) {
    out << fmt::format("  Not listed: {} with no backing file ({})\n",
                       plural(static_cast<long long>(scan.unbacked_loop_devices.size()),
                              "loop device", "loop devices"),
                       compress_loop_names(scan.unbacked_loop_devices));
  }
}

void write_filesystem(const sysinfo::FilesystemInfo& f, std::ostream& out) {
  out << "\nFilesystem of " << f.path << '\n';
  if (f.resolved_path != f.path) field(out, "Resolved path", f.resolved_path);
  field(out, "Mount point",
        f.mount_point.empty() ? "unknown (not in /proc/self/mountinfo)" : f.mount_point);
  field(out, "Type",
        f.fs_type == f.statfs_type ? f.fs_type : f.fs_type + " (statfs: " + f.statfs_type + ")");
  field(out, "Source",
        f.source + (f.block_device.empty() || f.source == "/dev/" + f.block_device
                        ? ""
                        : " (block device " + f.block_device + ")"));
  field(out, "Mount options", f.mount_options);
  field(out, "Superblock options", f.super_options);
  field(out, "Size", format_bytes_binary(f.size_bytes));
  field(out, "Free",
        fmt::format("{} ({} available without root)", format_bytes_binary(f.free_bytes),
                    format_bytes_binary(f.available_bytes)));
  field(out, "Block size", fmt::format("{} B", f.block_size_bytes));
}

}  // namespace

void write_host_info_text(const sysinfo::HostInfo& info, std::ostream& out) {
  write_host(info, out);
  write_cpu(info.cpu, out);
  write_board(info.board, out);
  write_caches(info.caches, out);
  write_memory(info.memory, out);
  write_block_devices(info.block_devices, out);
  if (info.filesystem) write_filesystem(*info.filesystem, out);
}

}  // namespace hostmark
