// `hostmark results export` and `hostmark results import`: results in and out as JSON.
//
// export writes a JSON array of the saved documents (each as it was saved, docs/RESULT_SCHEMA.md),
// or with --lines one document per line (JSON lines). import reads either form, a single result
// file (`--output-format=json`), or a directory of such files (the old results directory,
// ~/.local/share/hostmark/results/*.json).
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands/cli_common.h"
#include "commands/results_cli.h"

namespace hostmark {
namespace {

// One document to import and where it came from ("file.json", "export.json[3]", "x.jsonl:7").
struct ImportDoc {
  std::string origin;
  nlohmann::json doc;
};

Expected<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return usage_error(path, fmt::format("cannot read: {}", std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return run_error(path, "read error");
  return text.str();
}

// The documents of one file: an object, an array of objects, or JSON lines.
Expected<std::vector<ImportDoc>> documents_of(const std::string& path) {
  Expected<std::string> text = read_text(path);
  if (!text) return text.error();
  std::vector<ImportDoc> out;
  const nlohmann::json whole = nlohmann::json::parse(*text, nullptr, false);
  if (whole.is_array()) {
    for (std::size_t i = 0; i < whole.size(); ++i)
      out.push_back({fmt::format("{}[{}]", path, i), whole[i]});
    return out;
  }
  if (!whole.is_discarded()) {
    out.push_back({path, whole});
    return out;
  }
  std::istringstream lines(*text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json doc = nlohmann::json::parse(line, nullptr, false);
    if (doc.is_discarded())
      return usage_error(fmt::format("{}:{}", path, n),
                         "not JSON (nor a JSON array or JSON lines)");
    out.push_back({fmt::format("{}:{}", path, n), std::move(doc)});
  }
  if (out.empty()) return usage_error(path, "no JSON document in it");
  return out;
}

// The files to import for `path`: itself, or a directory's *.json files in name order.
Expected<std::vector<std::string>> files_of(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return std::vector<std::string>{path};
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".json")
      files.push_back(entry.path().string());
  }
  if (ec) return usage_error(path, ec.message());
  std::sort(files.begin(), files.end());
  if (files.empty()) return usage_error(path, "no *.json files in this directory");
  return files;
}

}  // namespace

int run_results_export(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("Write saved results as a JSON array (or JSON lines with --lines).",
               "results export");
  std::vector<std::string> ids;
  bool all = false;
  bool lines = false;
  std::string url;
  OutputOptions output;
  output.format = OutputFormat::kJson;
  app.add_option("id", ids, "result ids (see hostmark results list)");
  app.add_flag("--all", all, "every saved result");
  app.add_flag("--lines", lines, "one result per line (JSON lines) instead of a JSON array");
  app.add_option("-o,--output", output.path, "write to FILE instead of standard output")
      ->type_name("FILE");
  add_results_db_option(app, url);
  if (!parse_command_line(app, args, io)) return 0;
  if (all == !ids.empty())
    throw Failure(usage_error("results export", "give result ids or --all (not both)"));
  const auto store = open_store_or_throw(url);
  std::vector<std::int64_t> wanted;
  if (all) {
    const std::vector<StoredResultInfo> rows = store->list({}).value();
    for (const auto& r : rows) wanted.push_back(r.id);
    std::reverse(wanted.begin(), wanted.end());  // oldest first
  }
  int status = 0;
  for (const auto& text : ids) {
    Expected<std::int64_t> id = parse_result_id(text);
    if (id) wanted.push_back(*id);
    else status = std::max(status, report_error(id.error(), io));
  }
  nlohmann::json docs = nlohmann::json::array();
  for (const std::int64_t id : wanted) {
    Expected<std::string> json = store->get_json(id);
    nlohmann::json doc = json ? nlohmann::json::parse(*json, nullptr, false) : nlohmann::json();
    if (!json) status = std::max(status, report_error(json.error(), io));
    else if (doc.is_discarded())
      status = std::max(status, report_error(run_error(fmt::format("result {}", id),
                                                       "the stored JSON does not parse"),
                                             io));
    else docs.push_back(std::move(doc));
  }
  if (status != 0) return status;  // nothing written: a partial export would look complete
  auto sink = OutputSink::open(output, io.out).value();
  constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
  if (lines) {
    for (const auto& d : docs) sink->stream() << d.dump(-1, ' ', false, kReplace) << '\n';
  } else {
    sink->stream() << docs.dump(2, ' ', false, kReplace) << '\n';
  }
  sink->close().value();
  return 0;
}

int run_results_import(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app(
      "Save results from JSON files: result files (--output-format=json), files written by "
      "`results export`, or a directory of *.json result files.",
      "results import");
  std::vector<std::string> paths;
  std::string url;
  app.add_option("path", paths, "files or directories")->required();
  add_results_db_option(app, url);
  if (!parse_command_line(app, args, io)) return 0;
  const auto store = open_store_or_throw(url, /*create=*/true);
  int status = 0;
  for (const auto& path : paths) {
    Expected<std::vector<std::string>> files = files_of(path);
    if (!files) {
      status = std::max(status, report_error(files.error(), io));
      continue;
    }
    for (const auto& file : *files) {
      Expected<std::vector<ImportDoc>> docs = documents_of(file);
      if (!docs) {
        status = std::max(status, report_error(docs.error(), io));
        continue;
      }
      for (const auto& d : *docs) {
        Expected<std::int64_t> id = store->save_json(d.doc);
        if (id) {
          io.out << fmt::format("{}: saved as result {}\n", d.origin, *id);
        } else {
          status = std::max(
              status, report_error(Error{id.error().kind, d.origin, id.error().message()}, io));
        }
      }
    }
  }
  io.out.flush();
  return status;
}

}  // namespace hostmark
