// `hostmark exporter [--listen 127.0.0.1:9464]`: Prometheus metrics at GET /metrics, with
// node_exporter's disk metric names (see exporter/disk_metrics.h), read fresh from /proc and
// /sys on every scrape. Loopback by default; SIGINT/SIGTERM stop it (status 0).
#include <unistd.h>

#include "commands/cli_common.h"
#include "exporter/disk_metrics.h"
#include "exporter/http_server.h"
#include "exporter/process_metrics.h"
#include "monitor/proc_file.h"
#include "runner/signal_guard.h"

namespace hostmark {

int run_exporter_command(const std::vector<std::string>& args, const CommandIo& io) {
  std::string listen = "127.0.0.1:9464";
  std::size_t top_processes = 5;
  CLI::App app(
      "Serve Prometheus metrics (node_exporter's disk metric names, CPU iowait) at GET "
      "/metrics.",
      "exporter");
  app.add_option("--listen", listen, "HOST:PORT to listen on (default 127.0.0.1:9464)")
      ->type_name("HOST:PORT");
  app.add_option("--top-processes", top_processes,
                 "export the N processes with the most I/O (0: none) [5]")
      ->type_name("N")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000}));
  if (!parse_command_line(app, args, io)) return 0;
  const auto address = exporter::parse_listen_address(listen).value();
  auto server = exporter::HttpServer::listen(address).value();
  // Before the line that says where it listens: a SIGINT sent as soon as a script reads it
  // stops the server cleanly (exit 0) instead of killing it.
  SignalGuard guard;
  io.err << "hostmark exporter: listening on http://" << server->bound_address() << "/metrics\n";
  io.err.flush();

  const double ticks_per_s = static_cast<double>(sysconf(_SC_CLK_TCK));
  // Process rates over at least 1 s: the window between two scrapes, or the last one's.
  exporter::TopProcessRates processes(top_processes, 1'000'000'000, {"/", false, false});
  const auto render = [ticks_per_s, &processes, top_processes] {
    const auto disks = monitor::collect_disks("/", true).disks;
    const auto cpu = monitor::parse_proc_stat(monitor::read_proc_file("/proc/stat")).all;
    std::string text = exporter::disk_metrics_text(disks, cpu, ticks_per_s);
    if (top_processes > 0) text += exporter::process_metrics_text(processes.update());
    return text;
  };
  server->serve(render, [&guard] { return guard.stop_requested(); });
  return 0;
}

}  // namespace hostmark
