// libFuzzer target: fio job files (fio/job_parser.h parse_job_file). The input is the job file;
// every `include` reads the same text again (cycles must end in "nested too deep"), and ${VAR}
// expands to fixed values, so the whole grammar is reachable without the file system.
#include "fio/job_parser.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark;
  const std::string text(fuzz::as_text(data, size));
  fio::ParserEnv env;
  env.read_file = [&text](const std::string&) -> Expected<std::string> { return text; };
  env.getenv = [](const std::string& name) -> std::optional<std::string> {
    if (name == "SIZE") return "64m";
    if (name == "BS") return "4k";
    return std::nullopt;
  };
  env.page_size = 4096;
  env.memory_mib = 24 * 1024;
  env.ncpus = 2;
  (void)fio::parse_job_file(text, "fuzz.fio", env);  // an Error is a fine answer; a crash is not
  return 0;
}
