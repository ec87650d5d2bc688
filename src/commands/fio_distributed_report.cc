// Rank 0's part of a distributed `hostmark fio`: the aggregate's output and its saved Result.
#include <fmt/format.h>

#include <algorithm>

#include "commands/fio_distributed.h"
#include "commands/fio_problems.h"
#include "commands/fio_result.h"
#include "commands/result_saving.h"
#include "output/fio_mpi.h"
#include "output/fio_report.h"
#include "output/format.h"

namespace hostmark {
namespace {

double mb_per_s(std::uint64_t bytes_per_s) { return static_cast<double>(bytes_per_s) / 1e6; }

// The ranks and hosts of a run as one phase, "mpi.ranks": per rank its bytes, decimal MB/s and
// completion latency p99, per host (numbered as in the options' mpi_host<i>) its bytes and MB/s.
Phase rank_phase(const mpi::DistSummary& summary) {
  Phase p;
  p.name = "mpi.ranks";
  Series bw{"mb_per_s_by_rank", "rank", "MB/s", {}};
  std::uint64_t runtime_ns = 0;
  for (const auto& r : summary.rank_rows) {
    std::uint64_t bytes = 0;
    for (auto b : r.io_bytes) bytes += b;
    const std::string rank = fmt::format("rank{}", r.rank);
    p.metrics.push_back({rank + "_mb_per_s", mb_per_s(r.bytes_per_s), "MB/s"});
    p.metrics.push_back({rank + "_bytes", static_cast<double>(bytes), "bytes"});
    p.metrics.push_back({rank + "_clat_p99_us", static_cast<double>(r.clat_p99_ns) / 1e3, "us"});
    if (r.failed_ios)
      p.metrics.push_back({rank + "_failed_ios", static_cast<double>(r.failed_ios), "count"});
    bw.points.emplace_back(r.rank, mb_per_s(r.bytes_per_s));
    runtime_ns = std::max(runtime_ns, r.runtime_ns);
  }
  for (std::size_t i = 0; i < summary.host_rows.size(); ++i) {
    const auto& h = summary.host_rows[i];
    std::uint64_t bytes = 0;
    for (auto b : h.io_bytes) bytes += b;
    p.metrics.push_back({fmt::format("host{}_mb_per_s", i), mb_per_s(h.bytes_per_s), "MB/s"});
    p.metrics.push_back({fmt::format("host{}_bytes", i), static_cast<double>(bytes), "bytes"});
  }
  p.series.push_back(std::move(bw));
  p.duration_s = static_cast<double>(runtime_ns) / 1e9;
  return p;
}

// The aggregate as a Result for the results store: the phases a single `hostmark fio` run of
// the same jobs would have (commands/fio_result.h: decimal MB/s, latency summary and histogram
// of every rank's I/Os, the ranks' time series added), then the MPI detail: options mpi_ranks,
// mpi_nodes, placement, mpi_host<i> ("node7: ranks 0,1"), and the "mpi.ranks" phase.
Result distributed_result(const fio::FioRun& run, const mpi::DistSummary& summary,
                          const std::vector<std::string>& args) {
  Result r = fio_result(run);
  std::string joined;
  for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
  r.options.emplace_back("arguments", joined);
  r.options.emplace_back("mpi_ranks", std::to_string(summary.ranks));
  r.options.emplace_back("mpi_nodes", std::to_string(summary.nodes));
  r.options.emplace_back("placement", summary.placement);
  for (std::size_t i = 0; i < summary.host_rows.size(); ++i) {
    const auto& h = summary.host_rows[i];
    std::string ranks;
    for (int rank : h.ranks) ranks += fmt::format("{}{}", ranks.empty() ? "" : ",", rank);
    r.options.emplace_back(fmt::format("mpi_host{}", i),
                           fmt::format("{}: ranks {}", h.host, ranks));
  }
  for (auto& p : r.phases)
    p.metrics.push_back({"ranks", static_cast<double>(summary.ranks), "count"});
  r.phases.push_back(rank_phase(summary));
  r.notes.push_back(fmt::format(
      "MPI run over {} ranks on {} host(s): bandwidth = all ranks' bytes / the longest rank's "
      "runtime; latency percentiles and histograms from every rank's merged histogram; time "
      "series = the ranks' series added sample by sample, each from its rank's measured start "
      "(the ranks start together after a barrier: aligned to within its skew)",
      summary.ranks, summary.nodes));
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
  const int status = print_fio_problems(aggregate, io.err);
  const int saved =
      save_to_results_store(distributed_result(aggregate, summary, split.fio_args),
                            SaveOptions{aggregate.run.results_db, aggregate.run.no_save}, io);
  return status != 0 ? status : saved;
}

}  // namespace hostmark
