// One rank of a distributed `hostmark fs` run: the steps of commands/fs_distributed.h.
#include "commands/fs_distributed.h"

#include <fmt/format.h>

#include <new>
#include <span>

#include "commands/cli_common.h"
#include "commands/fs_command.h"
#include "commands/lockstep.h"
#include "fsbench/fs_run.h"
#include "fsbench/rank_aggregate.h"
#include "io/checksum.h"
#include "mpi/phase_codec.h"
#include "mpi/wire.h"
#include "output/bonnie_format.h"
#include "output/storage_text.h"
#include "results/context.h"

namespace hostmark {
namespace {

using fsbench::FsOptions;

std::uint64_t options_hash(const FsOptions& o) {
  mpi::WireWriter w;  // every option that decides the work (not --name, a label)
  w.str(o.dir);
  for (std::uint64_t v : {o.size_bytes, o.chunk_bytes, o.char_bytes, o.seeks, o.files_k,
                          o.file_max_bytes, o.file_min_bytes, o.dirs, o.seed})
    w.u64(v);
  w.i64(o.seekers);
  w.i64(o.threads);
  w.boolean(o.drop_cache);
  w.boolean(o.monitor);
  const std::string& b = w.bytes();
  return io::xxh3_64(std::as_bytes(std::span(b.data(), b.size())));
}

void check_same_options(mpi::Comm& comm, const FsOptions& o) {
  check_same_hash(comm, options_hash(o), "fs",
                  "the default --size (2 x RAM) or --keep-cache's default differ between hosts; "
                  "give --size");
}

// Lockstep's gate around every fs test; --mpi-fail-rank's rank fails before its third test.
class RankGate final : public fsbench::PhaseGate {
 public:
  RankGate(Lockstep& lock, bool fail_here) : lock_(lock), fail_here_(fail_here) {}
  void before_phase() override {
    if (++tests_ == 3 && fail_here_)
      throw Failure(run_error("fs", "failure injected by --mpi-fail-rank"));
    lock_.sync();
  }
  void after_phase() override { lock_.sync(); }

