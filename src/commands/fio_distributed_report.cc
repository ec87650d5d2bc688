// Rank 0's part of a distributed `hostmark fio`: the aggregate's output and its saved Result.
#include <fmt/format.h>

#include <algorithm>

#include "commands/fio_distributed.h"
#include "commands/result_saving.h"
#include "output/fio_mpi.h"
#include "output/fio_report.h"
#include "output/format.h"
#include "stats/summary.h"

namespace hostmark {
namespace {

constexpr const char* kDirName[] = {"read", "write", "trim"};

// The aggregate as a Result for the results store: one phase per job, bandwidth and IOPS per
// direction, completion latency over every direction.
Result distributed_result(const fio::FioRun& run, const mpi::DistSummary& summary,
                          const std::vector<std::string>& args) {
  Result r;
  r.command = "fio";
  r.context = run.context;
  std::string joined;
  for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
  r.options = {{"arguments", joined},
               {"mpi_ranks", std::to_string(summary.ranks)},
               {"mpi_nodes", std::to_string(summary.nodes)},
               {"placement", summary.placement}};
  for (const auto& j : run.jobs) {
    Phase p;
    p.name = j.options.name;
    Histogram clat;
    std::uint64_t runtime_ns = 0;
    for (int d = 0; d < fio::kDirs; ++d) {
      const auto& dir = j.dirs[d];
      if (dir.total_ios == 0) continue;
      const std::string name = kDirName[d];
      p.metrics.push_back({name + "_mib_per_s",
                           static_cast<double>(dir.bw_bytes_per_s()) / (1024.0 * 1024.0), "MiB/s"});
      p.metrics.push_back({name + "_iops", dir.iops_mean(), "IO/s"});
      p.metrics.push_back({name + "_bytes", static_cast<double>(dir.io_bytes), "bytes"});
      clat.merge(dir.clat);
      runtime_ns = std::max(runtime_ns, dir.runtime_ns);
    }
    p.metrics.push_back({"ranks", static_cast<double>(summary.ranks), "count"});
    if (clat.count()) p.latency = summarize_latency(clat, {50, 90, 95, 99, 99.9});
    p.duration_s = static_cast<double>(runtime_ns) / 1e9;
    r.phases.push_back(std::move(p));
  }
  r.notes.push_back(fmt::format(
      "MPI run over {} ranks on {} host(s): bandwidth = all ranks' bytes / the longest rank's "
      "runtime; latency percentiles from every rank's merged histogram",
      summary.ranks, summary.nodes));
  r.warnings = run.warnings;
  r.storage = run.storage;
  r.interrupted = run.interrupted;
  return r;
}

}  // namespace

int report_distributed_fio(const fio::FioRun& aggregate, const mpi::DistSummary& summary,
                           const mpi::SplitArgs& split, const CommandIo& io) {
  const auto formats = parse_fio_formats(aggregate.run.output_format).value();
  // --output: replaced atomically at the end, as a single-process run's (commands/fio.cc).
  auto sink =
      OutputSink::open(OutputOptions{OutputFormat::kNormal, aggregate.run.output_path}, io.out)
          .value();
  std::ostream* out = &sink->stream();
  if (formats.terse) write_fio_terse(aggregate, *out);
  if (formats.json || formats.json_plus) {
    auto doc = fio_json(aggregate, formats.json_plus);
    doc["hostmark"]["mpi"] = fio_rank_json(summary);
    *out << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
  }
  if (formats.normal) {
    write_fio_normal(aggregate, *out);
    write_fio_rank_table(summary, *out);
  }
  sink->close().value();
  for (const auto& w : aggregate.warnings) io.err << "hostmark: warning: " << w << '\n';
  int status = aggregate.interrupted ? 1 : 0;
  for (const auto& j : aggregate.jobs) {
    if (j.error == 0) continue;
    io.err << "hostmark: " << j.error_text << '\n';
    status = 1;
  }
  const int saved =
      save_to_results_store(distributed_result(aggregate, summary, split.fio_args),
                            SaveOptions{aggregate.run.results_db, aggregate.run.no_save}, io);
  return status != 0 ? status : saved;
}

}  // namespace hostmark
