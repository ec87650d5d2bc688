// parse_fio_command_line: fio's argv rules (getopt_long_only, as fio 3.33 uses it):
//  - "--opt=value", "--opt value" and one dash ("-opt=value") are all accepted; an unambiguous
//    prefix of an option name is accepted too ("--runt=10"); flags (thread, group_reporting...)
//    take no separate argument, so "--thread 1" makes "1" a job file, as in fio.
//  - options before the first --name go to the global state; --name=X starts job X (a copy of
//    the global state at that point) and later options belong to it; --name=global goes back to
//    the global state. Job files (every other argument) start from the command line's global
//    state, whatever their position, and are read after the command line, as fio does.
//  - --version, --help, --cmdhelp and --enghelp stop parsing, as fio exits there.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "fio/job_builder.h"
#include "fio/job_file.h"
#include "fio/job_parser.h"
#include "fio/option_table.h"
#include "fio/refused_options.h"
#include "fio/run_options_table.h"

namespace hostmark::fio {
namespace {

// What an option name on the command line resolves to.
struct Resolved {
  std::string name;  // the full name matched (the prefix expanded)
  const RunOptionDef* run = nullptr;
  const OptionDef* job = nullptr;
  // A job option hostmark refuses but for fio's default value (apply_option decides).
  const RefusedOption* refused = nullptr;
};

struct Candidate {
  std::string_view name;
  const void* identity;  // the definition, so a name and its alias are one candidate
};

std::vector<Candidate> all_names() {
  std::vector<Candidate> out;
  for (const RunOptionDef& d : run_option_table()) out.push_back({d.name, &d});
  for (const OptionDef& d : option_table()) {
    out.push_back({d.name, &d});
    if (!d.alias.empty()) out.push_back({d.alias, &d});
  }
  for (const RefusedOption& r : unimplemented_run_options()) out.push_back({r.name, &r});
  return out;
}

Expected<Resolved> resolve(std::string_view written) {
  std::string name(written);
  if (!find_run_option(name) && !find_option(name)) {
    std::vector<Candidate> matches;
    std::set<const void*> identities;
    for (const Candidate& c : all_names()) {
      if (c.name == written) {  // a refused option named in full, as --trigger
        matches.assign(1, c);
        identities = {c.identity};
        break;
      }
      if (c.name.substr(0, written.size()) == written) {
        matches.push_back(c);
        identities.insert(c.identity);
      }
    }
    if (identities.size() > 1) {
      std::string list;
      for (const Candidate& c : matches) list += (list.empty() ? "" : ", ") + std::string(c.name);
      return usage_error("--" + name, "ambiguous option (" + list + ")");
    }
    if (identities.size() == 1) name = std::string(matches.front().name);
  }
  Resolved r{name, find_run_option(name), find_option(name)};
  if (r.run || r.job) return r;
  if (const RefusedOption* refused = find_refused_option(name)) {
    if (!refused->same_as_hostmark.empty()) return Resolved{name, nullptr, nullptr, refused};
    return usage_error("--" + name, refused_text(*refused));
  }
  for (const RefusedOption& refused : unimplemented_run_options()) {
    if (refused.name == name) {
      return usage_error("--" + name, fmt::format("not implemented by hostmark ({})", refused.why));
    }
  }
  return usage_error("--" + name, "unknown option");
}

ArgPolicy policy_of(const Resolved& r) {
  if (r.run) return r.run->arg;
  if (r.refused) return ArgPolicy::kRequired;  // its value decides (apply_option)
  return r.job->kind == ValueKind::kFlag ? ArgPolicy::kOptional : ArgPolicy::kRequired;
}

// The command line's state while reading it.
struct State {
  ParsedJobs out;
  JobOptions global;
  std::optional<JobOptions> job;  // the job --name opened, if any
  bool skipping = false;          // inside a --name that --section leaves out
  std::vector<std::string> job_files;
};

Status apply_job_option(State& st, const Resolved& r, const std::optional<std::string>& value) {
  OptionText o{r.name, value, Place{"", true}};
  if (r.name == "name") {
    if (st.job) st.out.jobs.push_back(*std::move(st.job));
    st.job.reset();
    st.skipping = false;
    if (!value || value->empty()) return option_error(o.place, "name", "needs a value");
    if (*value == "global") return Ok{};
    const auto& sections = st.out.run.sections;
    if (!sections.empty() && std::ranges::find(sections, *value) == sections.end()) {
      st.skipping = true;
      return Ok{};
    }
    st.job = start_job(st.global, *value, "command line");
    return apply_option(*st.job, o, st.job->given);
  }
  if (st.skipping) return Ok{};
  if (st.job) return apply_option(*st.job, o, st.job->given);
  return apply_option(st.global, o, st.out.global_given);
}

// --section applies wherever it is written (fio reads every option before any job file).
void collect_sections(const std::vector<std::string>& args, RunOptions& run) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--section" && i + 1 < args.size()) run.sections.push_back(args[i + 1]);
    if (args[i].rfind("--section=", 0) == 0) run.sections.push_back(args[i].substr(10));
  }
}