 private:
  Lockstep& lock_;
  bool fail_here_;
  int tests_ = 0;
};

}  // namespace

std::vector<Phase> measure_fs_ranks(mpi::Comm& comm, Lockstep& lock, fsbench::FsOptions o,
                                    bool fail_here, std::ostream& progress, Result& r) {
  RankGate gate(lock, fail_here);
  o.gate = &gate;
  o.latency_buckets = Histogram::kBuckets;  // every bucket: rank 0's sums are exact
  lock.enter();
  fsbench::measure_fs(o, progress, r);
  const std::string mine = comm.rank() == 0 ? std::string() : mpi::encode_phases(r.phases);
  lock.leave();  // every rank is done and has removed its directory
  const auto all = comm.gather_to_root(mine);
  if (comm.rank() != 0) return {};
  std::vector<std::vector<Phase>> ranks;
  for (std::size_t i = 0; i < all.size(); ++i)
    ranks.push_back(i == 0 ? r.phases : mpi::decode_phases(all[i], fmt::format("rank {}", i)));
  return fsbench::aggregate_ranks(ranks);
}

namespace {

Result aggregate_result(const mpi::Comm& comm, Result own, std::vector<Phase> phases) {
  own.phases = std::move(phases);
  own.options.emplace_back("ranks", std::to_string(comm.size()));
  own.options.emplace_back("hosts", std::to_string(comm.node_count()));
  own.notes.insert(
      own.notes.begin(),
      fmt::format("distributed over {} ranks on {} host(s), each in its own directory: a "
                  "test's aggregate rate is the work of every rank / the longest rank's time "
                  "(ranks start each test together); latencies are every rank's, merged",
                  comm.size(), comm.node_count()));
  own.notes.push_back(
      "the per-char and random-seek tests are left out of distributed runs (run `hostmark fs` "
      "alone for them); each rank's rate and time are in the JSON (rank<R>.rate, rank<R>.time_s)");
  return own;
}

int run_fs_rank(mpi::Comm& comm, const std::vector<std::string>& args, const CommandIo& io,
                Lockstep& lock) {
  const int rank = comm.rank();
  std::ostream nothing(nullptr);
  const CommandIo rank_io{rank == 0 ? io.out : nothing,
                          io.err,
                          io.err_is_tty,
                          io.before_abandon,
                          io.parse_only,
                          io.describe};
  Result r;
  r.command = "fs";
  const auto line = parse_fs_command_line(args, rank_io, r.context);
  if (!line) return 0;  // --help (printed by rank 0) or parse-only: on every rank alike
  if (line->size_defaulted && line->options.size_bytes > 0 && comm.size() > 1) {
    // The default and its free-space check are per rank: ranks sharing a filesystem would
    // write ranks x 2 x RAM into it.
    throw Failure(usage_error(
        "--size", fmt::format("a distributed run needs an explicit --size (or --quick): the "
                              "default, 2 x RAM, is per rank, so {} ranks would write {} x that",
                              comm.size(), comm.size())));
  }
  FsOptions o = line->options;
  mpi::WireWriter seed;
  seed.u64(o.seed);
  o.seed = mpi::WireReader(comm.bcast_from_root(seed.bytes()), "mpi: rank 0's seed").u64();
  o.char_bytes = 0;  // per-char and seeks stay single-process tests
  o.seeks = 0;
  check_same_options(comm, o);

  std::ostream progress_sink(nullptr);
  std::vector<Phase> phases =
      measure_fs_ranks(comm, lock, o, line->fail_rank == rank,
                       rank == 0 && io.err_is_tty ? io.err : progress_sink, r);

  int status = 0;
  if (rank == 0) {
    const Result agg = aggregate_result(comm, std::move(r), std::move(phases));
    if (line->output.format == OutputFormat::kCsv) {
      auto sink = OutputSink::open(line->output, io.out).value();
      sink->stream() << fsbench::bonnie_csv_line(agg) << '\n';
      sink->close().value();
      status = save_to_results_store(agg, line->save, io);
    } else {
      status = emit_result(agg, line->output, line->save, write_distributed_fs_text, io);
    }
  }
  return static_cast<int>(comm.max_u64(static_cast<std::uint64_t>(status)));
}

}  // namespace

int run_distributed_fs(mpi::Comm& comm, const std::vector<std::string>& args, const CommandIo& io) {
  return run_in_lockstep(comm, "fs", io,
                         [&](Lockstep& lock) { return run_fs_rank(comm, args, io, lock); });
}

void write_distributed_fs_text(const Result& r, std::ostream& out) {
  for (const auto& t : r.storage) write_storage_header(t, out);
  std::string ranks = "1";
  for (const auto& [k, v] : r.options)
    if (k == "ranks") ranks = v;
  out << fmt::format("SUMMARY rate: {} ranks (aggregate = work of every rank / longest time)\n",
                     ranks);
  out << fmt::format("   {:<22} {:>18} {:>18} {:>10} {:>12}\n", "Operation", "Aggregate",
                     "Work (all ranks)", "Longest s", "p99 latency");
  for (const auto& p : r.phases) {
    const Metric* rate = p.metric("rate");
    const Metric* work = p.metric("work");
    if (rate == nullptr || work == nullptr) continue;
    std::uint64_t p99 = 0;
    if (p.latency)
      for (const auto& [pct, ns] : p.latency->percentiles_ns)
        if (pct == 99.0) p99 = ns;
    const bool bytes = rate->unit == "KiB/s";
    const Metric* mb = p.metric("mb_per_s");
    const std::string figure = bytes && mb != nullptr
                                   ? fmt::format("{:.1f} MB/s", mb->value)
                                   : fmt::format("{:.1f} {}", rate->value, rate->unit);
    const std::string done = bytes ? fmt::format("{:.1f} MiB", work->value / (1024.0 * 1024.0))
                                   : fmt::format("{:.0f} {}", work->value, work->unit);
    out << fmt::format("   {:<22} {:>18} {:>18} {:>10.3f} {:>9.1f} us\n", p.name, figure, done,
                       p.duration_s, static_cast<double>(p99) / 1e3);
  }
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  for (const auto& t : r.storage) write_storage_warnings(t, out);
}

}  // namespace hostmark
