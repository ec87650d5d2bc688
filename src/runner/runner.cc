#include "runner/runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "core/error.h"
#include "runner/arrivals.h"
#include "runner/clock.h"
#include "runner/event_accounting.h"
#include "runner/run_series.h"
#include "runner/signal_guard.h"

namespace hostmark {
namespace {

constexpr std::uint32_t kGo = 1;
constexpr std::uint32_t kWarmup = 2;
constexpr std::uint32_t kStop = 4;
constexpr std::uint64_t kTickNs = 20'000'000;  // control loop wakes at least this often
constexpr std::uint64_t kProgressNs = 250'000'000;
constexpr std::uint64_t kNever = UINT64_MAX;

struct WorkerSlot {
  Histogram latency;
  SysbenchTimer sysbench_timer;  // used with EventAccounting::kSysbench only
  std::uint64_t quota = kNever;  // measured events this thread may run
  std::uint64_t first_ns = 0;    // origin of its first measured event (0: none)
  std::uint64_t end_ns = 0;      // end of its last measured event
  std::exception_ptr error;
};

struct Shared {
  std::atomic<std::uint32_t> control{0};
  std::atomic<int> ready{0};
  std::atomic<int> running{0};
  ArrivalSchedule* arrivals = nullptr;
  EventAccounting accounting = EventAccounting::kLean;
  std::unique_ptr<SysbenchHistogram> sysbench_histogram;  // kSysbench with a percentile only
  std::uint64_t deadline_ns = UINT64_MAX;                 // end of the time limit; set before kGo
};

// Waits for a Poisson arrival at `arrival_ns`, in slices so a stop is noticed. False if stopped.
bool wait_for_arrival(std::uint64_t arrival_ns, const Shared& shared) {
  for (;;) {
    const std::uint64_t now = monotonic_ns();
    if (now >= arrival_ns) return true;
    if (shared.control.load(std::memory_order_relaxed) & kStop) return false;
    sleep_until_ns(std::min(arrival_ns, now + kTickNs));
  }
}

// Runs events until a stop, the quota, the workload's end, the accounting's own stop or an
// arrival wait that is cut short. Events that end during warm-up are forgotten when warm-up
// ends, or at exit if it never did.
template <class Accounting>
void event_loop(EventWorker& worker, WorkerSlot& slot, Shared& shared, Accounting& account) {
  std::uint32_t warm = shared.control.load(std::memory_order_acquire) & kWarmup;
  if (!warm) account.begin_measuring();
  std::uint64_t done = 0;
  std::uint64_t first_ns = 0;
  std::uint64_t end_ns = 0;
  for (;;) {
    const std::uint32_t ctl = shared.control.load(std::memory_order_relaxed);
    if (ctl & kStop) break;
    if ((ctl & kWarmup) != warm) {  // warm-up just ended: forget what it measured
      warm = ctl & kWarmup;
      account.begin_measuring();
      done = 0;
    }
    if (!warm && done >= slot.quota) break;
    if (!account.more_events()) break;
    const std::uint64_t origin_ns =
        shared.arrivals != nullptr ? shared.arrivals->take() : account.event_start();
    if (shared.arrivals != nullptr && !wait_for_arrival(origin_ns, shared)) break;
    if (!worker.execute()) break;
    end_ns = account.event_stop(origin_ns);
    if (done++ == 0) first_ns = origin_ns;
  }
  if (warm) {
    account.forget();  // stopped before warm-up ended: nothing was measured
    return;
  }
  if (done > 0) {
    slot.first_ns = first_ns;
    slot.end_ns = end_ns;
  }
}

// The event loop with the accounting the run asked for (chosen once, not per event).
void run_events(EventWorker& worker, int index, WorkerSlot& slot, Shared& shared) {
  if (shared.accounting == EventAccounting::kSysbench) {
    SysbenchAccounting account(slot.latency, slot.sysbench_timer, shared.sysbench_histogram.get(),
                               shared.deadline_ns,
                               monotonic_ns() + static_cast<std::uint64_t>(index));
    event_loop(worker, slot, shared, account);
  } else {
    LeanAccounting account(slot.latency);
    event_loop(worker, slot, shared, account);
  }
}

void worker_main(Workload& workload, int index, int count, WorkerSlot& slot, Shared& shared) {
  std::unique_ptr<EventWorker> worker;
  try {
    worker = workload.make_worker(index, count);
  } catch (...) {
    slot.error = std::current_exception();
    shared.control.fetch_or(kStop);  // the others stop at once instead of running to the limit
  }
  shared.ready.fetch_add(1);
  shared.ready.notify_all();
  shared.control.wait(0);  // until the control thread says go (or stop)
  if (worker) {
    try {
      run_events(*worker, index, slot, shared);
    } catch (...) {
      slot.error = std::current_exception();
      shared.control.fetch_or(kStop);
    }
  }
  shared.running.fetch_sub(1);
}

std::uint64_t events_so_far(const std::vector<std::unique_ptr<WorkerSlot>>& slots) {
  std::uint64_t events = 0;
  for (const auto& s : slots) events += s->latency.count();
  return events;
}

Histogram merged_snapshot(const std::vector<std::unique_ptr<WorkerSlot>>& slots) {
  Histogram all;
  for (const auto& s : slots) all.merge(s->latency.snapshot());
  return all;
}

// The control thread's state between ticks.
struct Control {
  const RunSpec& spec;
  RunObserver* observer;
  std::uint64_t measure_start_ns;
  std::uint64_t deadline_ns;
  std::uint64_t next_report_ns;
  std::uint64_t next_progress_ns;
  std::uint64_t stop_ns = kNever;
  bool warm;
  Histogram previous;                    // cumulative latencies at the last intermediate report
  std::size_t next_checkpoint = 0;       // index into spec.checkpoints_ns
  std::uint64_t last_checkpoint_ns = 0;  // time of the last checkpoint reached (0: none)
  std::vector<Histogram> at_checkpoint;  // each thread's latencies at the last checkpoint
};

std::uint64_t next_checkpoint_ns(const Control& c) {
  return c.next_checkpoint < c.spec.checkpoints_ns.size()
             ? c.measure_start_ns + c.spec.checkpoints_ns[c.next_checkpoint]
             : kNever;
}

// What each thread measured since the previous checkpoint; `current` becomes the new origin.
RunOutcome since_checkpoint(Control& c, std::vector<Histogram> current, std::uint64_t now) {
  RunOutcome o;
  const std::uint64_t from = c.last_checkpoint_ns ? c.last_checkpoint_ns : c.measure_start_ns;
  o.wall_ns = now > from ? now - from : 0;
  o.before_checkpoint_ns = from - c.measure_start_ns;
  for (std::size_t i = 0; i < current.size(); ++i) {
    Histogram delta = current[i];
    if (i < c.at_checkpoint.size()) delta.subtract_snapshot(c.at_checkpoint[i]);
    o.threads.push_back({delta.count(), delta.sum_ns()});
    o.latency.merge(delta);
  }
  c.at_checkpoint = std::move(current);
  c.last_checkpoint_ns = now;
  return o;
}

// The runner's snapshot first, then the workload's counters: an event ending in between is in
// this part for the one and in the next part for the other, never in both or neither.
void report_checkpoint(Control& c, Workload& workload,
                       const std::vector<std::unique_ptr<WorkerSlot>>& slots, std::uint64_t now) {
  std::vector<Histogram> current;
  for (const auto& s : slots) current.push_back(s->latency.snapshot());
  RunOutcome o = since_checkpoint(c, std::move(current), now);
  o.own_counts = workload.restart_counters();
  ++c.next_checkpoint;
  while (c.next_checkpoint < c.spec.checkpoints_ns.size() && next_checkpoint_ns(c) <= now)
    ++c.next_checkpoint;  // passed while reporting: skipped, as sysbench skips them
  if (c.observer != nullptr) c.observer->on_checkpoint(now - c.measure_start_ns, o);
}

void report_interval(Control& c, const std::vector<std::unique_ptr<WorkerSlot>>& slots,
                     const Shared& shared, RunOutcome& out) {
  Histogram now_total = merged_snapshot(slots);
  Histogram interval = now_total;
  interval.subtract_snapshot(c.previous);
  c.previous = std::move(now_total);
  const double seconds = static_cast<double>(c.spec.report_interval_ns) / 1e9;
  IntervalSample s;
  s.time_s = static_cast<double>(c.next_report_ns - c.measure_start_ns) / 1e9;
  s.threads = shared.running.load();
  s.events_per_s = static_cast<double>(interval.count()) / seconds;
  s.latency_pct_ns = interval.percentile_ns(c.spec.percentile);
  out.intervals.push_back(s);
  if (c.observer != nullptr) c.observer->on_interval(s);
}

}  // namespace

RunOutcome run_workload(Workload& workload, const RunSpec& spec, RunObserver* observer) {
  RunOutcome out;
  SignalGuard signals;  // before any thread exists, so every worker inherits the mask
  // On the heap: after a forced shutdown, workers still running keep using it (leaked then).
  auto shared_owner = std::make_unique<Shared>();
  Shared& shared = *shared_owner;
  const int n = std::max(1, spec.threads);
  std::vector<std::unique_ptr<WorkerSlot>> slots;
  for (int i = 0; i < n; ++i) {
    auto slot = std::make_unique<WorkerSlot>();
    if (spec.max_events != 0) {  // an even split; with more threads than events some run none
      const auto un = static_cast<std::uint64_t>(n);
      slot->quota =
          spec.max_events / un + (static_cast<std::uint64_t>(i) < spec.max_events % un ? 1 : 0);
    }
    slots.push_back(std::move(slot));
  }
  shared.running = n;
  shared.accounting = spec.accounting;
  if (spec.accounting == EventAccounting::kSysbench && spec.percentile > 0) {
    shared.sysbench_histogram = std::make_unique<SysbenchHistogram>();
  }
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    try {
      threads.emplace_back(worker_main, std::ref(workload), i, n,
                           std::ref(*slots[static_cast<std::size_t>(i)]), std::ref(shared));
    } catch (const std::system_error& e) {
      shared.running -= n - i;
      shared.control.store(kStop);
      shared.control.notify_all();
      for (auto& t : threads) t.join();
      throw Failure(run_error("--threads", "cannot start thread " + std::to_string(i + 1) + " of " +
                                               std::to_string(n) + ": " + e.what()));
    }
  }
  for (int r = shared.ready.load(); r < n; r = shared.ready.load()) shared.ready.wait(r);
  if (observer != nullptr) observer->on_threads_ready();

