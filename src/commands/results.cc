// `hostmark results list|show|delete|export|import`: the saved results (results/result_store.h).
// This file: the dispatch and what the subcommands share; list and show in results_view.cc,
// delete here, export and import in results_transfer.cc.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string_view>
#include <vector>

#include "commands/cli_common.h"
#include "commands/results_cli.h"

namespace hostmark {
namespace {

struct Subcommand {
  std::string_view name;
  std::string_view summary;
  CommandFn run;
};

constexpr Subcommand kSubcommands[] = {
    {"list", "the saved results, newest first (--command, --host, --limit)", run_results_list},
    {"show", "one result: a summary, or its saved JSON with --output-format=json",
     run_results_show},
    {"delete", "delete results by id", run_results_delete},
    {"export", "results as a JSON array (or JSON lines) for import elsewhere", run_results_export},
    {"import", "result files, export files or a directory of JSON results", run_results_import},
};

// "list, show, delete, export, import": for the errors that name them.
std::string subcommand_names() {
  std::vector<std::string_view> names;
  for (const auto& s : kSubcommands) names.push_back(s.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

void print_usage(std::ostream& out) {
  out << "Usage: hostmark results <subcommand> [options] [--results-db URL]\n\n"
         "The results store keeps every run (docs/RESULTS_STORE.md): SQLite at "
         "$XDG_DATA_HOME/hostmark/results.db\nby default, or a PostgreSQL database with "
         "--results-db postgresql://user@host:port/db.\n\nSubcommands:\n";
  for (const auto& s : kSubcommands) out << fmt::format("  {:<8}{}\n", s.name, s.summary);
  out << "\nSee 'hostmark results <subcommand> --help'.\n";
}

}  // namespace

void add_results_db_option(CLI::App& app, std::string& url) {
  app.add_option("--results-db", url,
                 "the results store: a file, sqlite:PATH or postgresql://user@host:port/db "
                 "[$XDG_DATA_HOME/hostmark/results.db]")
      ->type_name("URL");
}

std::unique_ptr<ResultStore> open_store_or_throw(const std::string& url, bool create) {
  Expected<std::unique_ptr<ResultStore>> store =
      create ? open_result_store(url) : open_existing_result_store(url);
  if (!store) {
    const Error& e = store.error();
    throw Failure(Error{e.kind, "results store", e.message()});
  }
  return std::move(store).value();
}

Expected<std::int64_t> parse_result_id(const std::string& text) {
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || id < 1)
    return usage_error(fmt::format("result '{}'", text), "not a result id (a whole number from 1)");
  return id;
}

int report_error(const Error& error, const CommandIo& io) {
  io.err << "hostmark: " << error.message() << std::endl;
  return error.exit_code();
}

int run_results_delete(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("Delete saved results by id.", "results delete");
  std::vector<std::string> ids;
  std::string url;
  app.add_option("id", ids, "result ids (see hostmark results list)")->required();
  add_results_db_option(app, url);
  if (!parse_command_line(app, args, io)) return 0;
  const auto store = open_store_or_throw(url);
  int status = 0;
  for (const auto& text : ids) {
    Expected<std::int64_t> id = parse_result_id(text);
    const Status done = id ? store->remove(*id) : Status(id.error());
    if (!done) status = std::max(status, report_error(done.error(), io));
  }
  return status;
}

int run_results_command(const std::vector<std::string>& args, const CommandIo& io) {
  if (io.describe != nullptr) {  // every subcommand, each with its own parser
    for (const auto& s : kSubcommands) {
      s.run({}, io);
      io.describe->back().subcommand = s.name;
    }
    return 0;
  }
  if (args.empty()) {
    throw Failure(usage_error(
        "results",
        fmt::format("no subcommand ({}); see 'hostmark results --help'", subcommand_names())));
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(io.out);
    return 0;
  }
  for (const auto& s : kSubcommands) {
    if (s.name == args[0]) return s.run({args.begin() + 1, args.end()}, io);
  }
  throw Failure(usage_error(
      "results", fmt::format("'{}' is not a subcommand ({})", args[0], subcommand_names())));
}

}  // namespace hostmark
