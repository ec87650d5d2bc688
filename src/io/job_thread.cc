#include "io/job_thread.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <new>
#include <optional>

#include "engines/io_engine.h"
#include "io/io_buffers.h"
#include "io/io_planner.h"
#include "io/job_loop.h"
#include "io/job_placement.h"
#include "io/verify.h"
#include "runner/clock.h"

namespace hostmark::io {
namespace {

engines::EngineOptions engine_options(const fio::JobOptions& job, platform::Syscalls* syscalls) {
  engines::EngineOptions o;
  o.syscalls = syscalls;
  o.iodepth = std::max<std::uint32_t>(job.iodepth, 1);
  o.writable = job_writes(job);
  o.hipri = job.hipri;
  o.nowait = job.nowait;
  o.fixedbufs = job.fixedbufs;
  o.registerfiles = job.registerfiles;
  o.sqthread_poll = job.sqthread_poll;
  o.sqthread_poll_cpu = job.sqthread_poll_cpu;
  o.nonvectored = job.nonvectored.value_or(true);
  return o;
}

// Closes the thread's descriptors however the thread ends.
struct FdSet {
  std::vector<int> fds;
  ~FdSet() {
    for (int fd : fds)
      if (fd >= 0) ::close(fd);
  }
};

void set_error(fio::JobStats& out, const Error& e) {
  out.error = EINVAL;
  out.error_text = e.message();
}

}  // namespace

std::uint32_t max_block_size(const fio::JobOptions& job) {
  std::uint32_t m = *std::max_element(job.bs.begin(), job.bs.end());
  if (job.bsrange)
    for (const auto& r : *job.bsrange) m = std::max(m, r.second);
  for (const auto& split : job.bssplit)
    for (const auto& s : split) m = std::max(m, s.bs);
  return std::max<std::uint32_t>(m, 1);
}

namespace {

fio::JobStats run_thread(const ThreadSetup& setup, const ThreadControl& control) {
  const fio::JobOptions& job = *setup.job;
  fio::JobStats out;
  out.options = job;
  out.jobnum = setup.jobnum;
  out.groupid = setup.groupid;
  out.notes = setup.notes;
  out.job_start_unix_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::system_clock::now().time_since_epoch())
                              .count();
  if (Status placed = place_job_thread(job, static_cast<std::uint32_t>(setup.thread_number - 1));
      !placed) {
    set_error(out, placed.error());
    return out;
  }
  // startdelay, in slices so that a stop request is noticed.
  for (std::uint64_t now = monotonic_ns(); now < control.wave_start_ns + job.startdelay_ns;
       now = monotonic_ns()) {
    if (control.stop->load(std::memory_order_relaxed)) {
      out.interrupted = true;
      return out;
    }
    sleep_until_ns(std::min(control.wave_start_ns + job.startdelay_ns, now + 20'000'000));
  }

  FdSet fds;
  std::vector<engines::EngineFile> engine_files;
  std::vector<FileRegion> regions;
  std::uint64_t region_bytes = 0;
  for (const auto& f : setup.files) {
    auto fd = open_target(*f.target, job);
    if (!fd) {
      set_error(out, fd.error());
      return out;
    }
    fds.fds.push_back(fd.value());
    if (Status advised = advise_file(fd.value(), job); !advised) {
      set_error(out, advised.error());
      return out;
    }
    engine_files.push_back(engines::EngineFile{fd.value(), f.region_offset + f.region_length,
                                               f.target->block_device, f.target->path});
    regions.push_back(FileRegion{f.region_offset, f.region_length});
    region_bytes += f.region_length;
  }

  // The buffers outlive the engine: I/O still in the kernel when an engine is torn down after
  // an error must not land in freed memory.
  const std::uint32_t depth = std::max<std::uint32_t>(job.iodepth, 1);
  IoBuffers buffers(job, depth, max_block_size(job), setup.seed);
  auto engine = engines::make_engine(job.ioengine, engine_options(job, control.syscalls));
  if (!engine) {
    set_error(out, engine.error());
    return out;
  }
  if (auto st = engine.value()->prepare(engine_files, buffers.spans()); !st) {
    set_error(out, st.error());
    return out;
  }
  const std::uint64_t byte_budget = job.io_size ? job.io_size : region_bytes;
  IoPlanner planner(job, regions, setup.seed, byte_budget, job.number_ios);
  JobAccounting acct(job, !engine.value()->synchronous(), *control.live);
  std::optional<VerifySpec> verify;
  if (job.verify != fio::VerifyKind::kNone) {
    auto spec = make_verify_spec(job);
    if (!spec) {
      set_error(out, spec.error());
      return out;
    }
    verify = std::move(spec).value();
  }
  JobLogs* logs = nullptr;
  if (control.logs != nullptr) {
    *control.logs = JobLogs::for_job(job, setup.thread_number, !engine.value()->synchronous());
    logs = control.logs->get();
  }
  std::unique_ptr<IoLogWriter> iolog;
  if (!job.write_iolog.empty()) {
    std::vector<std::string> names;
    for (const auto& f : setup.files) names.push_back(f.target->path);
    auto opened = IoLogWriter::open(job.write_iolog, std::move(names));
    if (!opened) {
      set_error(out, opened.error());
      return out;
    }
    iolog = std::move(opened).value();
  }
  JobLoop loop(LoopParts{job, *engine.value(), buffers, planner, acct, setup.files, fds.fds,
                         *control.stop, verify ? &*verify : nullptr, setup.seed, logs, setup.flow,
                         iolog.get()});
  loop.run(monotonic_ns(), out);
  return out;
}

}  // namespace

fio::JobStats run_job_thread(const ThreadSetup& setup, const ThreadControl& control) {
  try {
    return run_thread(setup, control);
  } catch (const std::bad_alloc&) {
    fio::JobStats out;
    out.options = *setup.job;
    out.jobnum = setup.jobnum;
    out.groupid = setup.groupid;
    out.error = ENOMEM;
    out.error_text =
        fmt::format("{}: out of memory (iodepth={} buffers of {} bytes, and the verify log)",
                    setup.job->name, setup.job->iodepth, max_block_size(*setup.job));
    return out;
  }
}

}  // namespace hostmark::io
