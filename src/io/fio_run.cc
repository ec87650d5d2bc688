#include "io/fio_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include "engines/io_engine.h"
#include "io/device_safety.h"
#include "io/disk_stats.h"
#include "io/exit_all.h"
#include "io/fio_storage.h"
#include "io/group_stats.h"
#include "io/io_planner.h"
#include "io/job_thread.h"
#include "io/targets.h"
#include "io/verify.h"
#include "monitor/phase_monitor.h"
#include "results/context.h"
#include "runner/clock.h"
#include "runner/signal_guard.h"
#include "sysinfo/basic.h"
#include "sysinfo/block_devices.h"

namespace hostmark::io {
namespace {

constexpr std::uint64_t kPollNs = 20'000'000;  // signals and thread ends noticed within 20 ms
constexpr std::uint64_t kStatusPeriodNs = 500'000'000;  // the status line changes twice a second

struct ThreadPlan {
  const fio::JobOptions* job = nullptr;
  int jobnum = 0;
  int groupid = 0;
  int wave = 0;
  int thread_number = 0;  // fio's: 1, 2, ... over all threads (log file names)
};

std::vector<ThreadPlan> expand(const std::vector<fio::JobOptions>& jobs) {
  std::vector<ThreadPlan> plans;
  const auto groups = job_groupids(jobs);
  int wave = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (i > 0 && jobs[i].stonewall) ++wave;
    for (int n = 0; n < std::max(1, jobs[i].numjobs); ++n)
      plans.push_back(ThreadPlan{&jobs[i], n, groups[i], wave, static_cast<int>(plans.size()) + 1});
  }
  return plans;
}

// wait_for=NAME as fio checks it: NAME is exactly one job defined before this one.
Status check_wait_for(const std::vector<fio::JobOptions>& jobs) {
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const fio::JobOptions& job = jobs[i];
    if (job.wait_for.empty()) continue;
    const std::string where =
        job.defined_at.empty() ? job.name : fmt::format("{} ({})", job.name, job.defined_at);
    if (job.wait_for == job.name)
      return usage_error(where,
                         fmt::format("a job cannot wait for itself (wait_for={})", job.name));
    const auto waitees = std::count_if(jobs.begin(), jobs.begin() + static_cast<std::ptrdiff_t>(i),
                                       [&](const auto& j) { return j.name == job.wait_for; });
    if (waitees == 0) {
      return usage_error(where, fmt::format("wait_for={}: no job of that name is defined before it",
                                            job.wait_for));
    }
    if (waitees > 1) {
      return usage_error(where, fmt::format("wait_for={}: {} jobs have that name; wait_for needs "
                                            "exactly one",
                                            job.wait_for, waitees));
    }
  }
  return Ok{};
}

Status validate(const fio::ParsedJobs& parsed) {
  if (parsed.jobs.empty())
    return usage_error("fio", "no jobs defined (give --name=NAME and options, or a job file)");
  if (auto st = check_wait_for(parsed.jobs); !st) return st;
  for (const auto& job : parsed.jobs) {
    engines::EngineOptions probe;
    if (auto e = engines::make_engine(job.ioengine, probe); !e) return e.error();
    if ((parsed.run.readonly || job.readonly) && job_writes(job)) {
      return usage_error(job.name,
                         "--readonly forbids writing and trimming, and this job's rw writes");
    }
    // Engine options belong to their engines, as in fio ("fixedbufs" means nothing to psync).
    const bool uring = job.ioengine == "io_uring";
    const char* misplaced =
        (job.fixedbufs || job.registerfiles || job.sqthread_poll || job.nonvectored) && !uring
            ? "io_uring"
        : job.hipri && !uring && job.ioengine != "pvsync2" ? "io_uring and pvsync2"
        : job.nowait && job.ioengine != "pvsync2"          ? "pvsync2"
                                                           : nullptr;
    if (misplaced != nullptr) {
      return usage_error(job.name, fmt::format("ioengine={} does not take the engine options of {}",
                                               job.ioengine, misplaced));
    }
    if (job.verify != fio::VerifyKind::kNone) {
      if (auto spec = make_verify_spec(job); !spec) return spec.error();
    }
    const SafetyOverrides overrides{job.allow_mounted_write, parsed.run.destructive,
                                    parsed.run.readonly || job.readonly};
    for (int n = 0; n < std::max(1, job.numjobs) && job.ioengine != "null"; ++n) {
      for (const auto& name : thread_file_names(job, n)) {
        if (auto st = check_target(TargetUse{name, job.rw.write, job.rw.trim}, overrides); !st)
          return st.error();
      }
    }
  }
  return Ok{};
}

