#pragma once
// Typical figures of storage device classes for the doctor's storage probes (4K random QD1
// latency, 4K random QD32 IOPS, sequential read), so that "p99 = 120 ms" can be said as "40x a
// SATA SSD". Orders of magnitude from vendor data sheets and common fio runs, not measurements
// of one device: docs/DOCTOR.md gives each figure with its reasoning. Pure.
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hostmark::doctor {

// The figure keys of the storage probes (doctor/storage_check.h measures them).
inline constexpr const char* kReadQd1P50 = "randread_qd1_p50_us";
inline constexpr const char* kReadQd1P99 = "randread_qd1_p99_us";
inline constexpr const char* kWriteQd1P50 = "randwrite_qd1_p50_us";
inline constexpr const char* kWriteQd1P99 = "randwrite_qd1_p99_us";
inline constexpr const char* kReadQd32Iops = "randread_qd32_iops";
inline constexpr const char* kWriteQd32Iops = "randwrite_qd32_iops";
inline constexpr const char* kSeqReadMbPerS = "seqread_mb_per_s";

struct StorageFigure {
  std::string key;  // one of the k* keys above
  double value = 0;
  bool higher_is_better = false;  // IOPS and MB/s; latencies are lower-is-better
};

struct DeviceClass {
  std::string name;  // "a SATA SSD" (reads in "40x a SATA SSD")
  std::vector<StorageFigure> figures;
};

// NVMe SSD, SATA SSD, 7200 rpm HDD, SD card / USB stick (fastest first, one array: a class
// after the baseline is slower); the SATA SSD is the baseline.
std::span<const DeviceClass> device_classes();
const DeviceClass& baseline_device_class();

// How many times worse `measured` is than `typical` (>1 worse, <1 better): measured/typical for
// latencies, typical/measured for throughputs; nullopt when either is not positive.
std::optional<double> times_worse(const StorageFigure& measured, double typical);

// The device class whose figures are closest to `measured` (geometric mean of times_worse over
// the shared keys, nearest to 1); nullptr when none shares a key.
const DeviceClass* closest_device_class(const std::vector<StorageFigure>& measured);

}  // namespace hostmark::doctor
