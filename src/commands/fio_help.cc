#include "commands/fio_help.h"

#include <fmt/format.h>

#include "core/build_info.h"
#include "engines/io_engine.h"
#include "fio/option_table.h"
#include "fio/refused_options.h"
#include "fio/run_options_table.h"

namespace hostmark {
namespace {

void print_option(const fio::OptionDef& o, std::ostream& out) {
  out << fmt::format("{:<24} : {}{}\n", o.name, o.help,
                     o.alias.empty() ? std::string() : fmt::format(" (alias: {})", o.alias));
}

// The placeholder of a value in the man page and completions ("--output=FILE").
std::string_view run_value_name(std::string_view option) {
  constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"output", "FILE"},    {"output-format", "FORMAT"}, {"terse-version", "N"},
      {"eta", "WHEN"},       {"status-interval", "TIME"}, {"section", "NAME"},
      {"results-db", "URL"}, {"cmdhelp", "OPTION"},       {"enghelp", "ENGINE"}};
  for (const auto& [name, value] : kNames)
    if (name == option) return value;
  return "VALUE";
}

std::string_view job_value_name(fio::ValueKind kind) {
  switch (kind) {
    case fio::ValueKind::kFlag:
    case fio::ValueKind::kBool: return "0|1";
    case fio::ValueKind::kInt: return "INT";
    case fio::ValueKind::kSize:
    case fio::ValueKind::kSizePercent:
    case fio::ValueKind::kPerDirSize: return "SIZE";
    case fio::ValueKind::kRange:
    case fio::ValueKind::kPerDirRange: return "RANGE";
    case fio::ValueKind::kTime: return "TIME";
    case fio::ValueKind::kFloatList:
    case fio::ValueKind::kList: return "LIST";
    case fio::ValueKind::kPattern: return "PATTERN";
    case fio::ValueKind::kString:
    case fio::ValueKind::kChoice: break;
  }
  return "STRING";
}

}  // namespace

void describe_fio(std::vector<ParserDescription>& out) {
  ParserDescription run{"fio",
                        "",
                        "A drop-in for fio 3.33: hostmark fio [options] [job options] "
                        "[job file]... Job options are given as --name=JOB followed by "
                        "--option=value, or in job files. The run options:",
                        {}};
  run.options.push_back({{}, "JOBFILE", "fio job files", "", {}, false});
  for (const auto& o : fio::run_option_table()) {
    OptionDescription d;
    d.names = {fmt::format("--{}", o.name)};
    d.help = o.help;
    if (o.arg != fio::ArgPolicy::kNone) d.value_name = run_value_name(o.name);
    d.value_optional = o.arg == fio::ArgPolicy::kOptional;
    run.options.push_back(std::move(d));
  }
  out.push_back(std::move(run));
  ParserDescription jobs{"fio --name=JOB",
                         "",
                         "The job options hostmark implements, as --option=value on the command "
                         "line or option=value in a job file (fio's meaning; see docs/FIO.md):",
                         {}};
  for (const auto& o : fio::option_table()) {
    OptionDescription d;
    d.names = {fmt::format("--{}", o.name)};
    d.value_name = job_value_name(o.kind);
    d.help = o.help;
    d.value_optional = o.kind == fio::ValueKind::kFlag;
    if (!o.alias.empty()) d.names.push_back(fmt::format("--{}", o.alias));
    jobs.options.push_back(std::move(d));
  }
  out.push_back(std::move(jobs));
}

Status print_fio_help(fio::RunAction action, const std::string& topic, std::ostream& out) {
  switch (action) {
    case fio::RunAction::kVersion:
      out << "hostmark-" << build::kVersion << " (fio-3.33 compatible)\n";
      return Ok{};
    case fio::RunAction::kHelp:
      out << "hostmark " << build::kVersion << ": a drop-in for fio 3.33\n"
          << "usage: hostmark fio [options] [job options] <job file(s)>\n"
          << "  --output=FILE          write the results to FILE\n"
          << "  --output-format=FORMAT normal, json, json+ or terse (a comma list for several)\n"
          << "  --minimal              terse output (version 3)\n"
          << "  --readonly             refuse every write and trim\n"
          << "  --destructive          allow writing over filesystem and partition signatures\n"
          << "  --parse-only           parse the options and job files, run nothing\n"
          << "  --eta=auto|always|never  the status line on a terminal (stderr)\n"
          << "  --section=NAME         run only job NAME of the job files\n"
          << "  --cmdhelp[=OPTION]     the job options (all, or one)\n"
          << "  --enghelp              the I/O engines\n"
          << "  --version              print the version\n"
          << "Job options are given as --name=JOB followed by --option=value, or in job files.\n"
          << "See docs/FIO.md for where hostmark differs from fio.\n";
      return Ok{};
    case fio::RunAction::kCmdHelp: {
      if (topic.empty() || topic == "all") {
        for (const auto& o : fio::option_table()) print_option(o, out);
        return Ok{};
      }
      const fio::OptionDef* o = fio::find_option(topic);
      if (o == nullptr) {
        if (const fio::RefusedOption* refused = fio::find_refused_option(topic)) {
          return usage_error("--cmdhelp",
                             fmt::format("'{}' is {}", topic, fio::refused_text(*refused)));
        }
        return usage_error("--cmdhelp", fmt::format("'{}' is not a fio option", topic));
      }
      print_option(*o, out);
      out << fmt::format("{:<24} : {}\n", "type", fio::value_kind_name(o->kind));
      return Ok{};
    }
    case fio::RunAction::kEngHelp: {
      if (!topic.empty()) {
        for (auto name : engines::engine_names())
          if (name == topic) {
            out << name << ": see docs/FIO.md for its options\n";
            return Ok{};
          }
        return usage_error("--enghelp", fmt::format("'{}' is not an engine", topic));
      }
      out << "Available IO engines:\n";
      for (auto name : engines::engine_names()) out << '\t' << name << '\n';
      return Ok{};
    }
    case fio::RunAction::kRun: break;
  }
  return Ok{};
}

}  // namespace hostmark
