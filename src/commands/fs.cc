// `hostmark fs DIR`: bonnie++-style data and file tests with mdtest-style per-operation rates.
// Output: bonnie++'s table (normal), its CSV line (csv), or the Result (json).
#include <fmt/format.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <chrono>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/fs_command.h"
#include "commands/fs_distributed.h"
#include "commands/result_saving.h"
#include "fsbench/fs_run.h"
#include "mpi/comm.h"
#include "output/activity_text.h"
#include "output/bonnie_format.h"
#include "output/storage_text.h"
#include "results/context.h"

namespace hostmark {
namespace {

using fsbench::FsOptions;

struct FsArgs {
  std::string dir;
  std::string size;
  std::string chunk = "8192";
  std::string char_size;
  std::string char_io = "stdio";
  std::uint64_t seeks = 8192;
  int seekers = 5;
  std::uint64_t files = 16;
  std::string file_size = "0";
  std::uint64_t dirs = 0;
  int threads = 1;
  std::string name;
  bool quick = false;
  bool files_given = false;  // --files was on the command line (--quick does not override it)
  bool keep_cache = false;
  bool monitor = false;
  std::int64_t seed = -1;
  int fail_rank = -1;
};

constexpr std::uint64_t kFsMiB = 1024 * 1024;
constexpr std::uint64_t kQuickSize = 64 * kFsMiB;
constexpr std::uint64_t kQuickCharSize = 8 * kFsMiB;
constexpr std::uint64_t kSyscallCharSize = 3 * kFsMiB;  // bonnie++ 2.00a's per-char amount

void parse_file_size(const std::string& text, FsOptions& o) {
  const auto colon = text.find(':');
  o.file_max_bytes = parse_size("--file-size", text.substr(0, colon)).value();
  o.file_min_bytes =
      colon == std::string::npos ? 0 : parse_size("--file-size", text.substr(colon + 1)).value();
  if (o.file_min_bytes > o.file_max_bytes)
    throw Failure(usage_error("--file-size", fmt::format("MIN ({}) is more than MAX ({})",
                                                         o.file_min_bytes, o.file_max_bytes)));
}

FsOptions resolve(const FsArgs& a, std::uint64_t ram_bytes) {
  FsOptions o;
  o.dir = a.dir;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  o.name = a.name.empty() ? std::string(host) : a.name;
  if (o.name.find(',') != std::string::npos)
    throw Failure(usage_error("--name", "must not contain a comma (it goes into the CSV line)"));
  o.chunk_bytes = parse_size("--chunk-size", a.chunk).value();
  if (o.chunk_bytes < 256 || o.chunk_bytes > kFsMiB || (o.chunk_bytes & (o.chunk_bytes - 1)) != 0)
    throw Failure(usage_error("--chunk-size", "must be a power of two from 256 to 1M"));
  if (!a.size.empty()) {
    o.size_bytes = parse_size("--size", a.size).value();
  } else {
    o.size_bytes = a.quick ? kQuickSize : 2 * ram_bytes;
  }
  if (o.size_bytes != 0 && o.size_bytes < kFsMiB)
    throw Failure(usage_error("--size", "must be 0 (skip the data tests) or at least 1M"));
  o.size_bytes = o.size_bytes / kFsMiB * kFsMiB;  // whole MiB, like bonnie++'s -s
  struct statvfs vfs {};
  if (a.size.empty() && statvfs(a.dir.c_str(), &vfs) == 0 &&
      o.size_bytes > static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize)
    throw Failure(usage_error(
        a.dir,
        fmt::format("the default --size (2 x RAM = {}) is more than its free space ({}): "
                    "give a smaller --size",
                    format_bytes_binary(o.size_bytes),
                    format_bytes_binary(static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize))));
  if (a.char_io == "stdio") {
    o.char_io = fsbench::CharIo::kStdio;
  } else if (a.char_io == "syscall") {
    o.char_io = fsbench::CharIo::kSyscall;
  } else {
    throw Failure(usage_error("--char-io", fmt::format("'{}' is not stdio or syscall", a.char_io)));
  }
  if (!a.char_size.empty()) {
    o.char_bytes = parse_size("--char-size", a.char_size).value();
  } else if (o.char_io == fsbench::CharIo::kSyscall) {
    o.char_bytes = kSyscallCharSize;
  } else {
    o.char_bytes = a.quick ? kQuickCharSize : o.size_bytes;
  }
  o.char_bytes = std::min(o.char_bytes, o.size_bytes);
  o.seeks = a.seeks;
  o.seekers = a.seekers;
  o.files_k = a.quick && !a.files_given ? 1 : a.files;
  parse_file_size(a.file_size, o);
  o.dirs = a.dirs;
  o.threads = a.threads;
  o.monitor = a.monitor;
  o.drop_cache = !a.keep_cache && o.size_bytes > 0 && o.size_bytes < 2 * ram_bytes;
  o.seed = a.seed >= 0 ? static_cast<std::uint64_t>(a.seed)
                       : static_cast<std::uint64_t>(
                             std::chrono::system_clock::now().time_since_epoch().count()) %
                             1000000000u;
  return o;
}

}  // namespace

void write_fs_text(const Result& r, std::ostream& out) {
  for (const auto& t : r.storage) write_storage_header(t, out);
  fsbench::write_bonnie_table(r, out);
  out << '\n';
  fsbench::write_fs_details(r, out);
  out << '\n' << fsbench::bonnie_csv_line(r) << '\n';
  if (r.interrupted) out << "(interrupted: the figures cover the tests that finished)\n";
  write_activity_table(r, out);
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  for (const auto& t : r.storage) write_storage_warnings(t, out);
}

std::optional<FsCommandLine> parse_fs_command_line(const std::vector<std::string>& args,
                                                   const CommandIo& io, Context& context) {
  FsArgs a;
  OutputOptions output;
  CLI::App app(
      "bonnie++-style filesystem test: per-char and block I/O, rewrite, random seeks, "
      "then create/stat/read/delete of many files (mdtest-style rates)",
      "fs");
  app.add_option("DIR", a.dir,
                 "directory to test in (a hostmark-fs.* directory is made in it "
                 "and removed after)")
      ->required();
  app.add_option("--size", a.size, "size of the data test file (default 2 x RAM; 0 skips)");
  app.add_option("--chunk-size", a.chunk, "block size of the block and seek tests")
      ->capture_default_str();
  app.add_option("--char-size", a.char_size,
                 "bytes of the per-char tests (default: --size for stdio, 3M for syscall)");
  app.add_option("--char-io", a.char_io, "per-char calls: stdio (putc/getc) or syscall")
      ->capture_default_str();
  app.add_option("--seeks", a.seeks, "random seeks in all")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  app.add_option("--seekers", a.seekers, "seeker threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  auto* files =
      app.add_option("--files", a.files, "file tests: N x 1024 files (0 skips)")
          ->capture_default_str()
          ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{4096}));  // names kept in RAM
  app.add_option("--file-size", a.file_size, "MAX[:MIN] bytes of each file (default 0: empty)")
      ->capture_default_str();
  app.add_option("--dirs", a.dirs, "spread the files over this many directories")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 20));
  app.add_option("--threads", a.threads, "threads of the file tests")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  app.add_option("--name", a.name, "machine name in the table and CSV (default: host name)");
  app.add_option("--seed", a.seed, "random seed (default: from the clock)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 62));
  app.add_flag("--keep-cache", a.keep_cache,
               "never drop the page cache between tests (bonnie++'s way; reads may be cached)");
  app.add_flag("--quick", a.quick, "small sizes (64M data, 1 x 1024 files) for smoke runs");
  app.add_flag("--monitor", a.monitor,
               "record what the disk and the CPUs did during each test (iostat -x's view)");
  app.add_option("--mpi-fail-rank", a.fail_rank,
                 "(tests) this rank fails in the third test of a distributed run")
      ->group("")
      ->check(CLI::Range(0, 1 << 20));
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return std::nullopt;
  a.files_given = files->count() > 0;
  context = collect_context();
  return FsCommandLine{resolve(a, context.memory_bytes), output, save, a.fail_rank,
                       a.size.empty() && !a.quick};
}

int run_fs_command(const std::vector<std::string>& args, const CommandIo& io) {
  // Under mpirun/srun, one rank of a distributed run (every rank parses the arguments there).
  const std::unique_ptr<mpi::Comm> comm = mpi::make_comm();
  if (comm->size() > 1) return run_distributed_fs(*comm, args, io);
  Result r;
  r.command = "fs";
  const auto line = parse_fs_command_line(args, io, r.context);
  if (!line) return 0;
  if (line->fail_rank >= 0) return run_distributed_fs(*comm, args, io);
  const FsOptions& o = line->options;
  const OutputOptions& output = line->output;
  const SaveOptions& save = line->save;
  std::ostream no_progress(nullptr);  // progress only on a terminal, like every command
  fsbench::measure_fs(o, io.err_is_tty ? io.err : no_progress, r);
  if (output.format != OutputFormat::kCsv) return emit_result(r, output, save, write_fs_text, io);
  auto sink = OutputSink::open(output, io.out).value();
  sink->stream() << fsbench::bonnie_csv_line(r) << '\n';
  sink->close().value();
  const int saved = save_to_results_store(r, save, io);
  return r.interrupted ? 1 : saved;
}

}  // namespace hostmark
