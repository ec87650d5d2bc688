#include "cli/sysbench_args.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "cli/units.h"

namespace hostmark {
namespace {

std::string normalize(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

const SbOptionDef* find_def(std::span<const SbOptionGroup> groups, std::string_view name) {
  for (const auto& g : groups)
    for (const auto& d : g.options)
      if (d.name == name) return &d;
  return nullptr;
}

const SbOptionDef& require_def(std::span<const SbOptionGroup> groups, std::string_view name) {
  const SbOptionDef* d = find_def(groups, name);
  if (d == nullptr) std::abort();  // invariant: callers ask only for options they defined
  return *d;
}

Expected<bool> check_value(const SbOptionDef& def, const std::string& value) {
  const std::string option = "--" + std::string(def.name);
  switch (def.type) {
    case SbArgType::kInt:
      if (auto v = parse_count(option, value); !v) return v.error();
      break;
    case SbArgType::kSize:
      if (auto v = parse_size(option, value); !v) return v.error();
      break;
    case SbArgType::kFlag:
      if (auto v = parse_flag(option, value); !v) return v.error();
      break;
    case SbArgType::kDuration:
      if (auto v = parse_duration_ns(option, value); !v) return v.error();
      break;
    case SbArgType::kDouble: {
      char* end = nullptr;
      std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0')
        return usage_error(option, fmt::format("'{}' is not a number", value));
      break;
    }
    case SbArgType::kString:
    case SbArgType::kList:
    case SbArgType::kFile: break;
  }
  return true;
}

std::string_view type_label(SbArgType t) {
  switch (t) {
    case SbArgType::kInt:
    case SbArgType::kDouble:
    case SbArgType::kDuration: return "=N";
    case SbArgType::kSize: return "=SIZE";
    case SbArgType::kString: return "=STRING";
    case SbArgType::kList: return "=[LIST,...]";
    case SbArgType::kFile: return "=FILENAME";
    case SbArgType::kFlag: return "[=on|off]";
  }
  return "";
}

// sysbench 1.0.20 also takes its tests as the path of their Lua script, as older guides write
// them: `sysbench /usr/share/sysbench/oltp_read_write.lua run`. The stock scripts' paths (where
// Debian and `make install` put them) and a bare "NAME.lua" name their test; any other path is
// kept, so a script of one's own is refused by name, never run as the built-in test it copies.
std::string test_name(const std::string& given) {
  const std::filesystem::path path(given);  // ".lua" alone has no extension: no name in it
  if (path.extension() != ".lua") return given;
  const std::string dir = path.parent_path().string();
  if (!dir.empty() && dir != "/usr/share/sysbench" && dir != "/usr/local/share/sysbench")
    return given;
  return path.stem().string();
}

}  // namespace

Expected<SbArgs> SbArgs::parse(const std::vector<std::string>& args) {
  SbArgs out;
  std::vector<std::string> positionals;
  for (const auto& a : args) {
    if (a.rfind("--", 0) == 0 && a.size() > 2) {
      const auto eq = a.find('=');
      const std::string name =
          normalize(a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2));
      out.values_[name] = eq == std::string::npos ? "on" : a.substr(eq + 1);
      if (eq == std::string::npos) out.bare_.insert(name);
      else out.bare_.erase(name);
    } else if (a.rfind("-", 0) == 0 && a.size() > 1) {
      return usage_error(a, "unknown option (sysbench options are written --name=value)");
    } else {
      positionals.push_back(a);
    }
  }
  if (positionals.size() > 2) {
    return with_peer_text(
        usage_error(positionals[2],
                    "unexpected argument (usage: sysbench [options]... [testname] [command])"),
        "Unrecognized command line argument: " + positionals[2]);
  }
  if (!positionals.empty()) {
    out.test_ = test_name(positionals[0]);
    out.test_given_ = positionals[0];
  }
  if (positionals.size() > 1) out.command_ = positionals[1];
  return out;
}

Expected<bool> SbArgs::validate(std::span<const SbOptionGroup> groups) const {
  for (const auto& [name, value] : values_) {
    const SbOptionDef* def = find_def(groups, name);
    const bool bare = bare_.count(name) != 0;
    // sysbench's words: "invalid option: --foo=3", as given (its names keep their spelling).
    const std::string as_given = "--" + name + (bare ? "" : "=" + value);
    if (def == nullptr)
      return with_peer_text(usage_error("--" + name, "unknown option"),
                            "invalid option: " + as_given);
    if (bare && def->type != SbArgType::kFlag) {
      return usage_error("--" + name, "needs a value (--" + name + "=...)");
    }
    if (auto ok = check_value(*def, value); !ok) {
      if (def->type == SbArgType::kFlag)
        return with_peer_text(ok.error(), "invalid option: " + as_given);
      if (def->type != SbArgType::kSize) return ok.error();
      // sysbench takes any size here and its test names it in a FATAL line (the memory
      // test's "FATAL: Invalid value for memory-block-size: -1"), exit status 1.
      return with_peer_text(ok.error(),
                            fmt::format("FATAL: Invalid value for {}: {}", def->name, value));
    }
  }
  return true;
}

Expected<bool> SbArgs::add_config(const std::vector<SbConfigEntry>& entries,
                                  std::span<const SbOptionGroup> groups, const std::string& file) {
  std::map<std::string, std::string> from_file;
  for (const auto& e : entries) {
    const std::string where = fmt::format("{}:{}", file, e.line);
    const std::string name = normalize(e.name);
    const SbOptionDef* def = find_def(groups, name);
    if (def == nullptr) return usage_error(where, fmt::format("--{}: unknown option", name));
    if (def->type == SbArgType::kFile)
      return usage_error(where, fmt::format("--{}: not allowed inside a config file", name));
    if (e.value.empty())
      return usage_error(where, fmt::format("--{}: needs a value ({}=...)", name, name));
    if (auto ok = check_value(*def, e.value); !ok) return usage_error(where, ok.error().message());
    from_file[name] = e.value;
  }
  for (auto& [name, value] : from_file) values_.emplace(name, std::move(value));  // keeps given
  return true;
}

std::string SbArgs::text(std::span<const SbOptionGroup> groups, std::string_view name) const {
  const SbOptionDef& def = require_def(groups, name);
  const auto it = values_.find(std::string(name));
  return it != values_.end() ? it->second : std::string(def.default_value);
}

std::uint64_t SbArgs::count(std::span<const SbOptionGroup> groups, std::string_view name) const {
  return parse_count("--" + std::string(name), text(groups, name)).value();
}

std::uint64_t SbArgs::size(std::span<const SbOptionGroup> groups, std::string_view name) const {
  return parse_size("--" + std::string(name), text(groups, name)).value();
}

bool SbArgs::flag(std::span<const SbOptionGroup> groups, std::string_view name) const {
  return parse_flag("--" + std::string(name), text(groups, name)).value();
}

double SbArgs::number(std::span<const SbOptionGroup> groups, std::string_view name) const {
  return std::strtod(text(groups, name).c_str(), nullptr);
}

std::uint64_t SbArgs::duration_ns(std::span<const SbOptionGroup> groups,
                                  std::string_view name) const {
  return parse_duration_ns("--" + std::string(name), text(groups, name)).value();
}

std::string format_sysbench_help(std::span<const SbOptionGroup> groups) {
  std::string out;
  for (const auto& g : groups) {
    if (g.options.empty()) continue;
    std::size_t width = 0;
    for (const auto& d : g.options)
      width = std::max(width, d.name.size() + 2 + type_label(d.type).size());
    if (!g.title.empty()) out += fmt::format("{}:\n", g.title);  // untitled as in sysbench
    for (const auto& d : g.options) {
      const std::string left = fmt::format("--{}{}", d.name, type_label(d.type));
      if (d.default_value.data() == nullptr)  // kSbNoDefault
        out += fmt::format("  {:<{}} {}\n", left, width, d.help);
      else out += fmt::format("  {:<{}} {} [{}]\n", left, width, d.help, d.default_value);
    }
    out += "\n";
  }
  return out;
}

std::vector<OptionDescription> describe_sysbench_options(std::span<const SbOptionGroup> groups) {
  std::vector<OptionDescription> options;
  for (const auto& g : groups) {
    for (const auto& d : g.options) {
      OptionDescription o;
      o.names = {fmt::format("--{}", d.name)};
      o.help = d.help;
      o.default_value = d.default_value;
      if (d.type == SbArgType::kFlag) {
        o.value_name = "on|off";
        o.choices = {"on", "off"};
        o.value_optional = true;
      } else {
        const std::string_view label = type_label(d.type);  // "=N", "=[LIST,...]"
        o.value_name = d.type == SbArgType::kList ? "LIST" : std::string(label.substr(1));
      }
      options.push_back(std::move(o));
    }
  }
  return options;
}

}  // namespace hostmark
