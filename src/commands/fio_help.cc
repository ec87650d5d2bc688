#include "commands/fio_help.h"

#include <fmt/format.h>

#include "core/build_info.h"
#include "engines/io_engine.h"
#include "fio/option_table.h"

namespace hostmark {
namespace {

void print_option(const fio::OptionDef& o, std::ostream& out) {
  out << fmt::format("{:<24} : {}{}\n", o.name, o.help,
                     o.alias.empty() ? std::string() : fmt::format(" (alias: {})", o.alias));
}

}  // namespace

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
        return usage_error("--cmdhelp",
                           fmt::format("'{}' is not an option hostmark implements", topic));
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
