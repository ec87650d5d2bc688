// libFuzzer target: fio's command line (fio/job_parser.h parse_fio_command_line). Input: one
// argument a line; after a line "%%", the text every job file named on the line holds.
#include "fio/job_parser.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark;
  const fuzz::TwoParts parts = fuzz::split_at_separator(fuzz::as_text(data, size));
  const std::string job_file(parts.tail);
  fio::ParserEnv env;
  env.read_file = [&job_file](const std::string&) -> Expected<std::string> { return job_file; };
  env.getenv = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  env.ncpus = 2;
  env.memory_mib = 24 * 1024;
  (void)fio::parse_fio_command_line(fuzz::lines_of(parts.head), env);
  return 0;
}