  const std::uint64_t start_ns = monotonic_ns();
  std::unique_ptr<ArrivalSchedule> arrivals;
  if (spec.rate_per_s > 0) {
    arrivals = std::make_unique<ArrivalSchedule>(spec.rate_per_s, spec.seed ? spec.seed : start_ns,
                                                 start_ns);
    shared.arrivals = arrivals.get();
  }
  Control c{spec,
            observer,
            start_ns + spec.warmup_ns,
            kNever,
            kNever,
            start_ns + kProgressNs,
            kNever,
            spec.warmup_ns > 0,
            Histogram(),
            0,
            0,
            {}};
  c.deadline_ns = spec.time_limit_ns ? c.measure_start_ns + spec.time_limit_ns : kNever;
  shared.deadline_ns = c.deadline_ns;
  c.next_report_ns =
      spec.report_interval_ns ? c.measure_start_ns + spec.report_interval_ns : kNever;
  RunSeries series(workload);
  if (!c.warm) series.start(c.measure_start_ns);
  shared.control.fetch_or(kGo | (c.warm ? kWarmup : 0), std::memory_order_release);  // keeps a stop
  shared.control.notify_all();

  bool backlog_full = false;
  while (shared.running.load() > 0) {
    const std::uint64_t now = monotonic_ns();
    if (c.warm && now >= c.measure_start_ns) {
      c.warm = false;
      shared.control.fetch_and(~kWarmup);
      workload.restart_counters();  // what warm-up counted is dropped
      series.start(c.measure_start_ns);
      if (observer != nullptr) observer->on_warmup_done();
    }
    if (!c.warm && now >= series.next_due_ns()) series.tick(now, events_so_far(slots));
    if (arrivals && spec.max_backlog && c.stop_ns == kNever &&
        arrivals->backlog(now) >= static_cast<double>(spec.max_backlog)) {
      backlog_full = true;  // the workers cannot keep up with the rate
      c.stop_ns = now;
      shared.control.fetch_or(kStop);
    }
    if (c.stop_ns == kNever && now >= c.deadline_ns) {
      c.stop_ns = now;
      shared.control.fetch_or(kStop);
    }
    if (!c.warm && c.stop_ns == kNever && now >= next_checkpoint_ns(c))
      report_checkpoint(c, workload, slots, now);
    if (!c.warm && now >= c.next_report_ns) {
      report_interval(c, slots, shared, out);
      c.next_report_ns += spec.report_interval_ns;
    }
    if (now >= c.next_progress_ns) {  // advanced even without an observer: a past wake-up spins
      if (observer != nullptr) {
        const std::uint64_t events = events_so_far(slots);
        const double elapsed =
            now > c.measure_start_ns ? static_cast<double>(now - c.measure_start_ns) / 1e9 : 0;
        observer->on_progress(
            elapsed, events,
            spec.time_limit_ns ? static_cast<double>(spec.time_limit_ns) / 1e9 : 0);
      }
      c.next_progress_ns = now + kProgressNs;
    }
    if (c.stop_ns != kNever && spec.forced_shutdown_ns &&
        now >= c.stop_ns + *spec.forced_shutdown_ns) {
      out.forced_shutdown = true;
      break;
    }
    // Once stopped, the passed deadline is no reason to wake: waiting for the last events must
    // sleep, not spin (a spinning control thread slows events that yield the CPU).
    const std::uint64_t deadline_ns = c.stop_ns == kNever ? c.deadline_ns : kNever;
    std::uint64_t wake =
        std::min({deadline_ns, c.next_report_ns, c.next_progress_ns, series.next_due_ns(),
                  now + kTickNs, c.stop_ns == kNever ? next_checkpoint_ns(c) : kNever});
    if (c.warm) wake = std::min(wake, c.measure_start_ns);
    if (const int sig = signals.wait(wake > now ? wake - now : 0); sig != 0) {
      out.interrupted = true;
      if (c.stop_ns == kNever) c.stop_ns = monotonic_ns();
      shared.control.fetch_or(kStop);
      if (signals.signals_seen() > 1) {  // asked twice: stop waiting for slow events
        out.forced_shutdown = true;
        break;
      }
    }
  }

