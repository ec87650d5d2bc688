// `hostmark fio [options] [jobfile]...`: the drop-in face of fio 3.33 over hostmark's engines.
// Results go to stdout (or --output) in the formats asked; layout messages, warnings and the
// status line go to stderr only, so JSON and terse output stay machine-readable.
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "commands/command.h"
#include "commands/fio_help.h"
#include "core/build_info.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "output/fio_report.h"

namespace hostmark {

int run_fio_command(const std::vector<std::string>& args, const CommandIo& io) {
  const fio::ParsedJobs parsed =
      fio::parse_fio_command_line(args, fio::system_parser_env()).value();
  if (parsed.run.action != fio::RunAction::kRun) {
    print_fio_help(parsed.run.action, parsed.run.help_topic, io.out).value();
    return 0;
  }
  if (parsed.run.parse_only || io.parse_only) return 0;
  const auto formats = parse_fio_formats(parsed.run.output_format).value();
  std::ofstream file;
  std::ostream* out = &io.out;
  if (!parsed.run.output_path.empty()) {
    file.open(parsed.run.output_path, std::ios::out | std::ios::trunc);
    if (!file) throw Failure(run_error(parsed.run.output_path, "cannot create the output file"));
    out = &file;
  }
  if (formats.normal) {  // fio's start-up lines, before the run (normal output only)
    write_fio_banner(parsed.jobs, io::job_groupids(parsed.jobs), build::kVersion, *out);
    out->flush();
  }
  const fio::FioRun run = io::run_fio_jobs(parsed, io::RunIo{io.err, io.err_is_tty}).value();
  write_fio_output(run, parsed.run.output_format, *out).value();
  out->flush();
  if (!*out)
    throw Failure(run_error(parsed.run.output_path.empty() ? "stdout" : parsed.run.output_path,
                            "write failed"));
  for (const auto& w : run.warnings) io.err << "hostmark: warning: " << w << '\n';

  int status = run.interrupted ? 1 : 0;
  for (const auto& j : run.jobs) {
    if (j.error == 0) continue;
    io.err << "hostmark: " << j.error_text << '\n';
    status = 1;
  }
  if (run.interrupted) io.err << "hostmark: fio: interrupted; the results above are partial\n";
  return status;
}

}  // namespace hostmark
