#include "io/job_placement.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hostmark::io {
namespace {

// linux/ioprio.h: the class in the top bits of the priority word.
constexpr int kIoprioClassShift = 13;
constexpr int kIoprioWhoProcess = 1;
constexpr int kBestEffort = 2;
constexpr int kDefaultLevel = 4;

Error system_failure(std::string_view option, std::string_view call, int err) {
  return Error{ErrorKind::kRun, std::string(option),
               fmt::format("{} failed: {}", call, std::strerror(err))};
}

Status set_affinity(const fio::JobOptions& job, std::uint32_t jobnum) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (job.cpus_split) {
    CPU_SET(job.cpus_allowed[jobnum % job.cpus_allowed.size()], &set);
  } else {
    for (std::uint32_t cpu : job.cpus_allowed) CPU_SET(cpu, &set);
  }
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    const int err = errno;
    return Error{ErrorKind::kRun, "cpus_allowed",
                 fmt::format("none of the CPUs given is online or allowed here "
                             "(sched_setaffinity: {})",
                             std::strerror(err))};
  }
  return Ok{};
}

}  // namespace

Status place_job_thread(const fio::JobOptions& job, std::uint32_t jobnum) {
  if (!job.cpus_allowed.empty()) {
    if (Status s = set_affinity(job, jobnum); !s) return s;
  }
  if (job.nice) {
    const auto tid = static_cast<id_t>(::gettid());
    if (setpriority(PRIO_PROCESS, tid, *job.nice) != 0) {
      return system_failure("nice", "setpriority", errno);
    }
  }
  if (job.ioprio_class || job.ioprio) {
    const int cls = job.ioprio_class.value_or(kBestEffort);
    const int level = job.ioprio.value_or(kDefaultLevel);
    if (::syscall(SYS_ioprio_set, kIoprioWhoProcess, 0, (cls << kIoprioClassShift) | level) != 0) {
      return system_failure(job.ioprio_class ? "prioclass" : "prio", "ioprio_set", errno);
    }
  }
  return Ok{};
}

Status advise_file(int fd, const fio::JobOptions& job) {
  if (fd < 0) return Ok{};  // the null engine's files are never opened
  int advice = POSIX_FADV_NORMAL;
  switch (job.fadvise_hint) {
    case fio::FadviseHint::kNone: return Ok{};
    case fio::FadviseHint::kWorkload:
      advice = job.rw.random ? POSIX_FADV_RANDOM : POSIX_FADV_SEQUENTIAL;
      break;
    case fio::FadviseHint::kSequential: advice = POSIX_FADV_SEQUENTIAL; break;
    case fio::FadviseHint::kRandom: advice = POSIX_FADV_RANDOM; break;
  }
  const int err = posix_fadvise(fd, 0, 0, advice);
  // Only a bad descriptor is an error: advice the kernel cannot take (a pipe, a character
  // device, a filesystem without it) is a hint lost, and fio goes on too.
  if (err == EBADF) return system_failure("fadvise_hint", "posix_fadvise", err);
  return Ok{};
}

}  // namespace hostmark::io
