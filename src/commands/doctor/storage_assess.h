#pragma once
// The storage check's judgement: the probes' figures against the SATA SSD baseline of
// doctor/device_classes.h. Pure.
#include <string>
#include <vector>

#include "commands/doctor/device_classes.h"
#include "commands/doctor/finding.h"

namespace hostmark::doctor {

// Times worse than a SATA SSD past which storage is a warning / the bottleneck.
inline constexpr double kStorageWarnTimes = 3;
inline constexpr double kStorageBottleneckTimes = 10;

// "random 4K write p99 (QD1)", "random 4K read IOPS (QD32)", "sequential read".
std::string storage_figure_label(const std::string& key);
// "120 ms", "85 us", "2,000 IOPS" -> "2000 IOPS", "42.9 MB/s".
std::string storage_figure_value(const StorageFigure& f);

// `where`: "ext4 on /dev/vda (/var/tmp)" for the evidence; `direct`: the probes used O_DIRECT
// (false: the filesystem refused it, so the page cache answered).
Finding assess_storage(const std::vector<StorageFigure>& measured, const std::string& where,
                       bool direct);

}  // namespace hostmark::doctor
