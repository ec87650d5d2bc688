#include "results/result_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

namespace hostmark {
namespace {

using Json = nlohmann::json;

// Where a field is ("phases[3].metrics[2].value"), made into text only when an error names it:
// a reader passes its field's Path down, each level pointing at its parent's (which outlives it:
// a Path lives in a reader's frame or in a call's arguments). Building a string per field read
// took 21% of ResultStoreCrashTest under ASan and 87% of bench/result_json_bench's CPU time.
class Path {
 public:
  Path(const char* root) : key_(root) {}  // NOLINT(google-explicit-constructor): a root's name
  Path(const Path& parent, std::string_view key) : parent_(&parent), key_(key) {}
  Path(const Path& parent, std::size_t index) : parent_(&parent), index_(index), is_index_(true) {}

  std::string str() const {
    std::string out = parent_ != nullptr ? parent_->str() : std::string();
    if (is_index_) return out + fmt::format("[{}]", index_);
    if (parent_ != nullptr && !out.empty()) out += '.';
    return out.append(key_);
  }

 private:
  const Path* parent_ = nullptr;
  std::string_view key_;
  std::size_t index_ = 0;
  bool is_index_ = false;
};

Path at(const Path& path, std::string_view key) { return Path(path, key); }
Path at(const Path& path, std::size_t index) { return Path(path, index); }

// Thrown inside the reader with the path of the bad field; turned into an Error at the top.
struct BadField {
  BadField(const Path& where, std::string reason) : path(where.str()), why(std::move(reason)) {}
  std::string path;
  std::string why;
};

const Json& member(const Json& obj, const std::string& key, const Path& path) {
  const auto it = obj.find(key);
  if (it == obj.end()) throw BadField{at(path, key), "missing"};
  return *it;
}

const Json& object(const Json& j, const Path& path) {
  if (!j.is_object()) throw BadField{path, "not an object"};
  return j;
}
const Json& array(const Json& j, const Path& path) {
  if (!j.is_array()) throw BadField{path, "not an array"};
  return j;
}

std::string text(const Json& j, const Path& path) {
  if (!j.is_string()) throw BadField{path, "not a string"};
  return j.get<std::string>();
}
// JSON null is how the writer spells a NaN.
double number(const Json& j, const Path& path) {
  if (j.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!j.is_number()) throw BadField{path, "not a number"};
  return j.get<double>();
}
// A non-negative double below 2^64 rounded to the nearest count; std::nullopt otherwise. (Not
// llround: its long long ends at 2^63, and 1e19 came back as 9223372036854775808.)
std::optional<std::uint64_t> rounded_count(double v) {
  constexpr double kTwoTo64 = 18446744073709551616.0;
  if (!(v >= 0) || !(std::round(v) < kTwoTo64)) return std::nullopt;
  return static_cast<std::uint64_t>(std::round(v));
}
std::uint64_t count(const Json& j, const Path& path) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer() && j.get<std::int64_t>() >= 0) return j.get<std::uint64_t>();
  if (j.is_number_float())
    if (const auto n = rounded_count(j.get<double>())) return *n;
  throw BadField{path, "not a non-negative integer"};
}
bool flag(const Json& j, const Path& path) {
  if (!j.is_boolean()) throw BadField{path, "not true or false"};
  return j.get<bool>();
}

// Optional members: absent (or null for texts) keeps the default.
void read_text(const Json& obj, const std::string& key, const Path& path, std::string& v) {
  const auto it = obj.find(key);
  if (it != obj.end() && !it->is_null()) v = text(*it, at(path, key));
}
void read_number(const Json& obj, const std::string& key, const Path& path, double& v) {
  const auto it = obj.find(key);
  if (it != obj.end()) v = number(*it, at(path, key));
}
template <class Int>
void read_count(const Json& obj, const std::string& key, const Path& path, Int& v) {
  const auto it = obj.find(key);
  if (it == obj.end()) return;
  const std::uint64_t n = count(*it, at(path, key));
  if (n > static_cast<std::uint64_t>(std::numeric_limits<Int>::max()))
    throw BadField{at(path, key), "out of range"};
  v = static_cast<Int>(n);
}
void read_flag(const Json& obj, const std::string& key, const Path& path, bool& v) {
  const auto it = obj.find(key);
  if (it != obj.end()) v = flag(*it, at(path, key));
}
std::vector<std::string> texts(const Json& obj, const std::string& key, const Path& path) {
  std::vector<std::string> out;
  const auto it = obj.find(key);
  if (it == obj.end()) return out;
  const Path p = at(path, key);
  for (std::size_t i = 0; i < array(*it, p).size(); ++i) out.push_back(text((*it)[i], at(p, i)));
  return out;
}
// {"name": "value", ...} in the order the object lists them.
std::vector<std::pair<std::string, std::string>> text_pairs(const Json& j, const Path& path) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, v] : object(j, path).items()) out.emplace_back(k, text(v, at(path, k)));
  return out;
}