  if (out.forced_shutdown) {
    for (auto& t : threads) t.detach();
    for (auto& s : slots) out.latency.merge(s->latency.snapshot());
    for (auto& s : slots) out.threads.push_back({s->latency.count(), s->latency.sum_ns()});
    if (shared.sysbench_histogram)
      out.sysbench_histogram_ms = shared.sysbench_histogram->nonempty_ms();
    if (c.warm) workload.restart_counters();  // warm-up never ended: nothing measured
    out.own_counts = workload.restart_counters();
    const std::uint64_t now = monotonic_ns();
    out.wall_ns = now - std::min(now, c.measure_start_ns);
    // Still in use by running workers: leaked on purpose, the caller ends the process.
    for (auto& s : slots) static_cast<void>(s.release());
    static_cast<void>(shared_owner.release());
    static_cast<void>(arrivals.release());
    return out;
  }
  for (auto& t : threads) t.join();
  const std::uint64_t joined_ns = monotonic_ns();
  if (backlog_full) {
    throw RateBacklogFull(run_error(
        "--rate", fmt::format("the event queue is full: the worker threads are unable to keep up "
                              "with {} events/s ({} events waiting)",
                              spec.rate_per_s, spec.max_backlog)));
  }
  // Measured time, as sysbench's "total time": from the measured start (or the first measured
  // event, if earlier) to the last event's end, over all threads; a run the time limit ended
  // lasts at least that limit, as the workers ran until they saw it pass.
  std::uint64_t first_ns = kNever;
  std::uint64_t end_ns = 0;
  for (const auto& s : slots) {
    if (s->error) std::rethrow_exception(s->error);
    out.latency.merge(s->latency);
    out.threads.push_back({s->latency.count(), s->latency.sum_ns()});
    if (s->latency.count() == 0) continue;
    first_ns = std::min(first_ns, s->first_ns);
    end_ns = std::max(end_ns, s->end_ns);
  }
  first_ns = std::min(first_ns, c.measure_start_ns);
  if (joined_ns >= c.deadline_ns) end_ns = std::max(end_ns, c.deadline_ns);
  out.wall_ns = first_ns < end_ns ? end_ns - first_ns : 0;
  out.time_series = series.finish(end_ns ? end_ns : monotonic_ns(), out.latency.count());
  if (shared.sysbench_histogram)
    out.sysbench_histogram_ms = shared.sysbench_histogram->nonempty_ms();
  if (c.warm) workload.restart_counters();       // warm-up never ended: nothing measured
  out.own_counts = workload.restart_counters();  // exact: every worker has been joined
  if (c.last_checkpoint_ns != 0) {  // counters start again at a checkpoint, as in sysbench
    std::vector<Histogram> final_latency;
    for (const auto& s : slots) final_latency.push_back(s->latency);
    const RunOutcome rest =
        since_checkpoint(c, std::move(final_latency), std::max(end_ns, c.last_checkpoint_ns));
    out.latency = rest.latency;
    out.threads = rest.threads;
    out.before_checkpoint_ns = rest.before_checkpoint_ns;
    out.wall_ns = rest.wall_ns;
  }
  return out;
}

}  // namespace hostmark
