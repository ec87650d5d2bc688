#include "fio/job_builder.h"

#include <fmt/format.h>

#include <array>

#include "fio/option_table.h"
#include "fio/refused_options.h"
#include "fio/values.h"

namespace hostmark::fio {

Error option_error(const Place& place, std::string_view option, std::string why) {
  if (place.command_line) return usage_error("--" + std::string(option), std::move(why));
  return usage_error(place.where, std::string(option) + ": " + why);
}

Status apply_option(JobOptions& job, const OptionText& option,
                    std::vector<std::pair<std::string, std::string>>& given) {
  const OptionDef* def = find_option(option.name);
  if (def == nullptr) {
    if (const RefusedOption* refused = find_refused_option(option.name)) {
      // Spelling out fio's default asks for what hostmark does: shown, nothing to set.
      if (option.value && asks_for_what_hostmark_does(*refused, trim(*option.value))) {
        given.emplace_back(option.name, *option.value);
        return Ok{};
      }
      return option_error(option.place, option.name, refused_text(*refused));
    }
    return option_error(option.place, option.name, "unknown option");
  }
  bool bare_ok = def->kind == ValueKind::kFlag || def->kind == ValueKind::kBool ||
                 (def->bare_in_job_file && !option.place.command_line);
  if (!option.value && !bare_ok) return option_error(option.place, option.name, "needs a value");
  std::string_view value = option.value ? std::string_view(*option.value) : std::string_view();
  if (Status s = def->set(job, value); !s)
    return option_error(option.place, option.name, s.error().why);
  given.emplace_back(def->name, option.value.value_or(""));  // fio shows the canonical name
  return Ok{};
}

Status apply_section(JobOptions& job, const std::vector<OptionText>& options,
                     std::vector<std::pair<std::string, std::string>>& given) {
  std::vector<std::pair<std::string, std::string>> scratch;
  for (const OptionText& o : options) {  // fio parses kb_base before the options it affects
    if (o.name == "kb_base") {
      if (Status s = apply_option(job, o, scratch); !s) return s;
    }
  }
  for (const OptionText& o : options) {
    if (o.name == "kb_base") {
      given.emplace_back(o.name, o.value.value_or(""));
      continue;
    }
    if (Status s = apply_option(job, o, given); !s) return s;
  }
  return Ok{};
}

JobOptions start_job(const JobOptions& global, std::string name, std::string defined_at) {
  JobOptions job = global;
  job.name = std::move(name);
  job.defined_at = std::move(defined_at);
  job.given.clear();
  return job;
}

std::string expand_line(std::string_view line, const ParserEnv& env) {
  const std::array<std::pair<std::string_view, std::string>, 3> keywords{{
      {"$pagesize", std::to_string(env.page_size)},
      {"$mb_memory", std::to_string(env.memory_mib)},
      {"$ncpus", std::to_string(env.ncpus)},
  }};
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line.compare(i, 2, "${") == 0) {
      std::size_t close = line.find('}', i + 2);
      if (close != std::string_view::npos) {
        std::string name(line.substr(i + 2, close - i - 2));
        if (env.getenv) out += env.getenv(name).value_or("");
        i = close + 1;
        continue;
      }
    }
    bool replaced = false;
    for (const auto& [key, value] : keywords) {
      if (line.compare(i, key.size(), key) == 0) {
        out += value;
        i += key.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += line[i++];
  }
  return out;
}

}  // namespace hostmark::fio