char mode_letter(const fio::JobOptions& job) {
  const bool mixed = (job.rw.read ? 1 : 0) + (job.rw.write ? 1 : 0) + (job.rw.trim ? 1 : 0) > 1;
  char c = mixed ? 'm' : job.rw.write ? 'w' : job.rw.trim ? 't' : 'r';
  return job.rw.random ? static_cast<char>(c - 'a' + 'A') : c;
}

// Everything one wave of threads shares while it runs.
struct Wave {
  std::vector<ThreadSetup> setups;
  // wait_for: the setups (of this wave) whose threads must all end before setup i starts.
  std::vector<std::vector<std::size_t>> waitees;
  std::vector<std::unique_ptr<LiveCounters>> live;
  std::vector<fio::JobStats> results;
  std::vector<std::unique_ptr<JobLogs>> logs;  // per thread: write_*_log samples, or nullptr
  // Per thread: its stop request (a signal, the poll hook, exitall), and whether exitall made it.
  std::vector<std::unique_ptr<std::atomic<bool>>> stops;
  std::vector<std::uint8_t> ended_by_exitall;
  std::uint64_t expected_ns = 0;     // runtime + ramp + startdelay of the longest, 0 = unknown
  std::uint64_t expected_bytes = 0;  // bytes budgets when not time based
  int files = 0;
};

// For each setup, the setups of the same wave that run the job its wait_for names (a waitee in
// an earlier wave has ended before this wave starts).
std::vector<std::vector<std::size_t>> waitee_threads(const std::vector<ThreadSetup>& setups) {
  std::vector<std::vector<std::size_t>> out(setups.size());
  for (std::size_t i = 0; i < setups.size(); ++i) {
    const std::string& name = setups[i].job->wait_for;
    if (name.empty()) continue;
    for (std::size_t k = 0; k < i; ++k)
      if (setups[k].job->name == name) out[i].push_back(k);
  }
  return out;
}

// Holds a wait_for thread until every thread of its waitee has ended (or the wave stops).
void await_waitees(const std::vector<std::size_t>& waitees,
                   const std::vector<std::unique_ptr<LiveCounters>>& live,
                   const std::atomic<bool>& stop) {
  constexpr std::uint64_t kWaitSliceNs = 1'000'000;
  for (const std::size_t k : waitees) {
    while (!live[k]->done.load() && !stop.load()) sleep_until_ns(monotonic_ns() + kWaitSliceNs);
  }
}

void show_status(StatusSink& sink, const Wave& w, std::uint64_t start_ns,
                 std::array<std::uint64_t, 3>& last_bytes, std::array<std::uint64_t, 3>& last_ios,
                 std::uint64_t& last_ns) {
  const std::uint64_t now = monotonic_ns();
  StatusSample s;
  s.files = w.files;
  s.mode = w.setups.empty() ? 'r' : mode_letter(*w.setups.front().job);
  std::array<std::uint64_t, 3> bytes{}, ios{};
  for (const auto& l : w.live) {
    if (!l->done.load(std::memory_order_relaxed)) ++s.running;
    for (int i = 0; i < 3; ++i) {
      bytes[i] += l->bytes[i].load(std::memory_order_relaxed);
      ios[i] += l->ios[i].load(std::memory_order_relaxed);
    }
  }
  const double dt = static_cast<double>(now - last_ns) / 1e9;
  std::uint64_t total = 0;
  for (int i = 0; i < 3; ++i) {
    if (dt > 0 && bytes[i] >= last_bytes[i]) {
      s.bytes_per_s[i] = static_cast<double>(bytes[i] - last_bytes[i]) / dt;
      s.iops[i] = static_cast<double>(ios[i] - last_ios[i]) / dt;
    }
    total += bytes[i];
  }
  last_bytes = bytes;
  last_ios = ios;
  last_ns = now;
  const double elapsed = static_cast<double>(now - start_ns);
  if (w.expected_ns) {
    s.percent_done = 100.0 * elapsed / static_cast<double>(w.expected_ns);
    s.eta_s = std::max(0.0, (static_cast<double>(w.expected_ns) - elapsed) / 1e9);
  } else if (w.expected_bytes) {
    s.percent_done = 100.0 * static_cast<double>(total) / static_cast<double>(w.expected_bytes);
    if (total > 0)
      s.eta_s = elapsed / 1e9 *
                (static_cast<double>(w.expected_bytes) / static_cast<double>(total) - 1.0);
  } else {
    s.percent_done = -1;
  }
  sink.show(s);
}

// --monitor's disk: the whole disk under the first target that has one, as /sys/block names it
// ("vda"); "" when none has.
std::string first_disk_name(const TargetSet& targets) {
  for (const auto* t : targets.all()) {
    if (t->diskless) continue;
    const std::string name = sysinfo::block_device_name(t->device);
    if (!name.empty()) return sysinfo::whole_disk_name(name);
  }
  return "";
}

