// hostmark: measure and watch a Linux host. main() only dispatches to the command table and
// turns a Failure into one line: "hostmark: <what>: <why>".
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "commands/command.h"
#include "core/build_info.h"
#include "core/error.h"

namespace {

void print_usage(std::ostream& out) {
  out << "usage: hostmark <command> [options]\n\ncommands:\n";
  for (const auto& c : hostmark::command_table()) {
    out << "  " << c.name << std::string(12 - c.name.size(), ' ') << c.summary << '\n';
  }
  out << "\n'hostmark <command> --help' describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version" || args[0] == "-V" || args[0] == "version") {
    std::cout << "hostmark " << hostmark::build::kVersion << '\n';
    return 0;
  }
  const auto* command = hostmark::find_command(args[0]);
  if (command == nullptr) {
    std::cerr << "hostmark: " << args[0] << ": unknown command (see 'hostmark --help')\n";
    return 2;
  }
  const hostmark::CommandIo io{std::cout, std::cerr, isatty(STDERR_FILENO) == 1};
  try {
    return command->run(std::vector<std::string>(args.begin() + 1, args.end()), io);
  } catch (const hostmark::Failure& f) {
    std::cout.flush();
    std::cerr << "hostmark: " << f.error().message() << '\n';
    return f.error().exit_code();
  } catch (const std::bad_alloc&) {
    std::cerr << "hostmark: " << args[0] << ": out of memory\n";
    return 1;
  } catch (const std::exception& e) {  // a library's exception that no command turned into a
                                       // Failure: still one line, never a terminate()
    std::cout.flush();
    std::cerr << "hostmark: " << args[0] << ": " << e.what() << '\n';
    return 1;
  }
}
