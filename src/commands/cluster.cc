// `hostmark cluster DIR`: an IO500-like preset, under mpirun or as one process (docs/MPI.md).
// Not an official IO500 result: the phases are hostmark's own (fio's distributed path for the
// ior phases, the distributed fs file tests for the mdtest phases), scored IO500's way
// (commands/cluster_score.h).
//
//   ior-easy-write/read   a file per rank, 1 MiB sequential transfers
//   ior-hard-write/read   one shared file, 47008-byte transfers, a segment per rank
//   mdtest-easy-*         empty files, a directory per rank: create, stat, delete
//   mdtest-hard-*         3901-byte files, a directory per rank: create (write), stat, read,
//                         delete
// Each ior write runs for --duration at most (--max-size per rank at most), all ranks stopped
// when the first stops, then worn out to the most I/Os any rank did (IOR's stonewall wear-out);
// its read reads what a rank wrote. The mdtest phases make --md-files x 1024 files per rank.
#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <sstream>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/cluster_score.h"
#include "commands/command.h"
#include "commands/fio_distributed.h"
#include "commands/fs_distributed.h"
#include "commands/lockstep.h"
#include "io/checksum.h"
#include "mpi/wire.h"
#include "output/storage_text.h"
#include "results/context.h"

namespace hostmark {
namespace {

constexpr std::uint64_t kEasyTransfer = 1024 * 1024;  // bytes per ior-easy transfer
constexpr std::uint64_t kHardTransfer = 47008;        // IO500's ior-hard transfer
constexpr std::uint64_t kHardFileBytes = 3901;        // IO500's mdtest-hard file size
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

struct ClusterOptions {
  std::string dir;
  int duration_s = 5;
  std::uint64_t max_bytes = 0;  // per rank and ior write phase
  std::uint64_t md_files_k = 1;
  OutputOptions output;
  SaveOptions save;
};

std::optional<ClusterOptions> parse_cluster(const std::vector<std::string>& args,
                                            const CommandIo& io) {
  CLI::App app(
      "IO500-like preset (not an official IO500 result): ior-easy/hard write and read, "
      "mdtest-easy/hard, scored by geometric means; run it under mpirun for many ranks",
      "cluster");
  ClusterOptions o;
  std::string max_size = "1G";
  app.add_option("DIR", o.dir, "directory to test in (every file made is removed after)")
      ->required()
      ->check(CLI::ExistingDirectory);
  app.add_option("--duration", o.duration_s, "seconds each ior write phase runs at most")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  app.add_option("--max-size", max_size, "bytes each rank writes in an ior write phase at most")
      ->capture_default_str();
  app.add_option("--md-files", o.md_files_k, "mdtest phases: N x 1024 files per rank")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{4096}));
  add_output_options(app, o.output);
  add_save_options(app, o.save);
  if (!parse_command_line(app, args, io)) return std::nullopt;
  if (o.output.format == OutputFormat::kCsv)
    throw Failure(usage_error("--output-format", "cluster prints normal or json"));
  o.max_bytes = parse_size("--max-size", max_size).value();
  if (o.max_bytes < kEasyTransfer)
    throw Failure(usage_error("--max-size", "must be at least 1M (one ior-easy transfer)"));
  return o;
}

// One ior phase through the distributed fio path; rank 0 gets the fio JSON's figures of `dir`
// ("write" or "read"): {"gib_per_s", "bytes", "runtime_s"}, and every rank the bytes each
// rank moved (for the read that follows). Every rank gets the same status.
struct IorFigures {
  Phase phase;
  std::uint64_t bytes_per_rank = 0;
  int status = 0;
};

