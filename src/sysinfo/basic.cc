#include "sysinfo/basic.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "sysinfo/arm_cpu.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

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

std::string read_trimmed_file(const std::string& path) {
  return std::string(trim(read_text_file(path)));
}

std::string hostname() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
}

std::string cpu_model() { return cpu_model_from_cpuinfo(read_text_file("/proc/cpuinfo")); }

int online_cpus() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 0;
}

std::uint64_t memory_total_bytes() {
  const std::string v = first_field(read_text_file("/proc/meminfo"), "MemTotal");
  if (v.empty()) return 0;
  return std::stoull(v) * 1024;  // "24604224 kB"
}

std::string virtualization() {
  // A hypervisor says more about benchmark figures than a container does, so it is asked first.
  const std::string vendor = read_trimmed_file("/sys/class/dmi/id/sys_vendor") + " " +
                             read_trimmed_file("/sys/class/dmi/id/product_name") + " " +
                             read_trimmed_file("/sys/class/dmi/id/bios_vendor");
  if (contains(vendor, "Firecracker")) return "firecracker";
  if (contains(vendor, "VirtualBox") || contains(vendor, "innotek")) return "virtualbox";
  if (contains(vendor, "VMware")) return "vmware";
  if (contains(vendor, "Microsoft")) return "hyperv";
  if (contains(vendor, "Xen")) return "xen";
  if (contains(vendor, "QEMU") || contains(vendor, "KVM")) return "kvm";
  if (contains(read_text_file("/proc/cmdline"), "firecracker")) return "firecracker";
  const std::string flags = first_field(read_text_file("/proc/cpuinfo"), "flags");
  if (contains(flags, " hypervisor")) return trim(vendor).empty() ? "kvm" : "unknown-hypervisor";
  if (access("/.dockerenv", F_OK) == 0 || access("/run/.containerenv", F_OK) == 0)
    return "container";
  return flags.empty() ? "" : "none";
}

}  // namespace hostmark::sysinfo