Context read_context(const Json& j, const Path& path) {
  object(j, path);
  Context c;
  c.hostname = text(member(j, "hostname", path), at(path, "hostname"));
  read_text(j, "kernel", path, c.kernel);
  read_text(j, "kernel_version", path, c.kernel_version);
  read_text(j, "arch", path, c.arch);
  read_text(j, "cpu_model", path, c.cpu_model);
  read_count(j, "cpu_count", path, c.cpu_count);
  read_count(j, "memory_bytes", path, c.memory_bytes);
  read_text(j, "virtualization", path, c.virtualization);
  read_text(j, "hostmark_version", path, c.hostmark_version);
  read_text(j, "build_type", path, c.build_type);
  read_text(j, "start_time_utc", path, c.start_time_utc);
  if (const auto it = j.find("start_time_unix_ns"); it != j.end()) {
    if (!it->is_number_integer()) throw BadField{at(path, "start_time_unix_ns"), "not an integer"};
    c.start_time_unix_ns = it->get<std::int64_t>();
  }
  return c;
}

LatencyStats read_latency(const Json& j, const Path& path) {
  object(j, path);
  LatencyStats l;
  read_count(j, "count", path, l.count);
  read_count(j, "min_ns", path, l.min_ns);
  read_count(j, "max_ns", path, l.max_ns);
  read_number(j, "mean_ns", path, l.mean_ns);
  read_number(j, "stddev_ns", path, l.stddev_ns);
  read_count(j, "sum_ns", path, l.sum_ns);
  if (const auto it = j.find("percentiles_ns"); it != j.end()) {
    const Path p = at(path, "percentiles_ns");
    for (const auto& [k, v] : object(*it, p).items()) {
      double pct = 0;
      std::istringstream in(k);
      if (!(in >> pct) || !in.eof() || pct < 0 || pct > 100)
        throw BadField{at(p, k), "not a percentile"};
      l.percentiles_ns.emplace_back(pct, count(v, at(p, k)));
    }
    std::sort(l.percentiles_ns.begin(), l.percentiles_ns.end());
  }
  return l;
}

Fairness read_fairness(const Json& j, const Path& path) {
  object(j, path);
  Fairness f;
  read_number(j, "events_avg", path, f.events_avg);
  read_number(j, "events_stddev", path, f.events_stddev);
  read_number(j, "exec_time_s_avg", path, f.exec_time_s_avg);
  read_number(j, "exec_time_s_stddev", path, f.exec_time_s_stddev);
  return f;
}

IntervalSample read_interval(const Json& j, const Path& path) {
  object(j, path);
  IntervalSample s;
  read_number(j, "time_s", path, s.time_s);
  read_count(j, "threads", path, s.threads);
  read_number(j, "events_per_s", path, s.events_per_s);
  read_count(j, "latency_pct_ns", path, s.latency_pct_ns);
  return s;
}

Series read_series(const Json& j, const Path& path) {
  object(j, path);
  Series s;
  s.name = text(member(j, "name", path), at(path, "name"));
  read_text(j, "x_unit", path, s.x_unit);
  read_text(j, "y_unit", path, s.y_unit);
  if (const auto it = j.find("points"); it != j.end()) {
    const Path p = at(path, "points");
    for (std::size_t i = 0; i < array(*it, p).size(); ++i) {
      const Json& pt = (*it)[i];
      if (!pt.is_array() || pt.size() != 2) throw BadField{at(p, i), "not an [x, y] pair"};
      s.points.emplace_back(number(pt[0], at(p, i)), number(pt[1], at(p, i)));
    }
  }
  return s;
}

