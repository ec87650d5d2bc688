#include "results/activity_json.h"

#include "monitor/monitor_metrics.h"

namespace hostmark {
namespace {

nlohmann::json metrics_object(const std::vector<MonitorMetric>& metrics) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& m : metrics) j[m.name] = m.value;
  return j;
}

}  // namespace

nlohmann::json activity_to_json(const PhaseActivity& a) {
  nlohmann::json j = {{"interval_s", a.interval_s},
                      {"disk", a.disk},
                      {"cpu", metrics_object(cpu_metrics(a.cpu))},
                      {"process_cpu_s", a.process_cpu_s}};
  if (a.device) j["device"] = metrics_object(device_metrics(*a.device));
  if (!a.util_note.empty()) j["util_note"] = a.util_note;
  return j;
}

}  // namespace hostmark
