#pragma once
// fio's command line and job files -> ParsedJobs. Pure: no I/O beyond reading the job files
// (and include= files) through the reader given, so tests feed text directly.
//
// Grammar (fio 3.33's): [global] and [job] sections; `;` and `#` comments; `key=value` and bare
// flags; `include FILE`; ${ENV} expansion; $pagesize, $mb_memory, $ncpus; arithmetic in
// parentheses ("size=(4*1024)k"); k/m/g/t/p suffixes in kb_base; ranges ("bsrange=4k-64k");
// per-direction lists ("bs=4k,64k"). Command line: options before the first --name are global;
// --name=X starts job X and later options belong to it; other arguments are job files.
//
// Every error names the culprit: "job.fio:12: bs: '4q' is not a size" or
// "--foo: unknown option"; an option hostmark does not implement is an error, never ignored.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark::fio {

// What the parser needs from the machine: file contents, environment, page size, memory, CPUs.
struct ParserEnv {
  std::function<Expected<std::string>(const std::string& path)> read_file;
  std::function<std::optional<std::string>(const std::string& name)> getenv;
  std::uint64_t page_size = 4096;
  std::uint64_t memory_mib = 0;
  unsigned ncpus = 1;
};
ParserEnv system_parser_env();  // the real machine

// `args` without the leading "fio". Usage errors throw nothing: they are returned.
Expected<ParsedJobs> parse_fio_command_line(const std::vector<std::string>& args,
                                            const ParserEnv& env);

// One job file's text (name used in messages), applied over `run` and the global defaults.
Expected<ParsedJobs> parse_job_file(std::string_view text, const std::string& file_name,
                                    const ParserEnv& env);

}  // namespace hostmark::fio