// The whole disks under the targets that have one ("major:minor"), in target order, without
// repeats.
std::vector<std::string> target_disks(const TargetSet& targets) {
  std::vector<std::string> disks;
  for (const auto* t : targets.all()) {
    if (t->diskless) continue;
    const std::string d = whole_disk_of(t->device);
    if (!d.empty() && std::find(disks.begin(), disks.end(), d) == disks.end()) disks.push_back(d);
  }
  return disks;
}

}  // namespace

std::vector<int> job_groupids(const std::vector<fio::JobOptions>& jobs) {
  std::vector<int> groups;
  int group = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (i > 0 && (jobs[i].stonewall || jobs[i].new_group)) ++group;
    groups.push_back(group);
  }
  return groups;
}

Expected<fio::FioRun> run_fio_jobs(const fio::ParsedJobs& parsed, const RunIo& io,
                                   const WaveHooks& hooks) {
  if (auto st = validate(parsed); !st) return st.error();
  fio::FioRun run;
  run.run = parsed.run;
  run.global_options = parsed.global_given;
  run.context = collect_context();
  const auto wall_start = std::chrono::system_clock::now();
  run.timestamp_unix_s =
      std::chrono::duration_cast<std::chrono::seconds>(wall_start.time_since_epoch()).count();
  run.timestamp_unix_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(wall_start.time_since_epoch()).count();

  const auto plans = expand(parsed.jobs);
  TargetSet targets(io.created_files);
  SignalGuard signals;  // threads started below inherit the blocked mask
  std::atomic<bool> stop{false};
  // flow=: every thread joins its group before any starts, as fio joins at parse time (a
  // thread that started first would run alone at first), and leaves when it ends.
  JobFlows flows;
  std::vector<FlowMember> flow_members;
  flow_members.reserve(plans.size());
  for (const auto& p : plans) flow_members.push_back(flows.join(p.job->flow_id, p.job->flow));
  std::vector<DiskCounters> disks_before;
  std::optional<monitor::PhaseMonitor> watch;  // --monitor
  std::uint64_t run_start_ns = monotonic_ns();
  std::vector<fio::JobStats> all;
  std::vector<std::string> log_warnings;
  const int waves = plans.empty() ? 0 : plans.back().wave + 1;
  for (int wave_index = 0; wave_index < waves && !stop.load(); ++wave_index) {
    Wave w;
    for (std::size_t plan_index = 0; plan_index < plans.size(); ++plan_index) {
      const auto& p = plans[plan_index];
      if (p.wave != wave_index) continue;
      const bool diskless = p.job->ioengine == "null";
      auto files = diskless ? targets.diskless_thread(*p.job, p.jobnum)
                            : targets.prepare_thread(*p.job, p.jobnum, io.log, [&signals] {
                                return signals.stop_requested();
                              });
      if (!files && signals.stop_requested()) {
        stop.store(true);  // interrupted while laying out: report what earlier waves measured
        break;
      }
      if (!files) return files.error();
      std::vector<std::string> notes;
      // Direct jobs too, as fio does: an O_DIRECT write over cached pages (a file just laid
      // out through the cache) makes the kernel write back and drop them first, on every I/O.
      if (p.job->invalidate && !diskless) {
        if (auto st = TargetSet::invalidate(files.value()); !st) return st.error();
        notes.push_back(
            "invalidate=1: the page cache of the job's files was dropped before it started (fio's "
            "default)");
      }
      std::uint64_t bytes = 0;
      for (const auto& f : files.value()) bytes += f.region_length;
      w.files += static_cast<int>(files.value().size());
      if (p.job->runtime_ns) {
        w.expected_ns =
            std::max(w.expected_ns, p.job->startdelay_ns + p.job->ramp_time_ns + p.job->runtime_ns);
      } else {
        w.expected_bytes +=
            (p.job->io_size ? p.job->io_size : bytes) * std::max<std::uint32_t>(1, p.job->loops);
      }
      w.setups.push_back(ThreadSetup{p.job, p.jobnum, p.groupid, std::move(files).value(),
                                     thread_seed(*p.job, p.jobnum), std::move(notes),
                                     p.thread_number, &flow_members[plan_index]});
      w.live.push_back(std::make_unique<LiveCounters>());
    }
    if (stop.load()) break;
    w.waitees = waitee_threads(w.setups);
    if (hooks.before_run) hooks.before_run(wave_index);
    w.results.resize(w.setups.size());
    w.logs.resize(w.setups.size());
    if (wave_index == 0) {  // the disk baseline after the layout, as fio's
      disks_before = parse_diskstats(sysinfo::read_text_file("/proc/diskstats"));
      if (parsed.run.monitor) watch.emplace(first_disk_name(targets));
      run_start_ns = monotonic_ns();
    }
    const std::uint64_t wave_start = monotonic_ns();
    for (std::size_t i = 0; i < w.setups.size(); ++i)
      w.stops.push_back(std::make_unique<std::atomic<bool>>(false));
    w.ended_by_exitall.assign(w.setups.size(), 0);
    const auto stop_wave = [&w] {  // a signal (then `stop` too) or the poll hook
      for (auto& s : w.stops) s->store(true);
    };
    ExitAll exit_all(parsed.jobs, w.setups.size());
    std::vector<std::thread> threads;
    threads.reserve(w.setups.size());
    for (std::size_t i = 0; i < w.setups.size(); ++i) {
      threads.emplace_back([&w, &io, i, wave_start] {
        await_waitees(w.waitees[i], w.live, *w.stops[i]);
        w.results[i] = run_job_thread(
            w.setups[i],
            ThreadControl{w.stops[i].get(), wave_start, w.live[i].get(), io.syscalls, &w.logs[i]});
        w.setups[i].flow->leave();  // the rest of its flow group now shares without it
        w.live[i]->done.store(true);
      });
    }
    StatusSink* status = parsed.run.eta != "never" ? io.status : nullptr;
    std::array<std::uint64_t, 3> last_bytes{}, last_ios{};
    std::uint64_t last_ns = wave_start;
    bool stonewalled = false;
    for (;;) {
      const bool all_done =
          std::all_of(w.live.begin(), w.live.end(), [](const auto& l) { return l->done.load(); });
      if (hooks.poll ? hooks.poll(all_done) : all_done) {
        stonewalled = !all_done;
        stop_wave();
        break;
      }
      exit_all.check(w.setups, w.live, w.results, w.stops, w.ended_by_exitall);
      if (signals.wait(kPollNs) != 0) {
        stop.store(true);
        stop_wave();
      }
      if (status && monotonic_ns() - last_ns >= kStatusPeriodNs)
        show_status(*status, w, wave_start, last_bytes, last_ios, last_ns);
    }
    for (auto& t : threads) t.join();
    if (status) status->clear();
    // As fio, once the jobs have ended; in thread order into a shared file (per_job_logs=0).
    for (const auto& logs : w.logs) {
      if (!logs) continue;
      for (auto& failed : logs->write()) log_warnings.push_back(std::move(failed));
    }
    if (stonewalled && !stop.load())
      for (auto& r : w.results) r.interrupted = false;
    for (std::size_t i = 0; i < w.results.size() && !stop.load(); ++i)
      if (w.ended_by_exitall[i]) w.results[i].interrupted = false;  // as fio: ended, not failed
    if (hooks.after_run) hooks.after_run(wave_index);
    for (auto& r : w.results) all.push_back(std::move(r));
  }
  const double elapsed_ms = static_cast<double>(monotonic_ns() - run_start_ns) / 1e6;
  const auto disks_after = parse_diskstats(sysinfo::read_text_file("/proc/diskstats"));
  if (watch) run.activity = watch->finish();
  const std::vector<std::string> disks = target_disks(targets);
  bool any_disk_util = false;
  for (const auto& j : parsed.jobs) any_disk_util = any_disk_util || j.disk_util;
  if (any_disk_util) run.disks = disk_util(disks_before, disks_after, disks, elapsed_ms);
  run.storage = describe_fio_storage(targets, all, run.context);
  for (const auto& t : run.storage) {  // the ones that make every number meaningless, on stderr
    for (const auto& w : t.warnings) {
      if (w.kind == StorageWarningKind::kTmpfs || w.kind == StorageWarningKind::kReadFromPageCache)
        run.warnings.push_back(t.path + ": " + w.text);
    }
  }
  for (auto& w : log_warnings) run.warnings.push_back(std::move(w));
  for (const auto& failed : targets.remove_finished())
    run.warnings.push_back(failed + ": could not remove the job's file");

  run.interrupted = stop.load();
  for (const auto& j : all) run.interrupted = run.interrupted || j.interrupted;
  const auto groups = group_totals(all, parsed.run.kb_base);
  std::set<int> merged;
  for (const auto& j : all)
    if (j.options.group_reporting) merged.insert(j.groupid);
  if (!merged.empty()) {
    std::vector<fio::JobStats> keep, merge;
    for (auto& j : all) (merged.count(j.groupid) ? merge : keep).push_back(std::move(j));
    auto m = merge_groups(std::move(merge));
    for (auto& j : m) keep.push_back(std::move(j));
    std::stable_sort(keep.begin(), keep.end(),
                     [](const auto& a, const auto& b) { return a.groupid < b.groupid; });
    all = std::move(keep);
  }
  set_bandwidth_shares(all, groups);
  run.mixed_groups = add_mixed(all, parsed.run.kb_base);
  run.jobs = std::move(all);
  run.groups = groups;
  return run;
}

}  // namespace hostmark::io
