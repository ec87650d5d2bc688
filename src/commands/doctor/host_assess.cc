#include "commands/doctor/host_assess.h"

#include <fmt/format.h>

#include <algorithm>

namespace hostmark::doctor {
namespace {

double interval_s(const HostProbe& before, const HostProbe& after) {
  return after.monotonic_ns > before.monotonic_ns
             ? static_cast<double>(after.monotonic_ns - before.monotonic_ns) / 1e9
             : 0.0;
}

double per_s(std::uint64_t before, std::uint64_t after, double s) {
  return s > 0 && after >= before ? static_cast<double>(after - before) / s : 0.0;
}

// Raises `f` to `s` with `score` (ratio to the threshold crossed) when that is worse.
void raise(Finding& f, Severity s, double score, std::string summary) {
  if (s < f.severity || (s == f.severity && score <= f.score)) return;
  f.severity = s;
  f.score = score;
  f.summary = std::move(summary);
}

std::string mib(std::uint64_t bytes) {
  return fmt::format("{:.0f} MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

}  // namespace

Finding assess_memory(const HostProbe& before, const HostProbe& after) {
  Finding f;
  f.area = "memory";
  const double s = interval_s(before, after);
  const auto& m = after.memory.memory;
  const double swap_in = per_s(before.swap.pswpin, after.swap.pswpin, s);
  const double swap_out = per_s(before.swap.pswpout, after.swap.pswpout, s);
  const double available_pct = m.total_bytes > 0 ? 100.0 * static_cast<double>(m.available_bytes) /
                                                       static_cast<double>(m.total_bytes)
                                                 : 100.0;
  f.numbers = {{"available_bytes", static_cast<double>(m.available_bytes), "bytes"},
               {"total_bytes", static_cast<double>(m.total_bytes), "bytes"},
               {"available_pct", available_pct, "%"},
               {"swap_used_bytes", static_cast<double>(m.swap_used_bytes), "bytes"},
               {"swap_in_pages_per_s", swap_in, "pages/s"},
               {"swap_out_pages_per_s", swap_out, "pages/s"}};
  f.summary =
      fmt::format("{} of {} available, no swapping", mib(m.available_bytes), mib(m.total_bytes));
  f.evidence.push_back(fmt::format("available {} of {} ({:.0f}%), swap used {} of {}",
                                   mib(m.available_bytes), mib(m.total_bytes), available_pct,
                                   mib(m.swap_used_bytes), mib(m.swap_total_bytes)));
  f.evidence.push_back(fmt::format("swapped in {:.1f} pages/s, out {:.1f} pages/s over {:.1f} s",
                                   swap_in, swap_out, s));
  if (swap_in >= kSwapInBottleneckPagesPerS) {
    raise(f, Severity::kBottleneck, swap_in / kSwapInBottleneckPagesPerS,
          fmt::format("swapping in {:.0f} pages/s", swap_in));
  } else if (swap_in >= kSwapInWarnPagesPerS) {
    raise(f, Severity::kWarning, swap_in / kSwapInWarnPagesPerS,
          fmt::format("swapping in {:.1f} pages/s", swap_in));
  }
  if (available_pct < kAvailableWarnPct) {
    raise(f, Severity::kWarning, kAvailableWarnPct / std::max(available_pct, 0.1),
          fmt::format("only {:.1f}% of memory available", available_pct));
  }
  if (before.psi_memory && after.psi_memory) {
    const double some =
        stall_percent(before.psi_memory->some_total_us, after.psi_memory->some_total_us, s);
    const double full =
        stall_percent(before.psi_memory->full_total_us, after.psi_memory->full_total_us, s);
    f.numbers.push_back({"psi_memory_some_pct", some, "%"});
    f.numbers.push_back({"psi_memory_full_pct", full, "%"});
    f.evidence.push_back(fmt::format(
        "memory pressure (PSI): some task stalled {:.1f}% of the time, all tasks {:.1f}%", some,
        full));
    if (full >= kMemoryFullBottleneckPct) {
      raise(f, Severity::kBottleneck, full / kMemoryFullBottleneckPct,
            fmt::format("every task stalled on memory {:.0f}% of the time", full));
    } else if (some >= kMemorySomeWarnPct) {
      raise(f, Severity::kWarning, some / kMemorySomeWarnPct,
            fmt::format("tasks stalled on memory {:.0f}% of the time", some));
    }
  } else {
    f.evidence.push_back("no /proc/pressure/memory (kernel without PSI): stall time unknown");
  }
  if (f.severity == Severity::kBottleneck) {
    f.conclusion = "memory is the bottleneck";
    f.hint = "too little RAM for the workload (see which process grows: ps aux --sort=-rss)";
  } else if (f.severity == Severity::kWarning) {
    f.hint = "memory is getting short";
  }
  return f;
}

Finding assess_cpu(const HostProbe& before, const HostProbe& after, int cpus) {
  Finding f;
  f.area = "cpu";
  const double s = interval_s(before, after);
  const monitor::CpuPercent pct = monitor::cpu_percent(before.cpu, after.cpu);
  const double busy = std::max(0.0, 100.0 - pct.idle - pct.iowait - pct.steal);
  const auto& load = after.memory.load;
  const double per_cpu = cpus > 0 ? load.load1 / cpus : 0.0;
  f.numbers = {{"busy_pct", busy, "%"},          {"iowait_pct", pct.iowait, "%"},
               {"steal_pct", pct.steal, "%"},    {"idle_pct", pct.idle, "%"},
               {"load1", load.load1, "tasks"},   {"load5", load.load5, "tasks"},
               {"load15", load.load15, "tasks"}, {"cpus", static_cast<double>(cpus), "count"}};
  f.summary = fmt::format("CPUs {:.0f}% busy, load {:.2f} on {} CPU(s)", busy, load.load1, cpus);
  f.evidence.push_back(fmt::format(
      "over {:.1f} s: user {:.1f}%, system {:.1f}%, iowait {:.1f}%, steal {:.1f}%, idle {:.1f}%", s,
      pct.user + pct.nice, pct.system, pct.iowait, pct.steal, pct.idle));
  f.evidence.push_back(fmt::format("load average {:.2f} {:.2f} {:.2f} on {} CPU(s)", load.load1,
                                   load.load5, load.load15, cpus));
  if (busy >= kBusyBottleneckPct && per_cpu >= kLoadPerCpuBottleneck) {
    raise(f, Severity::kBottleneck, per_cpu / kLoadPerCpuBottleneck,
          fmt::format("CPUs {:.0f}% busy with load {:.2f} on {} CPU(s)", busy, load.load1, cpus));
    f.conclusion = "the CPUs are the bottleneck";
    f.hint = "more runnable tasks than CPUs (see top -o %CPU)";
  } else if (busy >= kBusyWarnPct || per_cpu >= kLoadPerCpuWarn) {
    raise(f, Severity::kWarning, std::max(busy / kBusyWarnPct, per_cpu / kLoadPerCpuWarn),
          fmt::format("CPUs {:.0f}% busy, load {:.2f} on {} CPU(s)", busy, load.load1, cpus));
  }
  if (pct.steal >= kStealBottleneckPct) {
    raise(f, Severity::kBottleneck, pct.steal / kStealBottleneckPct * 2,
          fmt::format("CPU steal {:.0f}%", pct.steal));
    f.conclusion = "the hypervisor is the bottleneck";
    f.hint = "this VM waits for physical CPUs other guests use (ask for dedicated vCPUs)";
  } else if (pct.steal >= kStealWarnPct) {
    raise(f, Severity::kWarning, pct.steal / kStealWarnPct,
          fmt::format("CPU steal {:.1f}%", pct.steal));
  }
  if (pct.iowait >= kIowaitWarnPct) {
    raise(f, Severity::kWarning, pct.iowait / kIowaitWarnPct,
          fmt::format("iowait {:.0f}%: the CPUs wait for storage", pct.iowait));
  }
  if (before.psi_cpu && after.psi_cpu) {
    const double some =
        stall_percent(before.psi_cpu->some_total_us, after.psi_cpu->some_total_us, s);
    f.numbers.push_back({"psi_cpu_some_pct", some, "%"});
    f.evidence.push_back(
        fmt::format("CPU pressure (PSI): some task waited for a CPU {:.1f}% of the time", some));
  }
  if (before.psi_io && after.psi_io) {
    const double some = stall_percent(before.psi_io->some_total_us, after.psi_io->some_total_us, s);
    f.numbers.push_back({"psi_io_some_pct", some, "%"});
    f.evidence.push_back(
        fmt::format("I/O pressure (PSI): some task waited for I/O {:.1f}% of the time", some));
    if (some >= kIoSomeWarnPct) {
      raise(f, Severity::kWarning, some / kIoSomeWarnPct,
            fmt::format("tasks waited for I/O {:.0f}% of the time", some));
    }
  }
  return f;
}

std::vector<ProcessIoRate> top_io_processes(const monitor::SnapshotDelta& delta, int self_pid,
                                            std::size_t n) {
  std::vector<ProcessIoRate> all;
  for (const auto& t : delta.tasks) {
    if (!t.has_io || t.task == nullptr || t.task->pid == self_pid) continue;
    if (t.io.read_bytes == 0 && t.io.write_bytes == 0) continue;
    all.push_back({t.task->pid, t.task->comm,
                   monitor::per_second(t.io.read_bytes, delta.interval_s),
                   monitor::per_second(t.io.write_bytes, delta.interval_s)});
  }
  std::stable_sort(all.begin(), all.end(), [](const ProcessIoRate& a, const ProcessIoRate& b) {
    return a.total() > b.total();
  });
  if (all.size() > n) all.resize(n);
  return all;
}

Finding assess_processes(const std::vector<ProcessIoRate>& top, double interval_s,
                         std::size_t unreadable) {
  Finding f;
  f.area = "processes";
  f.summary = "no process did block I/O";
  for (std::size_t i = 0; i < top.size(); ++i) {
    const auto& p = top[i];
    f.evidence.push_back(fmt::format("pid {} ({}): read {:.2f} MB/s, write {:.2f} MB/s", p.pid,
                                     p.comm, p.read_bytes_per_s / 1e6, p.write_bytes_per_s / 1e6));
    f.numbers.push_back({fmt::format("top{}_pid", i + 1), static_cast<double>(p.pid), "pid"});
    f.numbers.push_back(
        {fmt::format("top{}_read_mb_per_s", i + 1), p.read_bytes_per_s / 1e6, "MB/s"});
    f.numbers.push_back(
        {fmt::format("top{}_write_mb_per_s", i + 1), p.write_bytes_per_s / 1e6, "MB/s"});
  }
  if (!top.empty()) {
    const auto& p = top.front();
    f.summary = fmt::format("busiest I/O process: pid {} ({}), {:.2f} MB/s", p.pid, p.comm,
                            p.total() / 1e6);
    if (p.total() >= kProcessIoWarnBytesPerS) {
      f.severity = Severity::kWarning;
      f.score = p.total() / kProcessIoWarnBytesPerS;
      f.hint = fmt::format("{} keeps the disk busy", p.comm);
    } else if (p.total() >= kProcessIoNoteBytesPerS) {
      f.severity = Severity::kNote;
    }
  }
  f.evidence.push_back(fmt::format("sampled /proc/*/io over {:.1f} s", interval_s));
  if (unreadable > 0)
    f.evidence.push_back(fmt::format(
        "{} process(es) could not be read (ended meanwhile, or not permitted)", unreadable));
  return f;
}

}  // namespace hostmark::doctor
