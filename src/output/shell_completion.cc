#include "output/shell_completion.h"

#include <fmt/format.h>

#include <algorithm>

namespace hostmark {
namespace {

constexpr std::string_view kHeader =
    "# Generated from hostmark's option definitions (hostmark_docgen); do not edit.\n";

// The options of `parsers` selected by `keep`, each name once, in order.
template <typename Keep>
std::vector<const OptionDescription*> options_of(std::span<const ParserDescription> parsers,
                                                 Keep keep) {
  std::vector<const OptionDescription*> out;
  std::vector<std::string> seen;
  for (const auto& p : parsers) {
    if (!keep(p)) continue;
    for (const auto& o : p.options) {
      if (o.positional() || std::find(seen.begin(), seen.end(), o.names.back()) != seen.end())
        continue;
      seen.push_back(o.names.back());
      out.push_back(&o);
    }
  }
  return out;
}

std::string names_of(const std::vector<const OptionDescription*>& options) {
  std::vector<std::string> names;
  for (const auto* o : options) names.insert(names.end(), o->names.begin(), o->names.end());
  names.push_back("--help");
  return fmt::format("{}", fmt::join(names, " "));
}

bool has_subcommands(const CommandDescription& c) {
  return std::any_of(c.parsers.begin(), c.parsers.end(),
                     [](const ParserDescription& p) { return !p.subcommand.empty(); });
}

// One `case $cmd in` arm: sets opts (and subs, and values for the option before the cursor).
std::string bash_arm(const CommandDescription& c) {
  const auto general = [](const ParserDescription& p) { return p.subcommand.empty(); };
  std::string arm = fmt::format("    {})\n", c.name);
  if (has_subcommands(c)) {
    std::vector<std::string> subs;
    for (const auto& p : c.parsers)
      if (!p.subcommand.empty()) subs.push_back(p.subcommand);
    arm += fmt::format(
        "      subs=\"{}\"\n      for word in \"${{COMP_WORDS[@]:2:COMP_CWORD-2}}\"; "
        "do\n        case $word in\n",
        fmt::join(subs, " "));
    for (const auto& p : c.parsers) {
      if (p.subcommand.empty()) continue;
      const auto mine = options_of(std::span(&p, 1), [](const ParserDescription&) { return true; });
      arm += fmt::format("          {}) subs=\"\"; opts=\"{}\"; break ;;\n", p.subcommand,
                         names_of(mine));
    }
    arm += fmt::format("        esac\n      done\n      [[ -z $opts ]] && opts=\"{}\"\n",
                       names_of(options_of(c.parsers, [](const auto&) { return true; })));
    arm += fmt::format("      opts=\"$opts {}\"\n", names_of(options_of(c.parsers, general)));
  } else {
    arm += fmt::format("      opts=\"{}\"\n", names_of(options_of(c.parsers, general)));
  }
  std::string values;
  for (const auto* o : options_of(c.parsers, [](const auto&) { return true; })) {
    if (o->choices.empty()) continue;
    values += fmt::format("        {}) values=\"{}\" ;;\n", fmt::join(o->names, "|"),
                          fmt::join(o->choices, " "));
  }
  if (!values.empty()) arm += fmt::format("      case $opt in\n{}      esac\n", values);
  return arm + "      ;;\n";
}

// A zsh _arguments word in single quotes: ' as '\'' and, inside [...], brackets escaped.
std::string zsh_quote(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    if (ch == '\'') out += "'\\''";
    else if (ch == '[' || ch == ']' || ch == ':') out += fmt::format("\\{}", ch);
    else out += ch;
  }
  return out;
}

std::string zsh_spec(const OptionDescription& o, const std::string& name) {
  const std::string help = zsh_quote(o.help.substr(0, o.help.find('\n')));
  if (o.value_name.empty()) return fmt::format("'*{}[{}]'", name, help);
  const std::string action = o.choices.empty()
                                 ? std::string(o.value_name == "FILE" ? "_files" : " ")
                                 : fmt::format("({})", fmt::join(o.choices, " "));
  // --name=[...] takes "--name=V" or "--name V"; -n+[...] takes "-nV" or "-n V".
  return fmt::format("'*{}{}[{}]:{}{}:{}'", name, name.starts_with("--") ? "=" : "+", help,
                     o.value_optional ? ":" : "", zsh_quote(o.value_name), zsh_quote(action));
}

}  // namespace

std::string format_bash_completion(std::span<const CommandDescription> commands) {
  std::vector<std::string> names;
  for (const auto& c : commands) names.push_back(c.name);
  std::string out = fmt::format(
      "# bash completion for hostmark(1)\n{}"
      "_hostmark() {{\n"
      "  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}\n"
      "  if ((COMP_CWORD == 1)); then\n"
      "    COMPREPLY=($(compgen -W \"{} --help --version\" -- \"$cur\"))\n"
      "    return 0\n"
      "  fi\n"
      "  local cmd=${{COMP_WORDS[1]}} opt=$prev opts=\"\" subs=\"\" values=\"\" word\n"
      "  if [[ $prev == = ]]; then opt=${{COMP_WORDS[COMP_CWORD-2]}}; fi\n"
      "  if [[ $cur == = ]]; then opt=$prev; cur=\"\"; fi\n"
      "  case $cmd in\n",
      kHeader, fmt::join(names, " "));
  for (const auto& c : commands) out += bash_arm(c);
  out +=
      "  esac\n"
      "  if [[ -n $values && $cur != -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$values\" -- \"$cur\"))\n"
      "  elif [[ $cur == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
      "  elif [[ -n $subs ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$subs\" -- \"$cur\"))\n"
      "  fi\n"
      "  return 0\n"
      "}\n"
      "complete -o default -F _hostmark hostmark\n";
  return out;
}

std::string format_zsh_completion(std::span<const CommandDescription> commands) {
  std::string out = fmt::format("#compdef hostmark\n# zsh completion for hostmark(1)\n{}", kHeader);
  out += "_hostmark() {\n  local -a commands\n  commands=(\n";
  for (const auto& c : commands) out += fmt::format("    '{}:{}'\n", c.name, zsh_quote(c.summary));
  out +=
      "  )\n"
      "  if (( CURRENT == 2 )); then\n"
      "    _describe -t commands 'hostmark command' commands\n"
      "    return\n"
      "  fi\n"
      "  local cmd=$words[2]\n"
      "  shift words\n"
      "  (( CURRENT-- ))\n"
      "  case $cmd in\n";
  for (const auto& c : commands) {
    out += fmt::format("    {})\n      _arguments -s \\\n", c.name);
    for (const auto* o : options_of(c.parsers, [](const auto&) { return true; }))
      for (const auto& name : o->names) out += fmt::format("        {} \\\n", zsh_spec(*o, name));
    out += "        '(- *)--help[print the options]' \\\n";
    if (has_subcommands(c)) {
      std::vector<std::string> subs;
      for (const auto& p : c.parsers)
        if (!p.subcommand.empty()) subs.push_back(p.subcommand);
      out += fmt::format("        '1:subcommand:({})' \\\n", fmt::join(subs, " "));
    }
    out += "        '*:file:_files'\n      ;;\n";
  }
  out += "  esac\n}\n\n_hostmark \"$@\"\n";
  return out;
}

}  // namespace hostmark
