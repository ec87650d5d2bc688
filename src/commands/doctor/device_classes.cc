#include "commands/doctor/device_classes.h"

#include <array>
#include <cmath>

namespace hostmark::doctor {
namespace {

// The figures are explained one by one in docs/DOCTOR.md ("Device classes").
std::vector<StorageFigure> figures(double rr50, double rr99, double rw50, double rw99,
                                   double rr_iops, double rw_iops, double seq_mb) {
  return {{kReadQd1P50, rr50, false},     {kReadQd1P99, rr99, false},
          {kWriteQd1P50, rw50, false},    {kWriteQd1P99, rw99, false},
          {kReadQd32Iops, rr_iops, true}, {kWriteQd32Iops, rw_iops, true},
          {kSeqReadMbPerS, seq_mb, true}};
}

const std::array<DeviceClass, 4>& classes() {
  static const std::array<DeviceClass, 4> kClasses = {
      DeviceClass{"an NVMe SSD", figures(80, 200, 20, 100, 300000, 200000, 2500)},
      DeviceClass{"a SATA SSD", figures(100, 500, 50, 3000, 80000, 60000, 500)},
      DeviceClass{"a 7200 rpm HDD", figures(8000, 25000, 5000, 20000, 300, 250, 150)},
      DeviceClass{"an SD card or USB stick", figures(500, 2000, 2000, 100000, 2000, 300, 40)},
  };
  return kClasses;
}

}  // namespace

std::span<const DeviceClass> device_classes() { return classes(); }

const DeviceClass& baseline_device_class() { return classes()[1]; }

std::optional<double> times_worse(const StorageFigure& measured, double typical) {
  if (measured.value <= 0 || typical <= 0) return std::nullopt;
  return measured.higher_is_better ? typical / measured.value : measured.value / typical;
}

const DeviceClass* closest_device_class(const std::vector<StorageFigure>& measured) {
  const DeviceClass* best = nullptr;
  double best_distance = 0;
  for (const auto& c : classes()) {
    double log_sum = 0;
    int shared = 0;
    for (const auto& m : measured) {
      for (const auto& t : c.figures) {
        if (t.key != m.key) continue;
        if (const auto r = times_worse(m, t.value)) {
          log_sum += std::log(*r);
          ++shared;
        }
      }
    }
    if (shared == 0) continue;
    const double distance = std::fabs(log_sum / shared);
    if (best == nullptr || distance < best_distance) {
      best = &c;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace hostmark::doctor
