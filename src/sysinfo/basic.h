#pragma once
// Small facts about the host, read without root. Each returns "" or 0 when not readable.
#include <cstdint>
#include <string>

namespace hostmark::sysinfo {

std::string hostname();
std::string cpu_model();             // cpu_model_from_cpuinfo() of /proc/cpuinfo (arm_cpu.h)
int online_cpus();                   // sysconf(_SC_NPROCESSORS_ONLN)
std::uint64_t memory_total_bytes();  // MemTotal of /proc/meminfo
std::string virtualization();  // "kvm", "vmware", "virtualbox", "xen", "hyperv", "firecracker",
                               // "container", "none"; "" when unknown
// Reads a whole small file (from /proc or /sys). "" when it cannot be read.
std::string read_text_file(const std::string& path);
// read_text_file() without leading and trailing white space: "ATA     \n" -> "ATA".
std::string read_trimmed_file(const std::string& path);

}  // namespace hostmark::sysinfo
