// `hostmark disk [PATH]`: CrystalDiskMark/KDiskMark presets. Every loop of every test is one
// `hostmark fio` job run through the fio layer (storage/disk_profile.h builds its command line,
// the fio parser turns it into JobOptions), so `--explain` prints exactly what runs.
#include "commands/cli_common.h"
#include "commands/disk_modes.h"
#include "commands/disk_profile_run.h"
#include "output/disk_table.h"
#include "results/context.h"

namespace hostmark {
namespace {

struct DiskOptions {
  DiskProfileOptions run;
  bool explain = false;
  OutputOptions output;
};

int explain(const DiskPlan& plan, const CommandIo& io) {
  if (plan.target.block_device && plan.steps.back().writes()) {
    io.out << "# writing a device that carries a signature: `hostmark fio --destructive ...`\n";
  }
  if (plan.target.create) {
    io.out << "# write the test file once (removed at the end)\n"
           << storage::shell_command_line("hostmark fio",
                                          storage::disk_prepare_arguments(plan.fio_target))
           << '\n';
  }
  for (const auto& step : plan.steps) {
    io.out << "# " << step.name() << '\n'
           << storage::shell_command_line("hostmark fio",
                                          storage::disk_fio_arguments(step, plan.fio_target))
           << '\n';
  }
  return 0;
}

}  // namespace

int run_disk_profile(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("CrystalDiskMark/KDiskMark-style disk tests, each a `hostmark fio` job", "disk");
  DiskOptions o;
  app.add_option("path", o.run.path,
                 "directory for the test file, an existing file, or a block device")
      ->capture_default_str();
  app.add_option("--profile", o.run.profile, "standard, nvme, peak, realworld or mix")
      ->capture_default_str();
  app.add_option("--loops", o.run.loops, "runs of each test")
      ->capture_default_str()
      ->check(CLI::Range(1u, 1000u));
  app.add_option("--duration", o.run.duration, "seconds of each loop (5, 0.5, 300ms)")
      ->capture_default_str();
  app.add_option("--size", o.run.size, "test file or device region (default 1 GiB)");
  app.add_option("--interval", o.run.interval, "pause between tests (seconds)")
      ->capture_default_str();
  app.add_option("--aggregate", o.run.aggregate,
                 "best or average of the loops (default: the profile's)");
  app.add_flag("--read-only", o.run.read_only, "only the read tests");
  app.add_flag("--write-only", o.run.write_only, "only the write tests");
  app.add_flag("--explain", o.explain,
               "print the `hostmark fio` command of each test; run nothing");
  app.add_flag("--destructive", o.run.destructive, "allow the write tests on a block device");
  app.add_flag("--monitor", o.run.monitor,
               "record what the disk and the CPUs did during each test (iostat -x's view)");
  add_output_options(app, o.output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  const DiskPlan plan = make_disk_plan(o.run);
  if (o.explain) return explain(plan, io);
  Result r;
  r.command = "disk";
  r.context = collect_context();
  measure_disk_profile(o.run, plan, io, r);
  return emit_result(r, o.output, save, storage::write_disk_text, io);
}

}  // namespace hostmark
