#include "commands/cli_common.h"

#include <algorithm>
#include <cstdlib>

#include "commands/result_saving.h"

namespace hostmark {

void add_output_options(CLI::App& app, OutputOptions& options) {
  app.add_option_function<std::string>(
         "--output-format",
         [&options](const std::string& v) { options.format = parse_output_format(v).value(); },
         "normal (human text), json or csv")
      ->type_name("FORMAT");
  app.add_option("--output", options.path, "write the result to FILE instead of standard output")
      ->type_name("FILE");
}

void add_result_options(CLI::App& app, OutputOptions& options) {
  add_output_options(app, options);
  SaveOptions& save = options.save.emplace();
  app.add_option("--results-db", save.results_db,
                 "save the result in this results store: a file, sqlite:PATH or "
                 "postgresql://user@host:port/db [$XDG_DATA_HOME/hostmark/results.db]")
      ->type_name("URL");
  app.add_flag("--no-save", save.no_save, "do not save the result in the results store");
}

bool parse_command_line(CLI::App& app, const std::vector<std::string>& args, const CommandIo& io) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them reversed
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    io.out << app.help();
    return false;
  } catch (const CLI::ParseError& e) {
    std::string why = e.what();
    if (!why.empty() && why.back() == '\n') why.pop_back();
    throw Failure(usage_error(app.get_name(), why));
  }
  return true;
}

int emit_result(const Result& result, const OutputOptions& options, const TextRenderer& text,
                const CommandIo& io) {
  auto sink = OutputSink::open(options, io.out).value();
  write_result(result, options.format, text, sink->stream());
  sink->close().value();
  const int saved = options.save ? save_to_results_store(result, *options.save, io) : 0;
  return result.interrupted ? 1 : saved;
}

void abandon_process(const std::string& what, const CommandIo& io) {
  io.out.flush();
  io.err << "hostmark: " << what << ": interrupted" << std::endl;
  std::_Exit(1);
}

}  // namespace hostmark
