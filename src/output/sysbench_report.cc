#include "output/sysbench_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/build_info.h"

namespace hostmark {
namespace {

double metric_or(const Phase& p, const std::string& name, double fallback = 0) {
  const Metric* m = p.metric(name);
  return m ? m->value : fallback;
}

std::string percentile_label(double p) { return fmt::format("{}th percentile:", p); }

void write_test_section(const Result& r, const Phase& p, std::ostream& out) {
  if (r.command == "sysbench cpu") {
    out << "CPU speed:\n"
        << fmt::format("    events per second: {:8.2f}\n\n", metric_or(p, "events_per_s"));
  } else if (r.command == "sysbench memory") {
    out << fmt::format("Total operations: {} ({:8.2f} per second)\n\n",
                       static_cast<std::uint64_t>(metric_or(p, "operations")),
                       metric_or(p, "operations_per_s"));
    if (p.metric("transferred_mib") != nullptr) {
      out << fmt::format("{:.2f} MiB transferred ({:.2f} MiB/sec)\n\n",
                         metric_or(p, "transferred_mib"), metric_or(p, "transferred_mib_per_s"));
    }
    out << '\n';
  } else if (r.command == "sysbench fileio") {
    out << "\nFile operations:\n"
        << fmt::format("    reads/s:                      {:.2f}\n", metric_or(p, "reads_per_s"))
        << fmt::format("    writes/s:                     {:.2f}\n", metric_or(p, "writes_per_s"))
        << fmt::format("    fsyncs/s:                     {:.2f}\n\n", metric_or(p, "fsyncs_per_s"))
        << "Throughput:\n"
        << fmt::format("    read, MiB/s:                  {:.2f}\n", metric_or(p, "read_mib_per_s"))
        << fmt::format("    written, MiB/s:               {:.2f}\n\n",
                       metric_or(p, "written_mib_per_s"));
  } else if (p.metric("queries_total") != nullptr) {  // the OLTP tests
    const auto n = [&p](const char* name) {
      return static_cast<std::uint64_t>(metric_or(p, name));
    };
    out << "SQL statistics:\n"
        << "    queries performed:\n"
        << fmt::format("        read:                            {}\n", n("queries_read"))
        << fmt::format("        write:                           {}\n", n("queries_write"))
        << fmt::format("        other:                           {}\n", n("queries_other"))
        << fmt::format("        total:                           {}\n", n("queries_total"))
        << fmt::format("    transactions:                        {:<6} ({:.2f} per sec.)\n",
                       n("transactions"), metric_or(p, "transactions_per_s"))
        << fmt::format("    queries:                             {:<6} ({:.2f} per sec.)\n",
                       n("queries_total"), metric_or(p, "queries_per_s"))
        << fmt::format("    ignored errors:                      {:<6} ({:.2f} per sec.)\n",
                       n("ignored_errors"), metric_or(p, "ignored_errors_per_s"))
        << fmt::format("    reconnects:                          {:<6} ({:.2f} per sec.)\n\n",
                       n("reconnects"), metric_or(p, "reconnects_per_s"));
  } else {
    out << '\n';
  }
}

void write_histogram(const std::vector<std::pair<double, std::uint64_t>>& buckets,
                     std::ostream& out) {
  std::uint64_t most = 1;
  for (const auto& b : buckets) most = std::max(most, b.second);
  out << "Latency histogram (values are in milliseconds)\n";
  out << "       value  ------------- distribution ------------- count\n";
  for (const auto& [value_ms, count] : buckets) {
    const auto stars = static_cast<std::size_t>(
        std::floor(static_cast<double>(count) * 40.0 / static_cast<double>(most) + 0.5));
    out << fmt::format("{:12.3f} |{:<40} {}\n", value_ms,
                       std::string(std::max<std::size_t>(stars, 1), '*'), count);
  }
  out << " \n";
}

}  // namespace

std::string sysbench_banner() {
  return std::string("sysbench 1.0.20 compatible (hostmark ") + build::kVersion + ")";
}

void write_sysbench_header(const SysbenchHeader& h, std::ostream& out) {
  out << "Running the test with following options:\n";
  out << "Number of threads: " << h.threads << '\n';
  if (h.rate_per_s > 0) out << fmt::format("Target transaction rate: {}/sec\n", h.rate_per_s);
  if (h.report_interval_s > 0)
    out << "Report intermediate results every " << h.report_interval_s << " second(s)\n";
  if (!h.checkpoints_s.empty())
    out << fmt::format("Report checkpoint(s) at {} seconds\n", fmt::join(h.checkpoints_s, ", "));
  if (h.validate) out << "Validation checks: on.\n\n";
  if (h.warmup_s > 0) out << "Warmup time: " << h.warmup_s << "s\n";
  if (h.seed == 0) out << "Initializing random number generator from current time\n";
  else out << "Initializing random number generator from seed (" << h.seed << ").\n";
  out << "\n\n";
  for (const auto& line : h.test_lines) out << line << '\n';
  out << "Initializing worker threads...\n\n";
  if (h.threads_started) out << "Threads started!\n\n";
  out.flush();
}

std::string format_sysbench_interval(const IntervalSample& s, double percentile) {
  return fmt::format("[ {}s ] thds: {} eps: {:.2f} lat (ms,{}%): {:.2f}", std::llround(s.time_s),
                     s.threads, s.events_per_s, percentile,
                     static_cast<double>(s.latency_pct_ns) / 1e6);
}

void write_sysbench_report(const Result& r, const SysbenchReportOptions& o, std::ostream& out) {
  if (r.phases.empty()) return;
  const Phase& p = r.phases.front();
  if (!o.histogram.empty()) write_histogram(o.histogram, out);
  write_test_section(r, p, out);
  const LatencyStats l = p.latency.value_or(LatencyStats{});
  out << "General statistics:\n";
  out << fmt::format("    total time:                          {:.4f}s\n", p.duration_s);
  out << fmt::format("    total number of events:              {}\n\n", l.count);
  out << "Latency (ms):\n";
  const auto ms = [](double ns) { return ns / 1e6; };
  out << fmt::format("         {:<34}{:10.2f}\n", "min:", ms(static_cast<double>(l.min_ns)));
  out << fmt::format("         {:<34}{:10.2f}\n", "avg:", ms(l.mean_ns));
  out << fmt::format("         {:<34}{:10.2f}\n", "max:", ms(static_cast<double>(l.max_ns)));
  if (o.percentile > 0 && !l.percentiles_ns.empty()) {
    out << fmt::format("         {:<34}{:10.2f}\n", percentile_label(o.percentile),
                       ms(static_cast<double>(l.percentiles_ns.front().second)));
  } else {
    out << "         percentile stats:               disabled\n";
  }
  out << fmt::format("         {:<34}{:10.2f}\n\n", "sum:", ms(static_cast<double>(l.sum_ns)));
  const Fairness f = p.fairness.value_or(Fairness{});
  out << "Threads fairness:\n";
  out << fmt::format("    events (avg/stddev):           {:.4f}/{:3.2f}\n", f.events_avg,
                     f.events_stddev);
  out << fmt::format("    execution time (avg/stddev):   {:.4f}/{:3.2f}\n\n", f.exec_time_s_avg,
                     f.exec_time_s_stddev);
  if (r.interrupted)
    out << "(interrupted: the figures cover the events that completed before the signal)\n";
  for (const auto& w : r.warnings) out << "WARNING: " << w << '\n';
  out.flush();
}

}  // namespace hostmark