std::vector<std::uint64_t> counts(const Json& j, const Path& path) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < array(j, path).size(); ++i) out.push_back(count(j[i], at(path, i)));
  return out;
}

TimeSeries read_time_series(const Json& j, const Path& path) {
  object(j, path);
  TimeSeries s;
  read_count(j, "interval_ms", path, s.interval_ms);
  const Path ep = at(path, "end_ms");
  const Json& ends = array(member(j, "end_ms", path), ep);
  for (std::size_t i = 0; i < ends.size(); ++i) s.end_ms.push_back(number(ends[i], at(ep, i)));
  const std::pair<const char*, std::vector<std::uint64_t>*> columns[] = {
      {"read_ios", &s.read_ios},
      {"write_ios", &s.write_ios},
      {"read_bytes", &s.read_bytes},
      {"write_bytes", &s.write_bytes},
      {"events", &s.events}};
  for (const auto& [name, column] : columns) {
    const auto it = j.find(name);
    if (it == j.end()) continue;
    *column = counts(*it, at(path, name));
    if (column->size() != s.end_ms.size()) throw BadField{at(path, name), "not as long as end_ms"};
  }
  // Readers index every I/O column by sample (report_series.cc): all four or none, and a
  // series with samples has some column.
  if (!s.end_ms.empty()) {
    const bool io = !s.read_ios.empty();
    if (s.write_ios.empty() == io || s.read_bytes.empty() == io || s.write_bytes.empty() == io)
      throw BadField{path, "read_ios, write_ios, read_bytes and write_bytes go together"};
    if (!io && s.events.empty()) throw BadField{path, "no column (I/O counts or events)"};
  }
  return s;
}

std::vector<LatencyBucket> read_buckets(const Json& j, const Path& path) {
  std::vector<LatencyBucket> out;
  for (std::size_t i = 0; i < array(j, path).size(); ++i) {
    const Json& b = j[i];
    if (!b.is_array() || b.size() != 3)
      throw BadField{at(path, i), "not a [lower_ns, upper_ns, count] triple"};
    LatencyBucket bucket{count(b[0], at(path, i)), count(b[1], at(path, i)),
                         count(b[2], at(path, i))};
    if (bucket.upper_ns < bucket.lower_ns ||
        (!out.empty() && bucket.lower_ns <= out.back().upper_ns))
      throw BadField{at(path, i), "buckets must be ascending and disjoint"};
    out.push_back(bucket);
  }
  return out;
}

// The inverse of monitor/monitor_metrics.cc: the same names, in an object.
monitor::DiskRates read_device(const Json& j, const Path& path) {
  object(j, path);
  monitor::DiskRates x;
  const std::pair<const char*, double monitor::DiskRates::*> fields[] = {
      {"r_s", &monitor::DiskRates::r_s},
      {"w_s", &monitor::DiskRates::w_s},
      {"d_s", &monitor::DiskRates::d_s},
      {"f_s", &monitor::DiskRates::f_s},
      {"tps", &monitor::DiskRates::tps},
      {"rkib_s", &monitor::DiskRates::rkb_s},
      {"wkib_s", &monitor::DiskRates::wkb_s},
      {"dkib_s", &monitor::DiskRates::dkb_s},
      {"rrqm_s", &monitor::DiskRates::rrqm_s},
      {"wrqm_s", &monitor::DiskRates::wrqm_s},
      {"drqm_s", &monitor::DiskRates::drqm_s},
      {"rrqm_pct", &monitor::DiskRates::rrqm_pct},
      {"wrqm_pct", &monitor::DiskRates::wrqm_pct},
      {"drqm_pct", &monitor::DiskRates::drqm_pct},
      {"r_await_ms", &monitor::DiskRates::r_await_ms},
      {"w_await_ms", &monitor::DiskRates::w_await_ms},
      {"d_await_ms", &monitor::DiskRates::d_await_ms},
      {"f_await_ms", &monitor::DiskRates::f_await_ms},
      {"rareq_kib", &monitor::DiskRates::rareq_kb},
      {"wareq_kib", &monitor::DiskRates::wareq_kb},
      {"dareq_kib", &monitor::DiskRates::dareq_kb},
      {"aqu_sz", &monitor::DiskRates::aqu_sz},
      {"util_pct", &monitor::DiskRates::util_pct},
  };
  for (const auto& [name, field] : fields) read_number(j, name, path, x.*field);
  const std::pair<const char*, std::uint64_t monitor::DiskRates::*> sectors[] = {
      {"read_kib", &monitor::DiskRates::rd_sectors},
      {"written_kib", &monitor::DiskRates::wr_sectors},
      {"discarded_kib", &monitor::DiskRates::dc_sectors},
  };
  for (const auto& [name, field] : sectors) {
    double kib = 0;
    read_number(j, name, path, kib);
    const auto sectors_512 = rounded_count(kib * 2);
    if (!sectors_512) throw BadField{at(path, name), "not a non-negative number below 2^63 KiB"};
    x.*field = *sectors_512;
  }
  return x;
}

