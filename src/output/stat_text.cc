#include "output/stat_text.h"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

#include "output/stat_extras_text.h"

namespace hostmark {

std::string human_kib(double kib, int width) {
  static constexpr char kUnits[] = {'k', 'M', 'G', 'T', 'P'};
  std::size_t u = 0;
  while (std::fabs(kib) >= 1024 && u + 1 < sizeof kUnits) {
    kib /= 1024;
    ++u;
  }
  return fmt::format("{:{}.1f}{}", kib, width - 1, kUnits[u]);
}

std::string free_human(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "Ki", "Mi", "Gi", "Ti", "Pi"};
  double v = static_cast<double>(bytes);
  std::size_t u = 0;
  while (v >= 1024 && u + 1 < std::size(kUnits)) {
    v /= 1024;
    ++u;
  }
  if (u == 0) return fmt::format("{}B", bytes);
  return v < 10 ? fmt::format("{:.1f}{}", v, kUnits[u])
                : fmt::format("{:.0f}{}", std::round(v), kUnits[u]);
}

namespace {

// One column: a plain number (" %w.2f"), or with -h a size in kB or a percentage.
enum class Kind { kNumber, kSize, kPercent };

std::string cell(double v, int width, Kind kind, bool human) {
  if (!human || kind == Kind::kNumber) return fmt::format(" {:{}.2f}", v, width);
  if (kind == Kind::kSize) return fmt::format(" {}", human_kib(v, width));
  return fmt::format(" {:{}.1f}%", v, width - 1);
}

class StatTextWriter final : public StatWriter {
 public:
  StatTextWriter(const StatView& view, std::ostream& out) : v_(view), out_(out) {}

  void begin(const StatHost& h) override {
    out_ << fmt::format("{} {} ({}) \t{} \t_{}_\t({} CPU)\n\n", h.sysname, h.release, h.nodename,
                        date_time_text(h.start_time_s).substr(0, 8), h.machine, h.cpus);
  }

  void frame(const StatFrame& f) override {
    if (v_.sar) {
      if (!sar_header_done_) write_sar_header(clock_text(f.report.wall_time_s), out_);
      sar_header_done_ = true;
      if (f.sar) write_sar_line(clock_text(f.report.wall_time_s), *f.sar, out_);
    } else {
      if (v_.timestamp) out_ << date_time_text(f.report.wall_time_s) << '\n';
      if (v_.cpu) cpu(f.report.cpu);
      if (v_.disk) devices(f.report);
      out_ << "\n\n";
    }
    if (v_.mem && f.mem) {
      write_memory_load(*f.mem, f.report.wall_time_s, out_);
      out_ << '\n';
    }
    out_.flush();
  }

  void end(const std::optional<monitor::SarSummary>& average) override {
    if (v_.sar && average) write_sar_line("Average:", *average, out_);
    out_.flush();
  }

 private:
  double sectors_unit() const { return v_.megabytes ? 1024.0 : 1.0; }  // kB per shown unit
  std::string units() const { return v_.megabytes ? "MB" : "kB"; }

  void cpu(const monitor::CpuPercent& c) {
    out_ << "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n       ";
    for (double x : {c.user, c.nice, c.system, c.iowait, c.steal, c.idle})
      out_ << cell(x, 7, Kind::kPercent, v_.human);
    out_ << "\n\n";
  }

  void devices(const monitor::StatReport& r) {
    if (!v_.extended) {
      table(r, 0);
    } else if (!v_.human) {
      table(r, -1);
    } else {
      for (int part = 1; part <= 4; ++part) {
        table(r, part);
        if (part < 4) out_ << '\n';
      }
    }
  }

  // part 0: basic report; -1: the whole extended line; 1..4: one part of it (-h).
  void table(const monitor::StatReport& r, int part) {
    header(part);
    for (const auto& row : r.devices) {
      if (!v_.human) out_ << fmt::format("{:<13}", row.name);
      out_ << (part == 0 ? basic(row.rates) : extended(row.rates, part));
      if (v_.human) out_ << ' ' << row.name;
      out_ << '\n';
    }
  }

  void header(int part) {
    const std::string u = units();
    if (!v_.human) out_ << "Device       ";
    if (part == 0) {
      out_ << fmt::format(
          "      tps    {0}_read/s    {0}_wrtn/s    {0}_dscd/s    {0}_read    "
          "{0}_wrtn    {0}_dscd",
          u);
    } else {
      const char* names[] = {"r", "w", "d"};
      for (int p = 1; p <= 3; ++p) {
        if (part != -1 && part != p) continue;
        const std::string n = names[p - 1];
        out_ << fmt::format("     {0}/s     {0}{1}/s   {0}rqm/s  %{0}rqm {0}_await {0}areq-sz", n,
                            u);
      }
      if (part == -1 || part == 4) out_ << "     f/s f_await  aqu-sz  %util";
    }
    if (v_.human) out_ << " Device";
    out_ << '\n';
  }

  std::string basic(const monitor::DiskRates& x) const {
    const double per = sectors_unit();
    const auto fctr = static_cast<std::uint64_t>(2 * per);  // sectors per shown unit
    std::string s = fmt::format(" {:8.2f}", x.tps);
    // -h shows sizes from kB with their own unit letters, whatever -k or -m say (as iostat).
    for (double rate : {x.rkb_s, x.wkb_s, x.dkb_s})
      s += cell(v_.human ? rate : rate / per, 12, Kind::kSize, v_.human);
    for (std::uint64_t sectors : {x.rd_sectors, x.wr_sectors, x.dc_sectors}) {
      s += v_.human ? fmt::format(" {}", human_kib(static_cast<double>(sectors) / 2, 10))
                    : fmt::format(" {:10}", sectors / fctr);
    }
    return s;
  }

  std::string extended(const monitor::DiskRates& x, int part) const {
    const double per = sectors_unit();
    const bool h = v_.human;
    std::string s;
    struct Dir {
      double ops, kb, rqm, rqm_pct, await, areq;
    };
    const Dir dirs[] = {{x.r_s, x.rkb_s, x.rrqm_s, x.rrqm_pct, x.r_await_ms, x.rareq_kb},
                        {x.w_s, x.wkb_s, x.wrqm_s, x.wrqm_pct, x.w_await_ms, x.wareq_kb},
                        {x.d_s, x.dkb_s, x.drqm_s, x.drqm_pct, x.d_await_ms, x.dareq_kb}};
    for (int p = 1; p <= 3; ++p) {
      if (part != -1 && part != p) continue;
      const Dir& d = dirs[p - 1];
      s += cell(d.ops, 7, Kind::kNumber, h) + cell(h ? d.kb : d.kb / per, 9, Kind::kSize, h) +
           cell(d.rqm, 8, Kind::kNumber, h) + cell(d.rqm_pct, 6, Kind::kPercent, h) +
           cell(d.await, 7, Kind::kNumber, h) + cell(d.areq, 8, Kind::kSize, h);
    }
    if (part == -1 || part == 4) {
      s += cell(x.f_s, 7, Kind::kNumber, h) + cell(x.f_await_ms, 7, Kind::kNumber, h) +
           cell(x.aqu_sz, 7, Kind::kNumber, h) + cell(x.util_pct, 6, Kind::kPercent, h);
    }
    return s;
  }

  StatView v_;
  std::ostream& out_;
  bool sar_header_done_ = false;
};

}  // namespace

std::unique_ptr<StatWriter> make_stat_text_writer(const StatView& view, std::ostream& out) {
  return std::make_unique<StatTextWriter>(view, out);
}

}  // namespace hostmark
