// The block-layer side of top's header, from hostmark stat's collectors: whole devices from
// root/sys/block/*/stat (monitor/disk_sample.h) and the CPU line of root/proc/stat
// (monitor/cpu_times.h). "Actual" is the sum over non-virtual devices (as sar -b counts), so a
// loop device and the disk under it are not counted twice; every device that moved data, or
// is not virtual, is listed.
#include <map>

#include "commands/top_session.h"
#include "core/error.h"
#include "monitor/cpu_times.h"
#include "monitor/device_traits.h"
#include "monitor/disk_sample.h"
#include "monitor/proc_file.h"

namespace hostmark::top {
namespace {

class ProcSystemSampler final : public SystemSampler {
 public:
  explicit ProcSystemSampler(std::string root) : root_(std::move(root)) {}

  std::optional<SystemRates> sample() override {
    std::optional<monitor::DiskSnapshot> disks;
    std::optional<monitor::CpuSnapshot> cpu;
    try {
      disks = monitor::collect_disks(root_, false);
      std::string text;
      if (monitor::read_proc_text(root_ + "/proc/stat", text) == 0) {
        cpu = monitor::parse_proc_stat(text);
      }
    } catch (const Failure&) {
      // Not readable this time (a fixture without sys/, a container): no header numbers.
    }
    std::optional<SystemRates> rates;
    if (disks && cpu && previous_disks_ && previous_cpu_ &&
        disks->uptime_ms > previous_disks_->uptime_ms) {
      rates = compute(*previous_disks_, *disks, *previous_cpu_, *cpu);
    }
    previous_disks_ = std::move(disks);
    previous_cpu_ = std::move(cpu);
    return rates;
  }

 private:
  SystemRates compute(const monitor::DiskSnapshot& before, const monitor::DiskSnapshot& after,
                      const monitor::CpuSnapshot& cpu_before,
                      const monitor::CpuSnapshot& cpu_after) {
    SystemRates r;
    const double interval_s = static_cast<double>(after.uptime_ms - before.uptime_ms) / 1000.0;
    for (const auto& d : after.disks) {
      // A device that appeared since the last refresh has no interval yet: its counters since
      // boot are not this refresh's traffic.
      const monitor::DiskSample* old = nullptr;
      for (const auto& b : before.disks)
        if (b.name == d.name) old = &b;
      if (old == nullptr) continue;
      const monitor::DiskRates dr = monitor::disk_rates(*old, d, interval_s);
      const DeviceRate rate{d.name, dr.rkb_s * 1024.0, dr.wkb_s * 1024.0};
      const bool is_virtual = is_virtual_device(d.name);
      if (!is_virtual) {
        r.read_bytes_per_s += rate.read_bytes_per_s;
        r.write_bytes_per_s += rate.write_bytes_per_s;
      }
      if (!is_virtual || rate.read_bytes_per_s > 0 || rate.write_bytes_per_s > 0) {
        r.devices.push_back(rate);
      }
    }
    r.cpu_iowait_pct = monitor::cpu_percent(cpu_before.all, cpu_after.all).iowait;
    return r;
  }

  bool is_virtual_device(const std::string& name) {
    const auto it = virtual_.find(name);
    if (it != virtual_.end()) return it->second;
    const bool v = monitor::device_traits(root_, name).virtual_device;
    virtual_.emplace(name, v);
    return v;
  }

  std::string root_;
  std::optional<monitor::DiskSnapshot> previous_disks_;
  std::optional<monitor::CpuSnapshot> previous_cpu_;
  std::map<std::string, bool> virtual_;  // device_traits is read once per device name
};

}  // namespace

std::unique_ptr<SystemSampler> make_system_sampler(const std::string& root) {
  return std::make_unique<ProcSystemSampler>(root);
}

}  // namespace hostmark::top