IorFigures ior_phase(mpi::Comm& comm, const std::string& name, const std::string& dir_key,
                     mpi::SplitArgs split, const CommandIo& io) {
  split.fio_args.insert(split.fio_args.end(), {"--output-format=json", "--no-save"});
  std::ostringstream json_text;
  const CommandIo fio_io{json_text, io.err, false, io.before_abandon, false};
  IorFigures f;
  f.status = run_distributed_fio(comm, split, fio_io);
  mpi::WireWriter w;
  if (comm.rank() == 0 && f.status == 0) {
    const auto j = nlohmann::json::parse(json_text.str());
    const auto& d = j.at("jobs").at(0).at(dir_key);
    const double bytes = d.at("io_bytes").get<double>();
    f.phase.name = name;
    f.phase.duration_s = d.at("runtime").get<double>() / 1000.0;
    f.phase.metrics = {{"gib_per_s", d.at("bw_bytes").get<double>() / kGiB, "GiB/s"},
                       {"bytes", bytes, "bytes"},
                       {"ranks", static_cast<double>(comm.size()), "ranks"}};
    w.u64(static_cast<std::uint64_t>(bytes) / static_cast<std::uint64_t>(comm.size()));
  } else {
    w.u64(0);
  }
  f.bytes_per_rank = mpi::WireReader(comm.bcast_from_root(w.bytes()), "mpi: rank 0's ior").u64();
  return f;
}

std::vector<std::string> ior_job(const std::string& name, bool write, std::uint64_t bs,
                                 std::uint64_t size, const ClusterOptions& o,
                                 const std::string& target) {
  std::vector<std::string> a{"--name=" + name, write ? "--rw=write" : "--rw=read",
                             fmt::format("--bs={}", bs), fmt::format("--size={}", size), target};
  if (write) {
    a.push_back(fmt::format("--runtime={}", o.duration_s));
    a.push_back("--end_fsync=1");
  }
  return a;
}

// The mdtest phases of one kind: every rank's files in its own directory, aggregated on rank 0
// and renamed ("seq_create" -> "mdtest-easy-create") with their rate in kIOPS.
void mdtest_phases(mpi::Comm& comm, Lockstep& lock, const ClusterOptions& o, bool hard,
                   Result& result) {
  fsbench::FsOptions f;
  f.dir = o.dir;
  f.name = "cluster";
  f.size_bytes = 0;
  f.seeks = 0;
  f.files_k = o.md_files_k;
  f.file_max_bytes = f.file_min_bytes = hard ? kHardFileBytes : 0;
  f.random_round = false;
  f.seed = 1;
  Result own;
  own.context = result.context;
  std::ostream no_progress(nullptr);
  const auto phases = measure_fs_ranks(comm, lock, f, false, no_progress, own);
  if (result.storage.empty()) result.storage = own.storage;
  const std::string kind = hard ? "mdtest-hard-" : "mdtest-easy-";
  for (const auto& p : phases) {
    const std::string op = p.name.substr(p.name.find('_') + 1);  // seq_create -> create
    if (!hard && op == "read") continue;                         // mdtest-easy has no read phase
    Phase q = p;
    q.name = kind + op;
    const Metric* rate = p.metric("rate");
    q.metrics.insert(q.metrics.begin(),
                     Metric{"kiops", rate != nullptr ? rate->value / 1000 : 0, "kIOPS"});
    result.phases.push_back(std::move(q));
  }
}

void write_cluster_text(const Result& r, std::ostream& out) {
  std::string ranks = "1";
  for (const auto& [k, v] : r.options)
    if (k == "ranks") ranks = v;
  out << fmt::format("hostmark cluster: IO500-like, not an official IO500 result ({} ranks)\n",
                     ranks);
  for (const auto& p : r.phases) {
    if (p.name == "score") continue;
    const Metric* m = p.metric("gib_per_s");
    if (m == nullptr) m = p.metric("kiops");
    if (m == nullptr) continue;
    out << fmt::format("[RESULT] {:<22} {:>12.6f} {:<6} : time {:.3f} seconds\n", p.name, m->value,
                       m->unit, p.duration_s);
  }
  for (const auto& p : r.phases) {
    if (p.name != "score") continue;
    out << fmt::format("[SCORE ] Bandwidth {:.6f} GiB/s : IOPS {:.6f} kIOPS : TOTAL {:.6f}\n",
                       p.metric("bandwidth_score")->value, p.metric("metadata_score")->value,
                       p.metric("total_score")->value);
  }
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  for (const auto& t : r.storage) write_storage_warnings(t, out);
}

