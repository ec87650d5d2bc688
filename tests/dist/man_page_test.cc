// hostmark(1), as the build generated it (cmake/GeneratedDocs.cmake): it names every command,
// and every option that `hostmark <command> --help` prints, in every mode (the anti-drift check:
// the --help texts are read here, not the descriptions the page was made from); it renders
// without warnings.
#include "output/man_page.h"

#include <gtest/gtest.h>

#include <cctype>
#include <regex>

#include "commands/command.h"
#include "dist/dist_test_util.h"
#include "run_binary.h"

namespace hostmark {
namespace {

using dist_test::help_option_names;
using dist_test::read_file;

// The page as a reader sees the option names: "\-\-threads" is "--threads".
std::string man_page_text() {
  return std::regex_replace(read_file(HOSTMARK_MAN_PAGE), std::regex(R"(\\-)"), "-");
}

bool has_option(const std::string& text, const std::string& name) {
  for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const char next = at + name.size() < text.size() ? text[at + name.size()] : ' ';
    if (!std::isalnum(static_cast<unsigned char>(next)) && next != '-' && next != '_') return true;
  }
  return false;
}

std::string help_of(const std::vector<std::string>& args) {
  const RunOutput r = run_hostmark(args);
  EXPECT_EQ(r.exit_code, 0) << args[0] << ": " << r.err;
  return r.out;
}

// The first capture of `pattern` in each line of `text` after the line `after` ("" : all).
std::vector<std::string> listed(const std::string& text, const std::string& after,
                                const std::string& pattern) {
  std::vector<std::string> found;
  bool on = after.empty();
  const std::regex re(pattern);
  for (const auto& line : output_lines(text)) {
    std::smatch m;
    if (on && std::regex_search(line, m, re)) found.push_back(m[1]);
    on = on || line == after;
  }
  return found;
}

// Every --help text of `command`: its own, and each mode's or subcommand's that it lists.
std::vector<std::string> helps_of(const std::string& command) {
  std::vector<std::string> helps{help_of({command, "--help"})};
  if (command == "disk") {
    for (const auto& flag : listed(helps[0], "", R"(hostmark disk (--[a-z-]+))"))
      helps.push_back(help_of({"disk", flag, "--help"}));
  } else if (command == "results") {
    for (const auto& sub : listed(helps[0], "Subcommands:", R"(^  ([a-z]+) )"))
      helps.push_back(help_of({"results", sub, "--help"}));
  } else if (command == "sysbench") {
    for (const auto& test : listed(helps[0], "Compiled-in tests:", R"(^  (\S+) - )"))
      helps.push_back(help_of({"sysbench", test, "help"}));
  } else if (command == "fio") {  // the job options: "name : help (alias: other)"
    std::string jobs;
    for (const auto& line : output_lines(help_of({"fio", "--cmdhelp"}))) {
      std::smatch m;
      if (std::regex_search(line, m, std::regex(R"(^(\S+)\s+: .*?(\(alias: (\S+)\))?$)")))
        jobs +=
            "  --" + std::string(m[1]) + (m[3].matched ? ", --" + std::string(m[3]) : "") + "  x\n";
    }
    helps.push_back(jobs);
  }
  return helps;
}

TEST(ManPage, HasTheSections) {
  const std::string page = read_file(HOSTMARK_MAN_PAGE);
  ASSERT_FALSE(page.empty()) << HOSTMARK_MAN_PAGE;
  for (const char* section :
       {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT", ".SH FILES", ".SH \"SEE ALSO\""})
    EXPECT_NE(page.find(section), std::string::npos) << section;
  EXPECT_NE(page.find("results.db"), std::string::npos);
  EXPECT_NE(page.find("fio(1)"), std::string::npos);
}

TEST(ManPage, NamesEveryCommand) {
  const std::string page = read_file(HOSTMARK_MAN_PAGE);
  const std::string usage = help_of({"--help"});
  for (const CommandEntry& c : command_table()) {
    EXPECT_NE(page.find(".SS \"hostmark " + std::string(c.name) + "\""), std::string::npos)
        << c.name;
    EXPECT_NE(usage.find("  " + std::string(c.name) + " "), std::string::npos) << c.name;
  }
}

TEST(ManPage, HasEveryOptionThatHelpPrints) {
  const std::string page = man_page_text();
  for (const CommandEntry& c : command_table()) {
    std::size_t options = 0;
    for (const auto& help : helps_of(std::string(c.name))) {
      for (const auto& name : help_option_names(help)) {
        ++options;
        EXPECT_TRUE(has_option(page, name)) << "hostmark " << c.name << " " << name;
      }
    }
    EXPECT_GT(options, 0u) << c.name << ": no option read from its --help";
  }
}

TEST(ManPage, ListsEveryModeAndSubcommand) {
  const std::string page = man_page_text();
  for (const char* mode : {"hostmark disk --timing", "hostmark disk --identify",
                           "hostmark results list", "hostmark sysbench fileio"})
    EXPECT_NE(page.find(mode), std::string::npos) << mode;
}

// groff's warnings (-ww) and man-db's (man -l --warnings), where they are installed.
TEST(ManPage, RendersWithoutWarnings) {
  const std::string groff = dist_test::find_program("groff");
  const std::string man = dist_test::find_program("man");
  if (groff.empty() && man.empty()) GTEST_SKIP() << "neither groff nor man (man-db) is installed";
  if (!groff.empty()) {
    const RunOutput r = run_program(groff, {"-man", "-Tutf8", "-ww", "-z", HOSTMARK_MAN_PAGE});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
  }
  if (!man.empty()) {
    const RunOutput r = run_program(man, {"--warnings", "-l", HOSTMARK_MAN_PAGE},
                                    {"", 120'000, {"MANPAGER=cat", "MANWIDTH=80"}});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;  // man-db passes troff's on
    EXPECT_NE(r.out.find("hostmark disk --timing"), std::string::npos);
  }
}

// The formatter on a small description: option labels, defaults, escapes.
TEST(ManPageFormat, LabelsOptionsAndEscapesText) {
  OptionDescription threads, part, format, path;
  threads.names = {"-t", "--threads"};
  threads.value_name = "N";
  threads.help = "threads\n.not a request";
  threads.default_value = "1";
  part.names = {"-p"};
  part.value_name = "ALL";
  part.value_optional = true;
  format.names = {"--cmdhelp"};
  format.value_name = "OPTION";
  format.value_optional = true;
  path.value_name = "dir";
  path.help = "a path like C:\\x or /a/b";
  const std::vector<CommandDescription> commands{
      {"demo", "a demo", {{"demo --mode", "", "about it", {threads, part, format, path}}}}};
  const std::string page = format_man_page(commands, "9.9");
  for (const char* line :
       {".TH HOSTMARK 1 \"\" \"hostmark 9.9\" \"User Commands\"", ".SS \"hostmark demo\"",
        R"(\fBhostmark demo \-\-mode\fR [\fIoptions\fR] [\fIdir\fR])",
        R"(\fB\-t\fR, \fB\-\-threads\fR=\fIN\fR)", "threads\n\\&.not a request [default: 1]",
        R"(\fB\-p\fR [\fIALL\fR])", R"(\fB\-\-cmdhelp\fR[=\fIOPTION\fR])",
        R"(a path like C:\ex or /\:a/\:b)"})
    EXPECT_NE(page.find(line), std::string::npos) << line << "\n" << page;
}

}  // namespace
}  // namespace hostmark
