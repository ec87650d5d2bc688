// `hostmark history`: what `hostmark record` sampled, as rates per interval (sar-like table:
// CPU, sar -b's transfer summary, memory and load; or one device's iostat -x columns with
// --device), in text, CSV or JSON; with --processes, the top I/O processes of each interval.
#include "monitor/history.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "cli/time_spec.h"
#include "commands/cli_common.h"
#include "monitor/record_store.h"
#include "output/history_format.h"

namespace hostmark {
namespace {

struct HistoryOptions {
  std::string db;
  std::string from = "1h ago";
  std::string to = "now";
  std::string device;
  bool processes = false;
  OutputOptions output;
};

}  // namespace

int run_history_command(const std::vector<std::string>& args, const CommandIo& io) {
  HistoryOptions o;
  CLI::App app("Show what `hostmark record` sampled: rates per interval, like sar.", "history");
  app.add_option("--db", o.db, "database file [$XDG_STATE_HOME/hostmark/record.db]")
      ->type_name("PATH");
  app.add_option("--from", o.from,
                 "start: '1h ago', today, yesterday, 'YYYY-MM-DD HH:MM', HH:MM, @SECONDS [1h ago]")
      ->type_name("TIME");
  app.add_option("--to", o.to, "end, same forms [now]")->type_name("TIME");
  app.add_option("--device", o.device, "one device's iostat -x columns (vda, nvme0n1)")
      ->type_name("NAME");
  app.add_flag("--processes", o.processes,
               "also the processes with the most I/O in each interval (record --top-processes)");
  add_output_options(app, o.output);
  if (!parse_command_line(app, args, io)) return 0;
  const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  const std::int64_t from = parse_time_spec("--from", o.from, now).value();
  const std::int64_t to = parse_time_spec("--to", o.to, now).value();
  if (to < from) throw Failure(usage_error("--to", "is before --from"));
  if (o.db.empty()) o.db = monitor::default_record_path();

  const monitor::RecordStore store = monitor::RecordStore::open_read_only(o.db);
  if (!o.device.empty()) {
    const std::vector<std::string> known = store.disk_names();
    if (std::find(known.begin(), known.end(), o.device) == known.end()) {
      std::string list;
      for (const auto& name : known) list += fmt::format("{}{}", list.empty() ? "" : ", ", name);
      throw Failure(
          usage_error("--device", fmt::format("'{}' is not in {} (devices recorded: {})", o.device,
                                              o.db, list.empty() ? "none" : list)));
    }
  }
  auto sink = OutputSink::open(o.output, io.out).value();
  const auto writer = make_history_writer(
      o.output.format, HistoryHeader{o.db, from, to, o.device, o.processes}, sink->stream());
  monitor::HistoryBuilder builder(o.device);
  std::uint64_t rows = 0;
  store.for_each(from, to, [&](const monitor::HostSample& s) {
    if (const auto row = builder.add(s)) {
      writer->row(*row);
      ++rows;
    }
  });
  writer->finish(rows);
  sink->close().value();
  return 0;
}

}  // namespace hostmark
