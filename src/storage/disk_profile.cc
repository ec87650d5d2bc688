#include "storage/disk_profile.h"

#include <fmt/format.h>

#include <algorithm>

namespace hostmark::storage {
namespace {

constexpr std::uint32_t kKiB = 1024;
constexpr std::uint32_t kMiB = 1024 * 1024;

DiskTest seq(std::uint32_t bs, std::string_view bs_label, std::uint32_t q, std::uint32_t t) {
  return DiskTest{fmt::format("SEQ{} Q{}T{}", bs_label, q, t), bs, q, t, false};
}
DiskTest rnd(std::uint32_t q, std::uint32_t t) {
  return DiskTest{fmt::format("RND4K Q{}T{}", q, t), 4 * kKiB, q, t, true};
}

std::vector<DiskTest> standard_tests() {
  return {seq(kMiB, "1M", 8, 1), seq(kMiB, "1M", 1, 1), rnd(32, 1), rnd(1, 1)};
}

// fio's size spelling: the largest binary suffix that divides exactly.
std::string fio_size(std::uint64_t bytes) {
  constexpr std::pair<char, int> kSuffixes[] = {{'t', 40}, {'g', 30}, {'m', 20}, {'k', 10}};
  for (const auto& [suffix, shift] : kSuffixes) {
    const std::uint64_t unit = std::uint64_t{1} << shift;
    if (bytes >= unit && bytes % unit == 0) return fmt::format("{}{}", bytes / unit, suffix);
  }
  return std::to_string(bytes);
}

std::string fio_time(std::uint64_t ns) {
  if (ns % 1'000'000'000 == 0) return std::to_string(ns / 1'000'000'000);
  if (ns % 1'000'000 == 0) return fmt::format("{}ms", ns / 1'000'000);
  return fmt::format("{}us", std::max<std::uint64_t>(1, ns / 1'000));
}

bool needs_quotes(std::string_view arg) {
  if (arg.empty()) return true;
  return std::any_of(arg.begin(), arg.end(), [](char c) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    return !plain && std::string_view("_./=:,+-").find(c) == std::string_view::npos;
  });
}

}  // namespace

const char* disk_direction_name(DiskDirection d) {
  switch (d) {
    case DiskDirection::kRead: return "read";
    case DiskDirection::kWrite: return "write";
    case DiskDirection::kMix: return "mix";
  }
  return "?";
}

const char* disk_aggregate_name(DiskAggregate a) {
  return a == DiskAggregate::kBest ? "best" : "average";
}

Expected<DiskAggregate> parse_disk_aggregate(std::string_view text) {
  if (text == "best") return DiskAggregate::kBest;
  if (text == "average") return DiskAggregate::kAverage;
  return usage_error("--aggregate", fmt::format("'{}' is not best or average", text));
}

Expected<DiskProfile> find_disk_profile(std::string_view name) {
  DiskProfile p;
  p.name = std::string(name);
  if (name == "standard") {
    p.tests = standard_tests();
  } else if (name == "nvme") {
    p.tests = {seq(kMiB, "1M", 8, 1), seq(128 * kKiB, "128K", 32, 1), rnd(32, 16), rnd(1, 1)};
  } else if (name == "peak") {
    p.tests = {seq(kMiB, "1M", 8, 1), rnd(32, 16)};
  } else if (name == "realworld") {
    p.tests = {seq(kMiB, "1M", 1, 1), rnd(1, 1)};
  } else if (name == "mix") {
    p.tests = standard_tests();
    p.mix = true;
  } else {
    return usage_error("--profile", fmt::format("'{}' is not one of standard, nvme, peak, "
                                                "realworld, mix",
                                                name));
  }
  return p;
}

std::vector<std::string> disk_profile_names() {
  return {"standard", "nvme", "peak", "realworld", "mix"};
}

std::string DiskStep::name() const {
  return fmt::format("{} {}", test.label, disk_direction_name(direction));
}

std::string DiskStep::job_name() const {
  std::string n = name();
  std::replace(n.begin(), n.end(), ' ', '_');
  return n;
}

std::vector<DiskStep> disk_steps(const DiskProfile& profile, bool reads, bool writes) {
  std::vector<DiskStep> steps;
  if (profile.mix) {
    for (const auto& t : profile.tests) steps.push_back({t, DiskDirection::kMix});
    return steps;
  }
  if (reads)
    for (const auto& t : profile.tests) steps.push_back({t, DiskDirection::kRead});
  if (writes)
    for (const auto& t : profile.tests) steps.push_back({t, DiskDirection::kWrite});
  return steps;
}

namespace {

// fio's filename= splits at ':' (a list of files); a ':' of the path is escaped as "\\:".
std::string fio_filename(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ':') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::vector<std::string> disk_fio_arguments(const DiskStep& step, const DiskTarget& target) {
  const char* rw = step.direction == DiskDirection::kRead ? (step.test.random ? "randread" : "read")
                   : step.direction == DiskDirection::kWrite
                       ? (step.test.random ? "randwrite" : "write")
                       : (step.test.random ? "randrw" : "rw");
  std::vector<std::string> a = {
      "--name=" + step.job_name(),
      "--filename=" + fio_filename(target.path),
      "--size=" + fio_size(target.size_bytes),
      "--ioengine=libaio",
      "--direct=1",
      fmt::format("--rw={}", rw),
      "--bs=" + fio_size(step.test.block_bytes),
      fmt::format("--iodepth={}", step.test.queue_depth),
      fmt::format("--numjobs={}", step.test.threads),
      "--time_based",
      "--runtime=" + fio_time(target.duration_ns),
      "--group_reporting",
  };
  if (step.direction == DiskDirection::kMix)
    a.push_back(fmt::format("--rwmixread={}", kMixReadPercent));
  if (step.writes()) a.push_back("--end_fsync=1");
  return a;
}

std::vector<std::string> disk_prepare_arguments(const DiskTarget& target) {
  return {"--name=prepare",
          "--filename=" + fio_filename(target.path),
          "--size=" + fio_size(target.size_bytes),
          "--ioengine=libaio",
          "--direct=1",
          "--rw=write",
          "--bs=1m",
          "--iodepth=8",
          "--end_fsync=1",
          "--unlink=0"};
}

std::string shell_command_line(std::string_view program, const std::vector<std::string>& args) {
  std::string line(program);
  for (const auto& arg : args) {
    line += ' ';
    if (!needs_quotes(arg)) {
      line += arg;
      continue;
    }
    line += '\'';
    for (char c : arg) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

}  // namespace hostmark::storage
