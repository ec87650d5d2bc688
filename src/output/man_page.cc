#include "output/man_page.h"

#include <fmt/format.h>

namespace hostmark {
namespace {

constexpr std::string_view kDescription =
    "hostmark measures and watches a Linux host in one program, with one result format: what "
    "hdparm, dd, fio, sysbench, bonnie++, iostat, sar and iotop do. Its drop-in faces, "
    "\\fBhostmark fio\\fR and \\fBhostmark sysbench\\fR, take those tools' options and print their "
    "reports; its native commands are friendlier. Every run can print normal text, JSON or CSV "
    "(\\fB\\-\\-output\\-format\\fR, \\fB\\-\\-output\\fR) and is saved in the results store "
    "unless "
    "\\fB\\-\\-no\\-save\\fR is given.";

// ENVIRONMENT and FILES entries: name, meaning.
constexpr std::pair<std::string_view, std::string_view> kEnvironment[] = {
    {"XDG_DATA_HOME", "where the results store is kept (default ~/.local/share)"},
    {"XDG_STATE_HOME", "where \\fBhostmark record\\fR keeps its samples (default ~/.local/state)"},
    {"HOME", "the base of the defaults above"},
    {"TMPDIR", "where temporary files go (default /tmp)"},
    {"MYSQL_PWD", "the MariaDB/MySQL password, when the URL has none"},
    {"PGPASSWORD", "the PostgreSQL password, when the URL has none"},
    {"NO_COLOR", "when set, \\fBhostmark compare\\fR prints no colours"},
};
constexpr std::pair<std::string_view, std::string_view> kFiles[] = {
    {"$XDG_DATA_HOME/hostmark/results.db",
     "the results store (SQLite): every saved run; see \\fBhostmark results\\fR"},
    {"$XDG_STATE_HOME/hostmark/record.db", "the samples of \\fBhostmark record\\fR"},
};
constexpr std::string_view kSeeAlso =
    "fio(1), sysbench(1), iostat(1), sar(1), iotop(8), hdparm(8), dd(1), bonnie++(8), "
    "free(1), uptime(1)";

// Help text: escaped, with a break point (\:) after each '/', so that a long URL or path can
// wrap instead of overflowing the line.
std::string troff_prose(std::string_view text) {
  std::string out;
  for (const char ch : troff_escape(text)) {
    out += ch;
    if (ch == '/') out += "\\:";
  }
  return out;
}

// "\fB\-t\fR, \fB\-\-threads\fR=\fIN\fR"
std::string option_label(const OptionDescription& o) {
  if (o.positional()) return fmt::format("\\fI{}\\fR", troff_escape(o.value_name, true));
  std::string label;
  for (const auto& name : o.names)
    label += fmt::format("{}\\fB{}\\fR", label.empty() ? "" : ", ", troff_escape(name, true));
  if (o.value_name.empty()) return label;
  // --name=VALUE, --name[=VALUE]; -n VALUE, -n [VALUE]
  const bool long_name = o.names.back().starts_with("--");
  const std::string value = fmt::format("\\fI{}\\fR", troff_escape(o.value_name, true));
  if (long_name) return label + (o.value_optional ? "[=" + value + "]" : "=" + value);
  return label + (o.value_optional ? " [" + value + "]" : " " + value);
}

// "disk --timing [target]": the invocation and its positional arguments.
std::string synopsis(const ParserDescription& p) {
  std::string line = fmt::format("\\fBhostmark {}\\fR", troff_escape(p.invocation, true));
  bool any_option = false;
  for (const auto& o : p.options) any_option = any_option || !o.positional();
  if (any_option) line += " [\\fIoptions\\fR]";
  for (const auto& o : p.options)
    if (o.positional()) line += fmt::format(" [\\fI{}\\fR]", troff_escape(o.value_name, true));
  return line;
}

void write_parser(const ParserDescription& p, std::string& out) {
  out += fmt::format(".PP\n{}\n.br\n", synopsis(p));
  if (!p.about.empty()) out += troff_prose(p.about) + "\n";
  for (const auto& o : p.options) {
    out += fmt::format(".TP\n{}\n{}", option_label(o), troff_prose(o.help));
    if (!o.default_value.empty())
      out += fmt::format(" [default: {}]", troff_prose(o.default_value));
    out += '\n';
  }
}

void write_command(const CommandDescription& c, std::string& out) {
  out += fmt::format(".SS \"hostmark {}\"\n{}\n", c.name, troff_escape(c.summary));
  for (const auto& p : c.parsers) write_parser(p, out);
}

}  // namespace

std::string troff_escape(std::string_view text, bool minus) {
  std::string out;
  bool line_start = true;
  for (const char ch : text) {
    if (line_start && (ch == '.' || ch == '\'')) out += "\\&";
    line_start = ch == '\n';
    if (ch == '\\') out += "\\e";
    else if (ch == '-' && minus) out += "\\-";
    else out += ch;
  }
  return out;
}

std::string format_man_page(std::span<const CommandDescription> commands,
                            std::string_view version) {
  std::string out = fmt::format(
      ".\\\" Generated from hostmark's option definitions (hostmark_docgen); do not edit.\n"
      ".TH HOSTMARK 1 \"\" \"hostmark {}\" \"User Commands\"\n"
      // Left-aligned, unhyphenated: option names and URLs must not be stretched or split.
      ".ad l\n.nh\n"
      ".SH NAME\nhostmark \\- measure and watch a Linux host: CPU, memory, disks, filesystems, "
      "databases\n"
      ".SH SYNOPSIS\n.B hostmark\n.I command\n.RI [ options ]\n.br\n"
      ".B hostmark\n.I command\n.B \\-\\-help\n.br\n"
      ".B hostmark\n.RB [ \\-\\-help | \\-\\-version ]\n"
      ".SH DESCRIPTION\n{}\n.PP\nThe commands:\n",
      troff_escape(version), kDescription);
  for (const auto& c : commands)
    out += fmt::format(".TP\n.B {}\n{}\n", troff_escape(c.name, true), troff_escape(c.summary));
  out +=
      ".SH COMMANDS\nEach command also takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR, which prints "
      "its options.\n";
  for (const auto& c : commands) write_command(c, out);
  out +=
      ".SH \"EXIT STATUS\"\n.TP\n.B 0\nsuccess\n.TP\n.B 1\na failed run: an I/O error, a "
      "verify mismatch, a database server gone, an interrupted run\n.TP\n.B 2\nbad usage: an "
      "unknown option, a bad value (one line on standard error names it)\n";
  out += ".SH ENVIRONMENT\n";
  for (const auto& [name, what] : kEnvironment) out += fmt::format(".TP\n.B {}\n{}\n", name, what);
  out += ".SH FILES\n";
  for (const auto& [path, what] : kFiles) out += fmt::format(".TP\n.I {}\n{}\n", path, what);
  out += fmt::format(".SH \"SEE ALSO\"\n{}\n", kSeeAlso);
  return out;
}

}  // namespace hostmark