Status read_job_files(State& st, const ParserEnv& env) {
  for (std::size_t i = 0; i < st.job_files.size(); ++i) {
    const std::string& file = st.job_files[i];
    if (!env.read_file) return usage_error(file, "cannot read job file");
    auto text = env.read_file(file);
    if (!text) return usage_error(file, text.error().why);
    JobFileRequest request;
    request.text = text.value();
    request.file_name = file;
    request.global = st.global;
    request.sections = &st.out.run.sections;
    request.stonewall_first_job = i > 0;
    if (Status s = read_job_file(request, env, st.out); !s) return s;
  }
  return Ok{};
}

}  // namespace

Expected<ParsedJobs> parse_fio_command_line(const std::vector<std::string>& args,
                                            const ParserEnv& env) {
  State st;
  if (args.empty()) {
    st.out.run.action = RunAction::kHelp;
    return st.out;
  }
  collect_sections(args, st.out.run);
  bool only_files = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (only_files || arg.size() < 2 || arg[0] != '-') {
      st.job_files.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_files = true;
      continue;
    }
    std::string_view body = std::string_view(arg).substr(arg[1] == '-' ? 2 : 1);
    std::size_t eq = body.find('=');
    auto resolved = resolve(body.substr(0, eq));
    if (!resolved) return resolved.error();
    const Resolved& r = resolved.value();
    std::optional<std::string> value;
    if (eq != std::string_view::npos) value = std::string(body.substr(eq + 1));
    ArgPolicy policy = policy_of(r);
    if (policy == ArgPolicy::kNone && value) return usage_error("--" + r.name, "takes no value");
    if (policy == ArgPolicy::kRequired && !value) {
      if (i + 1 >= args.size()) return usage_error("--" + r.name, "needs a value");
      value = args[++i];
    }
    if (r.run) {
      if (r.run->name == "section") continue;  // taken by the pre-pass
      if (Status s = r.run->set(st.out.run, value.value_or("")); !s)
        return usage_error("--" + r.name, s.error().why);
      if (st.out.run.action != RunAction::kRun) return st.out;
      continue;
    }
    if (Status s = apply_job_option(st, r, value); !s) return s.error();
  }
  if (st.job) st.out.jobs.push_back(*std::move(st.job));
  if (Status s = read_job_files(st, env); !s) return s.error();
  st.out.run.kb_base = st.global.kb_base;
  if (st.out.run.readonly) {
    for (JobOptions& job : st.out.jobs) job.readonly = true;
  }
  if (st.out.jobs.empty())
    return usage_error("fio", "no jobs defined (give --name=NAME or a job file)");
  return st.out;
}

}  // namespace hostmark::fio
