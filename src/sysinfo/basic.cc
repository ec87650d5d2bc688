#include "sysinfo/basic.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace hostmark::sysinfo {
namespace {

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\n");
  return s.substr(b, e - b + 1);
}

// Value of the first "key : value" line of a /proc-style file.
std::string proc_field(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    if (trim(line.substr(0, colon)) == key) return trim(line.substr(colon + 1));
  }
  return "";
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

std::string read_text_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string hostname() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
}

std::string cpu_model() {
  const std::string info = read_text_file("/proc/cpuinfo");
  for (const char* key : {"model name", "Hardware", "Model", "cpu model", "CPU part"}) {
    std::string v = proc_field(info, key);
    if (!v.empty()) return v;
  }
  return "";
}

int online_cpus() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 0;
}

std::uint64_t memory_total_bytes() {
  const std::string v = proc_field(read_text_file("/proc/meminfo"), "MemTotal");
  if (v.empty()) return 0;
  return std::stoull(v) * 1024;  // "24604224 kB"
}

std::string virtualization() {
  // A hypervisor says more about benchmark figures than a container does, so it is asked first.
  const std::string vendor = trim(read_text_file("/sys/class/dmi/id/sys_vendor")) + " " +
                             trim(read_text_file("/sys/class/dmi/id/product_name")) + " " +
                             trim(read_text_file("/sys/class/dmi/id/bios_vendor"));
  if (contains(vendor, "Firecracker")) return "firecracker";
  if (contains(vendor, "VirtualBox") || contains(vendor, "innotek")) return "virtualbox";
  if (contains(vendor, "VMware")) return "vmware";
  if (contains(vendor, "Microsoft")) return "hyperv";
  if (contains(vendor, "Xen")) return "xen";
  if (contains(vendor, "QEMU") || contains(vendor, "KVM")) return "kvm";
  if (contains(read_text_file("/proc/cmdline"), "firecracker")) return "firecracker";
  const std::string flags = proc_field(read_text_file("/proc/cpuinfo"), "flags");
  if (contains(flags, " hypervisor")) return trim(vendor).empty() ? "kvm" : "unknown-hypervisor";
  if (access("/.dockerenv", F_OK) == 0 || access("/run/.containerenv", F_OK) == 0) return "container";
  return flags.empty() ? "" : "none";
}

}  // namespace hostmark::sysinfo
