#include "mpi/options_hash.h"

#include <span>

#include "io/checksum.h"
#include "mpi/wire.h"

namespace hostmark::mpi {
namespace {

void put_pairs(WireWriter& w, const std::vector<std::pair<std::string, std::string>>& pairs) {
  w.u64(pairs.size());
  for (const auto& [k, v] : pairs) {
    w.str(k);
    w.str(v);
  }
}

}  // namespace

std::uint64_t hash_parsed_jobs(const fio::ParsedJobs& parsed) {
  WireWriter w;
  const fio::RunOptions& run = parsed.run;
  w.str(run.output_format);
  w.boolean(run.readonly);
  w.boolean(run.destructive);
  w.boolean(run.monitor);
  w.strs(run.sections);
  w.u64(run.kb_base);
  put_pairs(w, parsed.global_given);
  w.u64(parsed.jobs.size());
  for (const auto& job : parsed.jobs) {
    w.str(job.name);
    w.i64(job.numjobs);
    w.u64(job.size);
    w.strs(job.filenames);
    w.str(job.directory);
    put_pairs(w, job.given);
  }
  const std::string& bytes = w.bytes();
  return io::xxh3_64(std::as_bytes(std::span(bytes.data(), bytes.size())));
}

}  // namespace hostmark::mpi
