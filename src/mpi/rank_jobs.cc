#include "mpi/rank_jobs.h"

#include <fmt/format.h>

#include <algorithm>

#include "mpi/node_layout.h"

namespace hostmark::mpi {
namespace {

bool read_only(const fio::JobOptions& job) { return !job.rw.write && !job.rw.trim; }

// The rank whose data this job of this rank addresses.
int data_rank(const fio::JobOptions& job, const DistOptions& o, const RankPlace& p) {
  return o.reorder_tasks && read_only(job) ? reordered_rank(p.rank, p.size, p.ranks_per_node)
                                           : p.rank;
}

// Per thread: the job's size, or offset_increment when larger (threads' regions).
std::uint64_t thread_stride(const fio::JobOptions& job) {
  return std::max(job.size, job.offset_increment);
}

Status check_stonewall(const std::vector<fio::JobOptions>& jobs) {
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].numjobs > 1)
      return usage_error("--mpi-stonewall",
                         fmt::format("job {} has numjobs={}: the wear-out supports one thread per "
                                     "job and rank (start more ranks instead)",
                                     jobs[i].name, jobs[i].numjobs));
    if (i > 0 && jobs[i].stonewall)
      return usage_error("--mpi-stonewall",
                         fmt::format("job {} waits for the jobs before it (stonewall): the "
                                     "wear-out supports one wave of jobs",
                                     jobs[i].name));
  }
  return Ok{};
}

Status file_per_process(fio::JobOptions& job, int rank) {
  const std::string suffix = fmt::format(".{}", rank);
  if (!job.filenames.empty()) {
    for (auto& f : job.filenames) {
      if (f.starts_with("/dev/"))
        return usage_error(f,
                           "a file per process would append the rank to a device name: give "
                           "--shared-file to share the device");
      f += suffix;
    }
  } else {
    job.filename_format += suffix;
  }
  return Ok{};
}

Status shared_segment(fio::JobOptions& job, int rank) {
  if (job.filenames.size() != 1)
    return usage_error(job.name, "--shared-file needs exactly one filename= per job");
  if (job.size == 0 || job.size_percent > 0 || job.nrfiles > 1 || job.filesize)
    return usage_error(job.name,
                       "--shared-file needs size= in bytes (each rank's segment) and one file");
  const std::uint64_t stride = thread_stride(job);
  if (job.numjobs > 1 && job.offset_increment == 0) job.offset_increment = job.size;
  job.offset += static_cast<std::uint64_t>(rank) * std::max(1, job.numjobs) * stride;
  return Ok{};
}

}  // namespace

Expected<std::vector<fio::JobOptions>> jobs_for_rank(const std::vector<fio::JobOptions>& jobs,
                                                     const DistOptions& options,
                                                     const RankPlace& place) {
  if (options.stonewall) {
    if (auto st = check_stonewall(jobs); !st) return st.error();
  }
  std::vector<fio::JobOptions> out = jobs;
  for (auto& job : out) {
    if (job.ioengine == "null") continue;  // nothing on disk to share or separate
    const int r = data_rank(job, options, place);
    const Status st = options.shared_file ? shared_segment(job, r) : file_per_process(job, r);
    if (!st) return st.error();
  }
  return out;
}

std::uint64_t shared_segment_bytes(const fio::JobOptions& job) {
  return static_cast<std::uint64_t>(std::max(1, job.numjobs)) * thread_stride(job);
}

fio::JobOptions shared_file_layout_job(const fio::JobOptions& job, int size) {
  fio::JobOptions whole = job;
  whole.numjobs = 1;
  whole.offset_increment = 0;
  whole.size = shared_segment_bytes(job) * static_cast<std::uint64_t>(std::max(1, size));
  return whole;
}

}  // namespace hostmark::mpi