PhaseActivity read_activity(const Json& j, const Path& path) {
  object(j, path);
  PhaseActivity a;
  read_number(j, "interval_s", path, a.interval_s);
  read_text(j, "disk", path, a.disk);
  if (const auto it = j.find("device"); it != j.end() && !it->is_null())
    a.device = read_device(*it, at(path, "device"));
  if (const auto it = j.find("cpu"); it != j.end()) {
    const Path p = at(path, "cpu");
    object(*it, p);
    read_number(*it, "user", p, a.cpu.user);
    read_number(*it, "nice", p, a.cpu.nice);
    read_number(*it, "system", p, a.cpu.system);
    read_number(*it, "iowait", p, a.cpu.iowait);
    read_number(*it, "steal", p, a.cpu.steal);
    read_number(*it, "idle", p, a.cpu.idle);
  }
  read_number(j, "process_cpu_s", path, a.process_cpu_s);
  read_text(j, "util_note", path, a.util_note);
  return a;
}

Phase read_phase(const Json& j, const Path& path) {
  object(j, path);
  Phase p;
  p.name = text(member(j, "name", path), at(path, "name"));
  read_number(j, "duration_s", path, p.duration_s);
  if (const auto it = j.find("metrics"); it != j.end()) {
    const Path mp = at(path, "metrics");
    for (std::size_t i = 0; i < array(*it, mp).size(); ++i) {
      const Path mi = at(mp, i);
      const Json& m = object((*it)[i], mi);
      Metric metric;
      metric.name = text(member(m, "name", mi), at(mi, "name"));
      metric.value = number(member(m, "value", mi), at(mi, "value"));
      read_text(m, "unit", mi, metric.unit);
      p.metrics.push_back(std::move(metric));
    }
  }
  if (const auto it = j.find("latency"); it != j.end() && !it->is_null())
    p.latency = read_latency(*it, at(path, "latency"));
  if (const auto it = j.find("fairness"); it != j.end() && !it->is_null())
    p.fairness = read_fairness(*it, at(path, "fairness"));
  if (const auto it = j.find("intervals"); it != j.end()) {
    const Path ip = at(path, "intervals");
    for (std::size_t i = 0; i < array(*it, ip).size(); ++i)
      p.intervals.push_back(read_interval((*it)[i], at(ip, i)));
  }
  if (const auto it = j.find("series"); it != j.end()) {
    const Path sp = at(path, "series");
    for (std::size_t i = 0; i < array(*it, sp).size(); ++i)
      p.series.push_back(read_series((*it)[i], at(sp, i)));
  }
  if (const auto it = j.find("time_series"); it != j.end() && !it->is_null())
    p.time_series = read_time_series(*it, at(path, "time_series"));
  if (const auto it = j.find("latency_histogram"); it != j.end())
    p.latency_histogram = read_buckets(*it, at(path, "latency_histogram"));
  if (const auto it = j.find("activity"); it != j.end() && !it->is_null())
    p.activity = read_activity(*it, at(path, "activity"));
  return p;
}

StorageWarningKind warning_kind(const std::string& name, const Path& path) {
  for (int k = static_cast<int>(StorageWarningKind::kTmpfs);
       k <= static_cast<int>(StorageWarningKind::kNetworkFilesystem); ++k) {
    const auto kind = static_cast<StorageWarningKind>(k);
    if (name == storage_warning_kind_name(kind)) return kind;
  }
  throw BadField{path, fmt::format("'{}' is not a storage warning kind", name)};
}