int run_rank(mpi::Comm& comm, const std::vector<std::string>& args, const CommandIo& io,
             Lockstep& lock) {
  std::ostream nothing(nullptr);
  const CommandIo rank_io{comm.rank() == 0 ? io.out : nothing,
                          io.err,
                          io.err_is_tty,
                          io.before_abandon,
                          io.parse_only,
                          io.describe};
  const auto parsed = parse_cluster(args, rank_io);
  if (!parsed) return 0;
  const ClusterOptions& o = *parsed;
  mpi::WireWriter h;  // the ior phases check their fio options; the rest is checked here
  h.str(o.dir);
  h.i64(o.duration_s);
  h.u64(o.max_bytes);
  h.u64(o.md_files_k);
  check_same_hash(comm, io::xxh3_64(std::as_bytes(std::span(h.bytes().data(), h.bytes().size()))),
                  "cluster", "give every rank the same command line");
  Result r;
  r.command = "cluster";
  r.context = collect_context();
  r.options = {{"dir", o.dir},
               {"duration", std::to_string(o.duration_s)},
               {"max-size", std::to_string(o.max_bytes)},
               {"md-files", std::to_string(o.md_files_k)},
               {"ranks", std::to_string(comm.size())},
               {"hosts", std::to_string(comm.node_count())}};

  // The ior phases, each write followed by the read of what it wrote.
  const std::string easy_dir = "--directory=" + o.dir;
  const std::string hard_file = "--filename=" + o.dir + "/hostmark-cluster-ior-hard";
  const std::uint64_t hard_size = o.max_bytes / kHardTransfer * kHardTransfer;
  struct Ior {
    const char* name;
    std::uint64_t bs;
    bool shared;
  };
  for (const Ior& ior :
       {Ior{"ior-easy", kEasyTransfer, false}, Ior{"ior-hard", kHardTransfer, true}}) {
    const std::string& target = ior.shared ? hard_file : easy_dir;
    const std::uint64_t cap = ior.shared ? hard_size : o.max_bytes / kEasyTransfer * kEasyTransfer;
    mpi::SplitArgs writing;
    writing.dist.shared_file = ior.shared;
    writing.dist.stonewall = true;
    writing.fio_args = ior_job(ior.name, true, ior.bs, cap, o, target);
    const IorFigures w = ior_phase(comm, std::string(ior.name) + "-write", "write", writing, io);
    if (w.status != 0) return w.status;
    if (w.bytes_per_rank < ior.bs)
      throw Failure(run_error(ior.name, "no transfer was written, nothing to read"));
    mpi::SplitArgs reading;
    reading.dist.shared_file = ior.shared;
    reading.fio_args =
        ior_job(ior.name, false, ior.bs, w.bytes_per_rank / ior.bs * ior.bs, o, target);
    const IorFigures rd = ior_phase(comm, std::string(ior.name) + "-read", "read", reading, io);
    if (rd.status != 0) return rd.status;
    r.phases.push_back(w.phase);
    r.phases.push_back(rd.phase);
  }

  // The mdtest phases, in lockstep (every rank's directory removed on any rank's failure).
  mdtest_phases(comm, lock, o, false, r);
  mdtest_phases(comm, lock, o, true, r);

  int status = 0;
  if (comm.rank() == 0) {
    r.phases.push_back(score_phase(cluster_score(r.phases)));
    r.notes = {
        "IO500-like, not an official IO500 result: bandwidth score = geometric mean of the 4 ior "
        "phases in GiB/s (binary, 2^30 bytes/s), metadata score = geometric mean of the 7 mdtest "
        "phases in kIOPS (1000 operations/s), total = sqrt(bandwidth x metadata)",
        "each ior write runs --duration at most; every rank stops when the first does, then "
        "writes the transfers it lacks to the most any rank did (IOR's stonewall wear-out); each "
        "read follows its write and reads files laid out again at the size a rank wrote (they "
        "may come from the page cache)",
        "differences from IO500: ior-hard gives each rank a contiguous segment of the shared "
        "file (not transfers interleaved by rank); the mdtest phases make a fixed --md-files x "
        "1024 files per rank (not time-limited), mdtest-hard in a directory per rank (not one "
        "shared directory); no find phase"};
    status = emit_result(r, o.output, o.save, write_cluster_text, io);
  }
  return static_cast<int>(comm.max_u64(static_cast<std::uint64_t>(status)));
}

}  // namespace

int run_cluster_command(const std::vector<std::string>& args, const CommandIo& io) {
  const std::unique_ptr<mpi::Comm> comm = mpi::make_comm();
  return run_in_lockstep(*comm, "cluster", io,
                         [&](Lockstep& lock) { return run_rank(*comm, args, io, lock); });
}

}  // namespace hostmark
