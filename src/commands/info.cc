// `hostmark info [PATH]`: describes this host (CPU, caches, memory, kernel, virtualization,
// block devices) and, when PATH is given, the filesystem that holds it. Text or JSON; read-only.
#include <nlohmann/json.hpp>

#include "commands/cli_common.h"
#include "output/host_info_text.h"
#include "results/context.h"
#include "results/host_info_json.h"
#include "results/result_to_json.h"
#include "sysinfo/host_info.h"

namespace hostmark {
namespace {

struct InfoOptions {
  std::string path;  // "" = describe no filesystem
  OutputOptions output;
};

inline constexpr int kInfoSchemaVersion = 1;

}  // namespace

int run_info_command(const std::vector<std::string>& args, const CommandIo& io) {
  InfoOptions options;
  CLI::App app(
      "Describe this host: CPU, caches, memory, kernel, virtualization, block "
      "devices, and the filesystem of PATH.",
      "info");
  app.add_option("path", options.path, "file or directory whose filesystem to describe")
      ->type_name("PATH");
  add_output_options(app, options.output);
  app.get_option("--output-format")->description("normal (human text) or json");
  if (!parse_command_line(app, args, io)) return 0;
  if (options.output.format == OutputFormat::kCsv) {
    throw Failure(usage_error("--output-format", "info supports normal and json, not csv"));
  }

  const sysinfo::HostInfo info = sysinfo::collect_host_info(options.path);
  auto sink = OutputSink::open(options.output, io.out).value();
  if (options.output.format == OutputFormat::kJson) {
    const nlohmann::json doc = {{"schema", "hostmark.info"},
                                {"schema_version", kInfoSchemaVersion},
                                {"context", context_to_json(collect_context())},
                                {"host", host_info_to_json(info)}};
    sink->stream() << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  } else {
    write_host_info_text(info, sink->stream());
  }
  sink->close().value();
  return 0;
}

}  // namespace hostmark
