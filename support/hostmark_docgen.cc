// hostmark_docgen man|bash|zsh FILE: writes hostmark(1), the bash or the zsh completion, made
// from the option definitions that print each command's --help (commands/describe_commands.h).
// Run by the build (cmake/Packaging.cmake); not installed. Exit status 2 on bad usage.
#include <fstream>
#include <iostream>
#include <string>

#include "commands/describe_commands.h"
#include "core/build_info.h"
#include "output/man_page.h"
#include "output/shell_completion.h"

int main(int argc, char** argv) {
  const std::string what = argc == 3 ? argv[1] : "";
  if (what != "man" && what != "bash" && what != "zsh") {
    std::cerr << "hostmark_docgen: usage: hostmark_docgen man|bash|zsh FILE\n";
    return 2;
  }
  const auto commands = hostmark::describe_commands();
  const std::string text = what == "man"
                               ? hostmark::format_man_page(commands, hostmark::build::kVersion)
                           : what == "bash" ? hostmark::format_bash_completion(commands)
                                            : hostmark::format_zsh_completion(commands);
  std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "hostmark_docgen: " << argv[2] << ": cannot write\n";
    return 1;
  }
  return 0;
}
