// iostat -o JSON's document, byte for byte in layout: tabs, key order, "%.2f" numbers.
#include <fmt/format.h>

#include "output/stat_extras_text.h"
#include "output/stat_json.h"

namespace hostmark {
namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", c);
      continue;
    }
    out += c;
  }
  return out + "\"";
}

class IostatJsonWriter final : public StatWriter {
 public:
  IostatJsonWriter(const StatView& view, std::ostream& out) : v_(view), out_(out) {}

  void begin(const StatHost& h) override {
    out_ << "{\"sysstat\": {\n\t\"hosts\": [\n\t\t{\n";
    out_ << fmt::format("\t\t\t\"nodename\": {},\n\t\t\t\"sysname\": {},\n",
                        json_string(h.nodename), json_string(h.sysname));
    out_ << fmt::format("\t\t\t\"release\": {},\n\t\t\t\"machine\": {},\n", json_string(h.release),
                        json_string(h.machine));
    out_ << fmt::format("\t\t\t\"number-of-cpus\": {},\n\t\t\t\"date\": \"{}\",\n", h.cpus,
                        date_time_text(h.start_time_s).substr(0, 8));
    out_ << "\t\t\t\"statistics\": [\n";
    out_.flush();
  }

  void frame(const StatFrame& f) override {
    if (frames_++ > 0) out_ << ",\n";
    out_ << "\t\t\t\t{\n";
    std::vector<std::string> parts;
    if (v_.timestamp)
      parts.push_back(
          fmt::format("\t\t\t\t\t\"timestamp\": \"{}\"", date_time_text(f.report.wall_time_s)));
    if (v_.cpu) parts.push_back(cpu(f.report.cpu));
    if (v_.disk) parts.push_back(disks(f.report));
    for (std::size_t i = 0; i < parts.size(); ++i)
      out_ << parts[i] << (i + 1 < parts.size() ? ",\n" : "\n");
    out_ << "\t\t\t\t}";
    out_.flush();
  }

  void end(const std::optional<monitor::SarSummary>&) override {
    out_ << "\n\t\t\t]\n\t\t}\n\t]\n}}\n";
    out_.flush();
  }

 private:
  static std::string cpu(const monitor::CpuPercent& c) {
    return fmt::format(
        "\t\t\t\t\t\"avg-cpu\":  {{\"user\": {:.2f}, \"nice\": {:.2f}, \"system\": {:.2f}, "
        "\"iowait\": {:.2f}, \"steal\": {:.2f}, \"idle\": {:.2f}}}",
        c.user, c.nice, c.system, c.iowait, c.steal, c.idle);
  }

  std::string disks(const monitor::StatReport& r) const {
    std::string s = "\t\t\t\t\t\"disk\": [\n";
    for (std::size_t i = 0; i < r.devices.size(); ++i) {
      s += "\t\t\t\t\t\t" + device(r.devices[i]) + (i + 1 < r.devices.size() ? ",\n" : "\n");
    }
    return s + "\t\t\t\t\t]";
  }

  std::string device(const monitor::DeviceRow& row) const {
    const auto& x = row.rates;
    const bool mb = v_.megabytes;
    const double per = mb ? 1024.0 : 1.0;
    const std::string u = mb ? "MB" : "kB";
    if (!v_.extended) {
      const auto fctr = mb ? 2048u : 2u;
      return fmt::format(
          "{{\"disk_device\": {}, \"tps\": {:.2f}, \"{u}_read/s\": {:.2f}, \"{u}_wrtn/s\": "
          "{:.2f}, \"{u}_dscd/s\": {:.2f}, \"{u}_read\": {}, \"{u}_wrtn\": {}, \"{u}_dscd\": {}}}",
          json_string(row.name), x.tps, x.rkb_s / per, x.wkb_s / per, x.dkb_s / per,
          x.rd_sectors / fctr, x.wr_sectors / fctr, x.dc_sectors / fctr, fmt::arg("u", u));
    }
    std::string s = fmt::format(
        "{{\"disk_device\": {}, \"r/s\": {:.2f}, \"w/s\": {:.2f}, \"d/s\": {:.2f}, \"f/s\": "
        "{:.2f}, ",
        json_string(row.name), x.r_s, x.w_s, x.d_s, x.f_s);
    s += fmt::format("\"r{u}/s\": {:.2f}, \"w{u}/s\": {:.2f}, \"d{u}/s\": {:.2f}, ", x.rkb_s / per,
                     x.wkb_s / per, x.dkb_s / per, fmt::arg("u", u));
    s += fmt::format(
        "\"rrqm/s\": {:.2f}, \"wrqm/s\": {:.2f}, \"drqm/s\": {:.2f}, \"rrqm\": {:.2f}, \"wrqm\": "
        "{:.2f}, \"drqm\": {:.2f}, ",
        x.rrqm_s, x.wrqm_s, x.drqm_s, x.rrqm_pct, x.wrqm_pct, x.drqm_pct);
    s += fmt::format(
        "\"r_await\": {:.2f}, \"w_await\": {:.2f}, \"d_await\": {:.2f}, \"f_await\": {:.2f}, ",
        x.r_await_ms, x.w_await_ms, x.d_await_ms, x.f_await_ms);
    s += fmt::format(
        "\"rareq-sz\": {:.2f}, \"wareq-sz\": {:.2f}, \"dareq-sz\": {:.2f}, \"aqu-sz\": {:.2f}, "
        "\"util\": {:.2f}}}",
        x.rareq_kb, x.wareq_kb, x.dareq_kb, x.aqu_sz, x.util_pct);
    return s;
  }

  StatView v_;
  std::ostream& out_;
  int frames_ = 0;
};

}  // namespace

std::unique_ptr<StatWriter> make_stat_iostat_json_writer(const StatView& view, std::ostream& out) {
  return std::make_unique<IostatJsonWriter>(view, out);
}

}  // namespace hostmark
