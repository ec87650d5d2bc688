// One rank of a distributed `hostmark fio` run: the phases of commands/fio_distributed.h.
#include "commands/fio_distributed.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <optional>

#include "commands/fio_help.h"
#include "commands/lockstep.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "io/targets.h"
#include "mpi/job_stats_codec.h"
#include "mpi/options_hash.h"
#include "mpi/rank_jobs.h"
#include "mpi/remove_on_term.h"
#include "mpi/wire.h"
#include "output/fio_report.h"
#include "output/fio_status_line.h"

namespace hostmark {
namespace {

using Files = std::map<std::string, std::string>;  // path -> text, as rank 0 read it

// A distributed run removes the files it lays out (docs/MPI.md), where `hostmark fio` alone
// keeps them as fio does.
io::RunIo own_files_removed(std::ostream& log, io::StatusSink* status) {
  io::RunIo run_io{log, status};
  run_io.created_files = io::CreatedFiles::kRemove;
  return run_io;
}

std::string pack_input(const std::vector<std::string>& args, const Files& files) {
  mpi::WireWriter w;
  w.strs(args);
  w.u64(files.size());
  for (const auto& [path, text] : files) {
    w.str(path);
    w.str(text);
  }
  return w.bytes();
}

struct Input {
  std::vector<std::string> args;
  Files files;
};

Input unpack_input(const std::string& bytes) {
  mpi::WireReader r(bytes, "mpi: rank 0's job");
  Input in;
  in.args = r.strs();
  for (std::size_t n = r.u64_bounded(); n > 0; --n) {
    std::string path = r.str();
    in.files[path] = r.str();
  }
  return in;
}

// The parser's view of the machine on this rank, with job files as rank 0 read them.
fio::ParserEnv replay_env(const Files& files) {
  fio::ParserEnv env = fio::system_parser_env();
  env.read_file = [&files](const std::string& path) -> Expected<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return usage_error(path, "rank 0 did not read this file");
    return it->second;
  };
  return env;
}

// Rank 0: parses as a single run would (errors end every rank) and returns what to broadcast.
std::string read_input_on_root(const std::vector<std::string>& args) {
  Files files;
  fio::ParserEnv env = fio::system_parser_env();
  auto real = env.read_file;
  env.read_file = [&files, real](const std::string& path) -> Expected<std::string> {
    auto text = real(path);
    if (text) files[path] = text.value();
    return text;
  };
  fio::parse_fio_command_line(args, env).value();
  return pack_input(args, files);
}

// The files `jobs` would create: their names (every thread's) that do not exist yet.
std::vector<std::string> new_files(const std::vector<fio::JobOptions>& jobs) {
  std::vector<std::string> names;
  for (const auto& job : jobs) {
    if (job.ioengine == "null") continue;
    for (int n = 0; n < std::max(1, job.numjobs); ++n) {
      auto thread = io::thread_file_names(job, n);
      names.insert(names.end(), thread.begin(), thread.end());
    }
  }
  return mpi::missing_paths(names);
}

// --mpi-stonewall's wear-out: each job runs again for the I/Os it lacks to the most any rank
// did by the stonewall (job i is thread i: one thread per job, one wave). Returns the I/Os
// added. The pass writes no log files (write_*_log): those of the stonewalled pass stay.
std::uint64_t wear_out(mpi::Comm& comm, const fio::ParsedJobs& mine, fio::FioRun& run,
                       const CommandIo& io) {
  std::vector<std::uint64_t> done;
  for (const auto& j : run.jobs) done.push_back(mpi::job_ios(j));
  const std::vector<std::uint64_t> most = comm.max_u64s(done);
  fio::ParsedJobs more = mine;
  more.jobs.clear();
  std::vector<std::size_t> index;
  for (std::size_t i = 0; i < run.jobs.size() && i < mine.jobs.size(); ++i) {
    if (most[i] <= done[i]) continue;
    fio::JobOptions job = mine.jobs[i];
    job.stonewall = false;
    job.number_ios = most[i] - done[i];
    std::uint32_t bs = 1;
    for (auto b : job.bs) bs = std::max(bs, b);
    job.io_size = job.number_ios * bs;
    job.time_based = false;
    job.runtime_ns = job.ramp_time_ns = job.startdelay_ns = 0;
    job.loops = 1;
    // The log files hold the measured pass: a second pass would write them again over it.
    for (auto* log : {&job.bw_log, &job.lat_log, &job.iops_log, &job.hist_log}) log->reset();
    more.jobs.push_back(std::move(job));
    index.push_back(i);
  }
  if (more.jobs.empty()) return 0;
  const fio::FioRun extra = io::run_fio_jobs(more, own_files_removed(io.err, nullptr)).value();
  std::uint64_t added = 0;
  for (std::size_t k = 0; k < extra.jobs.size() && k < index.size(); ++k) {
    mpi::append_pass(run.jobs[index[k]], extra.jobs[k]);
    added += mpi::job_ios(extra.jobs[k]);
  }
  return added;
}

// Rank 0: every rank's jobs from the gathered bytes (its own as they are).
std::vector<mpi::RankRun> decode_ranks(const mpi::Comm& comm, const std::vector<mpi::Bytes>& all,
                                       const fio::FioRun& own) {
  std::vector<mpi::RankRun> ranks;
  for (std::size_t r = 0; r < all.size(); ++r) {
    const std::string what = fmt::format("rank {}", r);
    mpi::WireReader reader(all[r], what);
    mpi::RankRun rr;
    rr.rank = static_cast<int>(r);
    rr.host = comm.host_names()[r];
    rr.stonewall_ios = reader.u64();
    rr.wearout_ios = reader.u64();
    const std::string jobs = reader.str();
    rr.jobs = r == 0 ? own.jobs : mpi::decode_job_stats(jobs, own.jobs, what);
    ranks.push_back(std::move(rr));
  }
  return ranks;
}

int run_fio_rank(mpi::Comm& comm, const mpi::SplitArgs& split, const CommandIo& io) {
  const int rank = comm.rank();
  const mpi::DistOptions& o = split.dist;
  // 1. One job for every rank, checked.
  const std::string input =
      comm.bcast_from_root(rank == 0 ? read_input_on_root(split.fio_args) : std::string());
  const Input in = unpack_input(input);
  const fio::ParsedJobs parsed = fio::parse_fio_command_line(in.args, replay_env(in.files)).value();
  check_same_hash(comm, mpi::hash_parsed_jobs(parsed), "fio",
                  "the job files, ${VARIABLES}, $ncpus or $mb_memory differ between them");
  if (parsed.run.action != fio::RunAction::kRun || parsed.run.parse_only) {
    if (rank == 0 && parsed.run.action != fio::RunAction::kRun)
      print_fio_help(parsed.run.action, parsed.run.help_topic, io.out).value();
    return 0;
  }
  parse_fio_formats(parsed.run.output_format).value();

  // 2. This rank's files; the shared files laid out once.
  fio::ParsedJobs mine = parsed;
  mine.jobs =
      mpi::jobs_for_rank(parsed.jobs, o, {rank, comm.size(), comm.ranks_per_node()}).value();
  if (o.stonewall)
    for (auto& j : mine.jobs) j.group_reporting = false;  // job i stays thread i
  if (comm.size() > 1) mine.run.eta = "never";            // one rank's progress is not the run's
  // Rank 0's shared files (removed after every rank is done) and this rank's own files: if the
  // launcher ends this rank because another failed, they are removed (mpi/remove_on_term.h).
  std::vector<fio::JobOptions> shared_layout;
  if (o.shared_file && rank == 0) {
    for (const auto& job : parsed.jobs)
      if (job.ioengine != "null")
        shared_layout.push_back(mpi::shared_file_layout_job(job, comm.size()));
  }
  const std::vector<std::string> new_shared = new_files(shared_layout);
  std::vector<std::string> new_own = new_files(mine.jobs);
  new_own.insert(new_own.end(), new_shared.begin(), new_shared.end());
  std::optional<mpi::RemoveOnTerm> remove_on_term;
  if (comm.size() > 1) remove_on_term.emplace(new_own);
  std::unique_ptr<io::TargetSet> shared_files;
  if (!shared_layout.empty()) {
    shared_files = std::make_unique<io::TargetSet>(io::CreatedFiles::kRemove);
    for (const auto& job : shared_layout) shared_files->prepare_thread(job, 0, io.err).value();
  }
  comm.barrier();

  // 3. The run, wave by wave in step.
  io::WaveHooks hooks;
  hooks.before_run = [&comm, &o, rank](int wave) {
    if (wave == 0 && o.fail_rank == rank)
      throw Failure(run_error("fio", "failure injected by --mpi-fail-rank"));
    comm.barrier();
  };
  hooks.after_run = [&comm](int) { comm.barrier(); };
  if (o.stonewall) hooks.poll = [&comm](bool done) { return comm.max_u64(done ? 1 : 0) != 0; };
  FioStatusLine status_line(io.err);  // fio's live status, on a terminal only
  fio::FioRun run =
      io::run_fio_jobs(mine, own_files_removed(io.err, io.err_is_tty ? &status_line : nullptr),
                       hooks)
          .value();
  if (run.interrupted && comm.size() > 1)
    throw Failure(run_error("fio", "interrupted; a distributed run reports nothing partial"));
  std::uint64_t stonewall_ios = 0, wearout_ios = 0;
  if (o.stonewall) {
    for (const auto& j : run.jobs) stonewall_ios += mpi::job_ios(j);
    wearout_ios = wear_out(comm, mine, run, io);
  }
  if (remove_on_term) remove_on_term->replace(new_shared);  // this rank's own files are gone

  // 4. Gathered on rank 0, printed and saved there.
  mpi::WireWriter w;
  w.u64(stonewall_ios);
  w.u64(wearout_ios);
  w.str(rank == 0 ? std::string() : mpi::encode_job_stats(run.jobs));
  const auto all = comm.gather_to_root(w.bytes());
  int status = 0;
  if (rank == 0) {
    const auto ranks = decode_ranks(comm, all, run);
    mpi::DistSummary summary = mpi::summarize_ranks(ranks);
    summary.placement = o.shared_file ? "shared file" : "file per process";
    summary.reorder_tasks = o.reorder_tasks;
    summary.stonewall = o.stonewall;
    fio::FioRun aggregate = mpi::aggregate_fio_runs(std::move(run), ranks);
    if (o.reorder_tasks && comm.size() > 1 && comm.node_count() == 1) {
      aggregate.warnings.push_back(
          "--reorder-tasks: every rank is on this one host, so the data each rank reads was "
          "written on this host and may come from its page cache (run over several nodes, "
          "ranks placed node by node: mpirun --map-by node is round-robin and defeats it too)");
    }
    status = report_distributed_fio(aggregate, summary, split, io);
  }
  const auto verdict = static_cast<int>(comm.max_u64(static_cast<std::uint64_t>(status)));
  shared_files.reset();  // every rank is past its run
  return verdict;
}

}  // namespace

int run_distributed_fio(mpi::Comm& comm, const mpi::SplitArgs& split, const CommandIo& io) {
  if (comm.size() == 1) return run_fio_rank(comm, split, io);  // errors: main's one line
  try {
    return run_fio_rank(comm, split, io);
  } catch (const Failure& f) {
    end_group(comm, f.error(), io);
  } catch (const std::bad_alloc&) {
    end_group(comm, run_error("fio", "out of memory"), io);
  } catch (const std::exception& e) {
    end_group(comm, run_error("fio", e.what()), io);
  }
}

}  // namespace hostmark
