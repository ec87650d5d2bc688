#include "commands/sysbench_tests.h"

#include <fmt/format.h>

#include <array>

#include "commands/sysbench_fileio.h"
#include "commands/sysbench_oltp.h"
#include "runner/outcome_phase.h"
#include "workloads/cpu_prime.h"
#include "workloads/sysbench_memory.h"
#include "workloads/sysbench_mutex.h"
#include "workloads/sysbench_threads.h"

namespace hostmark {
namespace {

std::vector<std::string> no_lines(const SbArgs&, SbGroups) { return {}; }
void no_metrics(const SbArgs&, SbGroups, const Workload&, const RunOutcome&, std::vector<Metric>&) {
}

// --- cpu -------------------------------------------------------------------------------------
constexpr std::array kCpuOptions = {
    SbOptionDef{"cpu-max-prime", SbArgType::kInt, "10000", "upper limit for primes generator"},
};

std::unique_ptr<Workload> make_cpu(const SbArgs& a, SbGroups g, std::uint64_t) {
  return std::make_unique<CpuPrimeWorkload>(a.count(g, "cpu-max-prime"));
}
std::vector<std::string> cpu_lines(const SbArgs& a, SbGroups g) {
  return {fmt::format("Prime numbers limit: {}", a.count(g, "cpu-max-prime")), ""};
}
void sysbench_cpu_metrics(const SbArgs&, SbGroups, const Workload&, const RunOutcome& o,
                          std::vector<Metric>& m) {
  m.push_back({"events_per_s", events_per_second(o), "events/s"});
}

// --- memory ----------------------------------------------------------------------------------
constexpr std::array kMemoryOptions = {
    SbOptionDef{"memory-block-size", SbArgType::kSize, "1K", "size of memory block for test"},
    SbOptionDef{"memory-total-size", SbArgType::kSize, "100G", "total size of data to transfer"},
    SbOptionDef{"memory-scope", SbArgType::kString, "global", "memory access scope {global,local}"},
    SbOptionDef{"memory-hugetlb", SbArgType::kFlag, "off", "allocate memory from HugeTLB pool"},
    SbOptionDef{"memory-oper", SbArgType::kString, "write",
                "type of memory operations {read, write, none}"},
    SbOptionDef{"memory-access-mode", SbArgType::kString, "seq", "memory access mode {seq,rnd}"},
};

// A memory option sysbench refuses: hostmark's reason, and sysbench's FATAL line.
Failure memory_option_error(const SbArgs& a, SbGroups g, std::string_view name, std::string why) {
  return Failure(with_peer_text(
      usage_error(fmt::format("--{}", name), std::move(why)),
      fmt::format("FATAL: Invalid value for {}: {}", name, a.text(g, std::string(name)))));
}

SysbenchMemorySpec memory_spec(const SbArgs& a, SbGroups g) {
  SysbenchMemorySpec s;
  s.block_bytes = a.size(g, "memory-block-size");
  const std::string block = a.text(g, "memory-block-size");
  if (s.block_bytes < sizeof(std::size_t)) {
    throw memory_option_error(
        a, g, "memory-block-size",
        fmt::format("'{}' is smaller than one word ({} bytes)", block, sizeof(std::size_t)));
  }
  if ((s.block_bytes & (s.block_bytes - 1)) != 0) {
    throw memory_option_error(
        a, g, "memory-block-size",
        fmt::format("'{}' is not a power of two (as sysbench requires)", block));
  }
  s.total_bytes = a.size(g, "memory-total-size");
  const std::string scope = a.text(g, "memory-scope");
  if (scope != "global" && scope != "local")
    throw memory_option_error(a, g, "memory-scope", "'" + scope + "' is not global or local");
  s.global_scope = scope == "global";
  s.hugetlb = a.flag(g, "memory-hugetlb");
  const std::string oper = a.text(g, "memory-oper");
  if (oper == "read") s.oper = MemoryOper::kRead;
  else if (oper == "write") s.oper = MemoryOper::kWrite;
  else if (oper == "none") s.oper = MemoryOper::kNone;
  else throw memory_option_error(a, g, "memory-oper", "'" + oper + "' is not read, write or none");
  const std::string mode = a.text(g, "memory-access-mode");
  if (mode != "seq" && mode != "rnd")
    throw memory_option_error(a, g, "memory-access-mode", "'" + mode + "' is not seq or rnd");
  s.random_access = mode == "rnd";
  s.rand.type = parse_rand_type(a.text(g, "rand-type")).value();
  s.rand.spec_iter = static_cast<int>(a.count(g, "rand-spec-iter"));
  s.rand.spec_pct = a.number(g, "rand-spec-pct");
  s.rand.spec_res = a.number(g, "rand-spec-res");
  s.rand.pareto_h = a.number(g, "rand-pareto-h");
  s.rand.zipfian_exp = a.number(g, "rand-zipfian-exp");
  return s;
}

std::unique_ptr<Workload> make_memory(const SbArgs& a, SbGroups g, std::uint64_t seed) {
  SysbenchMemorySpec s = memory_spec(a, g);
  s.seed = seed;
  return std::make_unique<SysbenchMemoryWorkload>(s);
}
std::vector<std::string> memory_lines(const SbArgs& a, SbGroups g) {
  const SysbenchMemorySpec s = memory_spec(a, g);
  std::vector<std::string> lines = {
      "Running memory speed test with the following options:",
      fmt::format("  block size: {}KiB", s.block_bytes / 1024),
      fmt::format("  total size: {}MiB", s.total_bytes / (std::uint64_t{1} << 20)),
      fmt::format("  operation: {}", a.text(g, "memory-oper")),
      fmt::format("  scope: {}", a.text(g, "memory-scope"))};
  if (s.hugetlb) lines.emplace_back("  hugetlb: on");
  if (s.random_access) lines.emplace_back("  access mode: rnd");
  lines.emplace_back("");
  return lines;
}
void memory_metrics(const SbArgs& a, SbGroups g, const Workload&, const RunOutcome& o,
                    std::vector<Metric>& m) {
  const double ops = static_cast<double>(o.latency.count());
  const double seconds = static_cast<double>(o.wall_ns) / 1e9;
  m.push_back({"operations", ops, "events"});
  m.push_back({"operations_per_s", seconds > 0 ? ops / seconds : 0, "events/s"});
  if (a.text(g, "memory-oper") != "none") {
    const double mib =
        ops * static_cast<double>(a.size(g, "memory-block-size")) / (1024.0 * 1024.0);
    m.push_back({"transferred_mib", mib, "MiB"});
    m.push_back({"transferred_mib_per_s", seconds > 0 ? mib / seconds : 0, "MiB/s"});
  }
}

// --- threads ---------------------------------------------------------------------------------
constexpr std::array kThreadsOptions = {
    SbOptionDef{"thread-yields", SbArgType::kInt, "1000", "number of yields to do per request"},
    SbOptionDef{"thread-locks", SbArgType::kInt, "8", "number of locks per thread"},
};

std::unique_ptr<Workload> make_threads(const SbArgs& a, SbGroups g, std::uint64_t) {
  if (a.count(g, "thread-locks") == 0)
    throw Failure(usage_error("--thread-locks", "must be at least 1"));
  return std::make_unique<SysbenchThreadsWorkload>(a.count(g, "thread-yields"),
                                                   a.count(g, "thread-locks"));
}

// --- mutex -----------------------------------------------------------------------------------
constexpr std::array kMutexOptions = {
    SbOptionDef{"mutex-num", SbArgType::kInt, "4096", "total size of mutex array"},
    SbOptionDef{"mutex-locks", SbArgType::kInt, "50000", "number of mutex locks to do per thread"},
    SbOptionDef{"mutex-loops", SbArgType::kInt, "10000",
                "number of empty loops to do outside mutex lock"},
};

std::unique_ptr<Workload> make_mutex(const SbArgs& a, SbGroups g, std::uint64_t seed) {
  if (a.count(g, "mutex-num") == 0) throw Failure(usage_error("--mutex-num", "must be at least 1"));
  return std::make_unique<SysbenchMutexWorkload>(SysbenchMutexSpec{
      a.count(g, "mutex-num"), a.count(g, "mutex-locks"), a.count(g, "mutex-loops"), seed});
}

const std::array kTests = {
    SysbenchTest{"fileio", "File I/O test", fileio_options(), make_fileio, fileio_lines,
                 fileio_metrics, fileio_prepare, fileio_cleanup, fileio_interval_line,
                 fileio_storage_facts},
    SysbenchTest{"cpu", "CPU performance test", kCpuOptions, make_cpu, cpu_lines,
                 sysbench_cpu_metrics, nullptr, nullptr, nullptr, nullptr},
    SysbenchTest{"memory", "Memory functions speed test", kMemoryOptions, make_memory, memory_lines,
                 memory_metrics, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                 EventAccounting::kSysbench, true},
    SysbenchTest{"threads", "Threads subsystem performance test", kThreadsOptions, make_threads,
                 no_lines, no_metrics, nullptr, nullptr, nullptr, nullptr},
    SysbenchTest{"mutex", "Mutex performance test", kMutexOptions, make_mutex, no_lines, no_metrics,
                 nullptr, nullptr, nullptr, nullptr},
};

// The compiled-in tests, then the OLTP scripts' (commands/sysbench_oltp.cc).
const std::vector<SysbenchTest>& all_tests() {
  static const std::vector<SysbenchTest> all = [] {
    std::vector<SysbenchTest> v(kTests.begin(), kTests.end());
    const auto oltp = sysbench_oltp_tests();
    v.insert(v.end(), oltp.begin(), oltp.end());
    return v;
  }();
  return all;
}

}  // namespace

std::span<const SysbenchTest> sysbench_tests() { return all_tests(); }

const SysbenchTest* find_sysbench_test(std::string_view name) {
  for (const auto& t : all_tests())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace hostmark
