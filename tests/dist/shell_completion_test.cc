// The generated completions (cmake/GeneratedDocs.cmake): the bash one run by bash with the
// words a user typed, the zsh one parsed by zsh; and the formatters on a small description.
#include "output/shell_completion.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "commands/command.h"
#include "dist/dist_test_util.h"
#include "run_binary.h"

namespace hostmark {
namespace {

// COMPREPLY of _hostmark for `words` (the last is the word being completed), one a line.
std::vector<std::string> bash_complete(const std::vector<std::string>& words) {
  std::string array;
  for (const auto& w : words) array += " '" + w + "'";
  const std::string script = "source \"$1\" && COMP_WORDS=(" + array +
                             ") && COMP_CWORD=" + std::to_string(words.size() - 1) +
                             " && _hostmark && printf '%s\\n' \"${COMPREPLY[@]}\"";
  const RunOutput r = run_program("/bin/bash", {"-c", script, "bash", HOSTMARK_BASH_COMPLETION});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  return output_lines(r.out);
}

bool holds(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(BashCompletion, CompletesEveryCommand) {
  const auto reply = bash_complete({"hostmark", ""});
  for (const CommandEntry& c : command_table()) EXPECT_TRUE(holds(reply, std::string(c.name)));
  EXPECT_EQ(bash_complete({"hostmark", "di"}), std::vector<std::string>{"disk"});
}

TEST(BashCompletion, CompletesTheOptionsOfEveryDiskMode) {
  const auto reply = bash_complete({"hostmark", "disk", "--"});
  for (const char* option : {"--profile", "--timing", "--identify", "--seq-write", "--bs",
                             "--output-format", "--no-save"})
    EXPECT_TRUE(holds(reply, option)) << option;
  for (const auto& word : reply) EXPECT_EQ(word.rfind("--", 0), 0u) << word;
  EXPECT_FALSE(holds(reply, "--cpu-max-prime"));  // sysbench's, not disk's
}

TEST(BashCompletion, CompletesSubcommandsAndTheirOptions) {
  const auto subs = bash_complete({"hostmark", "results", ""});
  for (const char* sub : {"list", "show", "delete", "export", "import"})
    EXPECT_TRUE(holds(subs, sub)) << sub;
  EXPECT_TRUE(holds(bash_complete({"hostmark", "results", "list", "--"}), "--limit"));
  EXPECT_TRUE(holds(bash_complete({"hostmark", "sysbench", ""}), "fileio"));
  const auto fileio = bash_complete({"hostmark", "sysbench", "fileio", "--file-"});
  EXPECT_TRUE(holds(fileio, "--file-total-size"));
}

TEST(BashCompletion, CompletesFixedValues) {
  const std::vector<std::string> formats{"normal", "json", "csv"};
  EXPECT_EQ(bash_complete({"hostmark", "cpu", "--output-format", ""}), formats);
  EXPECT_EQ(bash_complete({"hostmark", "cpu", "--output-format", "=", ""}), formats);
  EXPECT_EQ(bash_complete({"hostmark", "stat", "--output-format", "j"}),
            std::vector<std::string>{"json"});
}

TEST(ZshCompletion, Parses) {
  const std::string zsh = dist_test::find_program("zsh");
  if (zsh.empty()) GTEST_SKIP() << "zsh is not installed";
  const RunOutput r = run_program(zsh, {"-n", HOSTMARK_ZSH_COMPLETION});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string text = dist_test::read_file(HOSTMARK_ZSH_COMPLETION);
  EXPECT_EQ(text.rfind("#compdef hostmark\n", 0), 0u);
  for (const CommandEntry& c : command_table())
    EXPECT_NE(text.find("    " + std::string(c.name) + ")\n"), std::string::npos) << c.name;
}

// Quotes and brackets in help texts stay inside their zsh and bash words.
TEST(ShellCompletionFormat, QuotesHelpTexts) {
  OptionDescription o;
  o.names = {"-x", "--x-ray"};
  o.value_name = "MODE";
  o.help = "the 'x' [mode]: a:b";
  o.choices = {"a", "b"};
  const std::vector<CommandDescription> commands{
      {"demo", "it's a demo", {{"demo", "", "about", {o}}}}};
  const std::string zsh = format_zsh_completion(commands);
  EXPECT_NE(zsh.find(R"('*--x-ray=[the '\''x'\'' \[mode\]\: a\:b]:MODE:(a b)')"), std::string::npos)
      << zsh;
  EXPECT_NE(zsh.find(R"('demo:it'\''s a demo')"), std::string::npos) << zsh;
  const std::string bash = format_bash_completion(commands);
  EXPECT_NE(bash.find("opts=\"-x --x-ray --help\""), std::string::npos) << bash;
  EXPECT_NE(bash.find("-x|--x-ray) values=\"a b\""), std::string::npos) << bash;
}

}  // namespace
}  // namespace hostmark
