#pragma once
// Prometheus text exposition (format 0.0.4) of block device and CPU counters, with
// node_exporter's disk metric names, labels, units and default device filter, plus hostmark's
// own CPU iowait counter. Pure: the caller collects the samples.
#include <string>
#include <vector>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"

namespace hostmark::exporter {

// A label value escaped as format 0.0.4 says: backslash, double quote and line feed become
// \\, \" and \n.
std::string label_value(const std::string& value);

// node_exporter's default --collector.diskstats.device-exclude,
// ^(z?ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\d+n\d+p)\d+$ : RAM disks, loop and floppy devices,
// and partitions of sd/hd/vd/xvd and NVMe disks.
bool excluded_device(const std::string& name);

// The exposition text: for each device not excluded, node_disk_* counters (seconds and bytes
// from the kernel's milliseconds and 512-byte sectors) labelled {device="NAME"}; discard
// families when the kernel prints them (fields >= 15), flush families when fields >= 17; then
// hostmark_cpu_iowait_seconds_total and node_cpu-style totals from `cpu` in seconds
// (ticks / `ticks_per_s`).
std::string disk_metrics_text(const std::vector<monitor::DiskSample>& disks,
                              const monitor::CpuTimes& cpu, double ticks_per_s);

}  // namespace hostmark::exporter
