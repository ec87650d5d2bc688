#include "commands/doctor/storage_assess.h"

#include <fmt/format.h>

namespace hostmark::doctor {
namespace {

bool is_latency(const std::string& key) { return key.size() > 3 && key.ends_with("_us"); }

}  // namespace

std::string storage_figure_label(const std::string& key) {
  if (key == kReadQd1P50) return "random 4K read p50 (QD1)";
  if (key == kReadQd1P99) return "random 4K read p99 (QD1)";
  if (key == kWriteQd1P50) return "random 4K write p50 (QD1)";
  if (key == kWriteQd1P99) return "random 4K write p99 (QD1)";
  if (key == kReadQd32Iops) return "random 4K read (QD32)";
  if (key == kWriteQd32Iops) return "random 4K write (QD32)";
  if (key == kSeqReadMbPerS) return "sequential read";
  return key;
}

std::string storage_figure_value(const StorageFigure& f) {
  if (is_latency(f.key)) {
    if (f.value >= 1000) return fmt::format("{:.3g} ms", f.value / 1000);
    return fmt::format("{:.3g} us", f.value);
  }
  if (f.key.ends_with("_iops")) return fmt::format("{:.0f} IOPS", f.value);
  return fmt::format("{:.1f} MB/s", f.value);
}

Finding assess_storage(const std::vector<StorageFigure>& measured, const std::string& where,
                       bool direct) {
  Finding f;
  f.area = "storage";
  const DeviceClass& base = baseline_device_class();
  const StorageFigure* worst = nullptr;
  double worst_times = 0;
  for (const auto& m : measured) {
    f.numbers.push_back({m.key, m.value,
                         is_latency(m.key)          ? "us"
                         : m.key.ends_with("_iops") ? "IOPS"
                                                    : "MB/s"});
    std::string line = fmt::format("{} = {}", storage_figure_label(m.key), storage_figure_value(m));
    for (const auto& t : base.figures) {
      if (t.key != m.key) continue;
      if (const auto times = times_worse(m, t.value)) {
        line += fmt::format(" ({} {}: {})", base.name,
                            storage_figure_value({t.key, t.value, t.higher_is_better}),
                            *times >= 1 ? fmt::format("{:.1f}x slower", *times)
                                        : fmt::format("{:.1f}x faster", 1 / *times));
        if (worst == nullptr || *times > worst_times) {
          worst = &m;
          worst_times = *times;
        }
      }
    }
    f.evidence.push_back(line);
  }
  f.evidence.push_back(fmt::format("measured on {}{}", where,
                                   direct ? " with O_DIRECT"
                                          : " without O_DIRECT (refused here: the page cache "
                                            "answered, as it does for programs)"));
  if (worst == nullptr) {
    f.measured = false;
    f.summary = "storage: nothing measured";
    return f;
  }
  const std::string worst_text =
      fmt::format("{} = {}", storage_figure_label(worst->key), storage_figure_value(*worst));
  const DeviceClass* looks_like = closest_device_class(measured);
  if (looks_like != nullptr)
    f.evidence.push_back(fmt::format("closest typical device: {}", looks_like->name));
  if (worst_times < kStorageWarnTimes) {
    f.summary = fmt::format("storage within {:g}x of {} on every probe (worst: {})",
                            kStorageWarnTimes, base.name, worst_text);
    return f;
  }
  f.score = worst_times;
  f.summary = fmt::format("{}, {:.0f}x {}", worst_text, worst_times, base.name);
  if (worst_times >= kStorageBottleneckTimes) {
    f.severity = Severity::kBottleneck;
    f.conclusion = "storage is the bottleneck";
  } else {
    f.severity = Severity::kWarning;
  }
  // A hint only when the figures look like a slower class than the baseline (HDD, SD card).
  if (looks_like != nullptr && looks_like > &base) f.hint = fmt::format("{}?", looks_like->name);
  return f;
}

}  // namespace hostmark::doctor