StorageTarget read_storage(const Json& j, const Path& path) {
  object(j, path);
  StorageTarget t;
  t.path = text(member(j, "path", path), at(path, "path"));
  read_text(j, "resolved_path", path, t.resolved_path);
  read_flag(j, "is_block_device", path, t.is_block_device);
  read_text(j, "fs_type", path, t.fs_type);
  read_text(j, "mount_point", path, t.mount_point);
  read_text(j, "mount_options", path, t.mount_options);
  read_count(j, "fs_size_bytes", path, t.fs_size_bytes);
  read_count(j, "fs_available_bytes", path, t.fs_available_bytes);
  read_text(j, "device", path, t.device);
  read_text(j, "disk", path, t.disk);
  read_text(j, "model", path, t.model);
  read_text(j, "vendor", path, t.vendor);
  read_text(j, "driver", path, t.driver);
  read_count(j, "disk_size_bytes", path, t.disk_size_bytes);
  read_count(j, "logical_sector_bytes", path, t.logical_sector_bytes);
  read_count(j, "physical_sector_bytes", path, t.physical_sector_bytes);
  read_flag(j, "rotational", path, t.rotational);
  read_text(j, "scheduler", path, t.scheduler);
  read_count(j, "queue_depth", path, t.queue_depth);
  read_text(j, "write_cache", path, t.write_cache);
  read_flag(j, "virtual_disk", path, t.virtual_disk);
  read_text(j, "backing_file", path, t.backing_file);
  if (const auto it = j.find("warnings"); it != j.end()) {
    const Path wp = at(path, "warnings");
    for (std::size_t i = 0; i < array(*it, wp).size(); ++i) {
      const Path wi = at(wp, i);
      const Json& w = object((*it)[i], wi);
      const Path kp = at(wi, "kind");
      StorageWarning warning;
      warning.kind = warning_kind(text(member(w, "kind", wi), kp), kp);
      read_text(w, "text", wi, warning.text);
      t.warnings.push_back(std::move(warning));
    }
  }
  return t;
}

Result read_result(const Json& j) {
  object(j, "result");
  if (const auto it = j.find("schema"); it == j.end() || *it != "hostmark.result")
    throw BadField{"schema", "not a hostmark result (\"schema\": \"hostmark.result\" missing)"};
  const Json& version = member(j, "schema_version", "");
  if (!version.is_number_integer()) throw BadField{"schema_version", "not an integer"};
  if (version.get<std::int64_t>() < 1 || version.get<std::int64_t>() > kSchemaVersion) {
    throw BadField{"schema_version", fmt::format("version {} is not one this build reads (1-{})",
                                                 version.get<std::int64_t>(), kSchemaVersion)};
  }
  Result r;
  r.command = text(member(j, "command", ""), "command");
  r.context = read_context(member(j, "context", ""), "context");
  if (const auto it = j.find("options"); it != j.end()) r.options = text_pairs(*it, "options");
  const Json& phases = array(member(j, "phases", ""), "phases");
  for (std::size_t i = 0; i < phases.size(); ++i)
    r.phases.push_back(read_phase(phases[i], at("phases", i)));
  r.notes = texts(j, "notes", "");
  r.warnings = texts(j, "warnings", "");
  if (const auto it = j.find("storage"); it != j.end()) {
    for (std::size_t i = 0; i < array(*it, "storage").size(); ++i)
      r.storage.push_back(read_storage((*it)[i], at("storage", i)));
  }
  if (const auto it = j.find("server"); it != j.end() && !it->is_null()) {
    object(*it, "server");
    ServerInfo s;
    read_text(*it, "target", "server", s.target);
    read_text(*it, "version", "server", s.version);
    if (const auto st = it->find("settings"); st != it->end())
      s.settings = text_pairs(*st, "server.settings");
    r.server = std::move(s);
  }
  read_flag(j, "interrupted", "", r.interrupted);
  return r;
}

}  // namespace

Expected<Result> result_from_json(const nlohmann::json& j) {
  try {
    return read_result(j);
  } catch (const BadField& bad) {
    return usage_error(bad.path, bad.why);
  }
}

Expected<Result> read_result_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return usage_error(path, "cannot be read (no such file, or no permission)");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    return usage_error(path, fmt::format("not JSON (at byte {})", e.byte));
  }
  auto r = result_from_json(j);
  if (!r) return usage_error(path, r.error().message());
  return r;
}

}  // namespace hostmark
