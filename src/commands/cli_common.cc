#include "commands/cli_common.h"

#include <algorithm>
#include <cstdlib>

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

void add_save_options(CLI::App& app, SaveOptions& options) {
  app.add_option("--results-db", options.results_db,
                 "save the result in this results store: a file, sqlite:PATH or "
                 "postgresql://user@host:port/db [$XDG_DATA_HOME/hostmark/results.db]")
      ->type_name("URL");
  app.add_flag("--no-save", options.no_save, "do not save the result in the results store");
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
  return !io.parse_only;
}

int emit_result(const Result& result, const OutputOptions& options, const TextRenderer& text,
                const CommandIo& io) {
  auto sink = OutputSink::open(options, io.out).value();
  write_result(result, options.format, text, sink->stream());
  sink->close().value();
  return result.interrupted ? 1 : 0;
}

int emit_result(const Result& result, const OutputOptions& options, const SaveOptions& save,
                const TextRenderer& text, const CommandIo& io) {
  const int printed = emit_result(result, options, text, io);
  const int saved = save_to_results_store(result, save, io);
  return printed != 0 ? printed : saved;
}

void abandon_process(const std::string& what, const CommandIo& io) {
  if (io.before_abandon) io.before_abandon();
  io.out.flush();
  io.err << "hostmark: " << what << ": interrupted" << std::endl;
  std::_Exit(1);
}

}  // namespace hostmark
