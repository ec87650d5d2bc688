#include "commands/cli_common.h"

#include <algorithm>
#include <cstdlib>

namespace hostmark {

void add_output_options(CLI::App& app, OutputOptions& options) {
  app.add_option_function<std::string>(
         "--output-format",
         [&options](const std::string& v) { options.format = parse_output_format(v).value(); },
         "normal (human text), json or csv")
      ->type_name("FORMAT")
      // Checks nothing (parse_output_format names the option in its error): lists the values
      // in --help, the man page and the completions.
      ->check(
          CLI::Validator([](const std::string&) { return std::string(); }, "{normal,json,csv}"));
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

namespace {

// CLI11's full type name is "NAME" plus ":VALIDATOR" per check; IsMember's is "{a,b,c}".
void set_value_name(const CLI::Option& option, OptionDescription& d) {
  const std::string full = option.get_type_name();
  d.value_name = full.substr(0, full.find(':'));
  const auto open = full.find(":{");
  const auto close = full.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return;
  std::string list = full.substr(open + 2, close - open - 2);
  for (std::size_t start = 0; start <= list.size();) {
    const auto comma = std::min(list.find(',', start), list.size());
    if (comma > start) d.choices.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
}

}  // namespace

ParserDescription describe_cli_app(const CLI::App& app) {
  ParserDescription p{app.get_name(), "", app.get_description(), {}};
  for (const CLI::Option* option : app.get_options()) {
    if (option == app.get_help_ptr() || option->get_group().empty()) continue;  // hidden
    OptionDescription d;
    for (const auto& s : option->get_snames()) d.names.push_back("-" + s);
    for (const auto& l : option->get_lnames()) d.names.push_back("--" + l);
    d.help = option->get_description();
    d.default_value = option->get_default_str();
    if (option->get_type_size() != 0) {
      set_value_name(*option, d);
      d.value_optional = !d.names.empty() && option->get_expected_min() == 0;
    }
    if (d.names.empty()) d.value_name = option->get_name(true);  // a positional's name
    p.options.push_back(std::move(d));
  }
  return p;
}

bool parse_command_line(CLI::App& app, const std::vector<std::string>& args, const CommandIo& io) {
  if (io.describe != nullptr) {
    io.describe->push_back(describe_cli_app(app));
    return false;
  }
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
