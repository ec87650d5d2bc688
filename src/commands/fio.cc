// `hostmark fio [options] [jobfile]...`: the drop-in face of fio 3.33 over hostmark's engines.
// Results go to stdout (or --output) in the formats asked; layout messages, warnings and the
// status line go to stderr only, so JSON and terse output stay machine-readable. The run is
// then saved in the results store (commands/fio_result.h; --results-db, --no-save) without a
// word: only a store that fails says so, on stderr.

#include <iostream>

#include "commands/command.h"
#include "commands/fio_distributed.h"
#include "commands/fio_help.h"
#include "commands/fio_problems.h"
#include "commands/fio_result.h"
#include "commands/result_saving.h"
#include "core/build_info.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "mpi/comm.h"
#include "mpi/dist_options.h"
#include "output/fio_report.h"
#include "output/fio_status_line.h"
#include "output/format.h"

namespace hostmark {

int run_fio_command(const std::vector<std::string>& args, const CommandIo& io) {
  if (io.describe != nullptr) {
    describe_fio(*io.describe);
    return 0;
  }
  // Under mpirun/srun (or with a distributed option), one rank of a distributed run.
  const std::unique_ptr<mpi::Comm> comm = mpi::make_comm();
  const mpi::SplitArgs split = mpi::split_dist_options(args).value();
  if (comm->size() > 1 || split.dist.any()) return run_distributed_fio(*comm, split, io);

  const fio::ParsedJobs parsed =
      fio::parse_fio_command_line(split.fio_args, fio::system_parser_env()).value();
  if (parsed.run.action != fio::RunAction::kRun) {
    print_fio_help(parsed.run.action, parsed.run.help_topic, io.out).value();
    return 0;
  }
  if (parsed.run.parse_only || io.parse_only) return 0;
  const auto formats = parse_fio_formats(parsed.run.output_format).value();
  // --output: replaced atomically at the end (a failed or killed run leaves the old file).
  auto sink = OutputSink::open(OutputOptions{OutputFormat::kNormal, parsed.run.output_path}, io.out)
                  .value();
  std::ostream* out = &sink->stream();
  if (formats.normal) {  // fio's start-up lines, before the run (normal output only)
    write_fio_banner(parsed.jobs, io::job_groupids(parsed.jobs), build::kVersion, *out);
    out->flush();
  }
  // Layout messages are fio's informational lines: on standard error, so they never mix into
  // the report; with --output=FILE and no terminal on standard error, on the standard output the
  // report left free (as fio, whose stderr carries only errors).
  const bool info_to_out = !parsed.run.output_path.empty() && !io.err_is_tty;
  FioStatusLine status_line(io.err);  // fio's live status, on a terminal only
  const fio::FioRun run =
      io::run_fio_jobs(
          parsed, io::RunIo{info_to_out ? io.out : io.err, io.err_is_tty ? &status_line : nullptr})
          .value();
  write_fio_output(run, parsed.run.output_format, *out).value();
  sink->close().value();
  const int status = print_fio_problems(run, io.err);
  if (run.interrupted) io.err << "hostmark: fio: interrupted; the results above are partial\n";
  const CommandIo quiet{io.out, io.err, false};  // no "saved as" line: fio prints nothing of it
  const int saved = save_to_results_store(
      fio_result(run), SaveOptions{parsed.run.results_db, parsed.run.no_save}, quiet);
  return status != 0 ? status : saved;
}

}  // namespace hostmark
