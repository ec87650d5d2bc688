// `hostmark top --replay` over a small record database built here: batch text and JSON show
// every recorded interval with its top processes, and the mistakes are one line.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "monitor/record_store.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

monitor::HostSample replay_sample(std::int64_t t_s, std::uint64_t n,
                                  std::vector<monitor::ProcessIoRate> processes) {
  monitor::HostSample s;
  s.time_ns = t_s * 1'000'000'000;
  s.boot_id = "b";
  s.disks.uptime_ms = static_cast<std::uint64_t>(t_s) * 1000;
  s.cpu.user = 100 * n;
  s.cpu.iowait = 50 * n * n;
  s.cpu.idle = 100 * n;
  monitor::DiskSample vdz;
  vdz.name = "vdz";
  vdz.fields = 17;
  vdz.rd_sectors = 2048 * n;  // 1 MiB per second read
  s.disks.disks = {vdz};
  s.top_processes = std::move(processes);
  return s;
}

std::string record_db(const ScratchDir& dir) {
  const std::string path = dir.file("rec.db");
  monitor::RecordStore store = monitor::RecordStore::open(path);
  store.append(replay_sample(1000, 1, {}));
  store.append(replay_sample(
      1001, 2, {{11, "small", "root", 1024, 0, 1, 0}, {22, "big", "pg", 0, 1 << 20, 0, 9}}));
  store.append(replay_sample(1002, 3, {{33, "third", "root", 4096, 0, 4, 0}}));
  return path;
}

TEST(TopReplayCli, BatchPrintsEveryRecordedIntervalLikeARefresh) {
  ScratchDir dir;
  const std::string db = record_db(dir);
  const RunOutput r =
      run_hostmark({"top", "--replay", "--db", db, "--from", "@999", "--to", "@1003", "-b"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto first = r.out.find("replay of " + db + " at ");
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(sample 1 of 2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(sample 2 of 2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Actual DISK READ:    1.00 MiB/s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Devices: vdz R 1.00 MiB/s"), std::string::npos) << r.out;
  const auto big = r.out.find(" big");
  const auto small = r.out.find(" small");
  ASSERT_NE(big, std::string::npos);
  ASSERT_NE(small, std::string::npos);
  EXPECT_LT(big, small) << "most bytes first";
  EXPECT_GT(r.out.find(" third"), r.out.find("(sample 2 of 2)"));

  const RunOutput one =
      run_hostmark({"top", "--replay", "--db", db, "--from", "@999", "-b", "-n", "1"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out.find("(sample 2 of 2)"), std::string::npos) << one.out;

  const RunOutput json = run_hostmark({"top", "--replay", "--db", db, "--from", "@999", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto lines = output_lines(json.out);
  ASSERT_EQ(lines.size(), 2u) << json.out;
  const auto j = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(j["time"], 1002);
  EXPECT_NE(j["replay"].get<std::string>().find("sample 2 of 2"), std::string::npos);
}

TEST(TopReplayCli, MistakesAreOneLine) {
  ScratchDir dir;
  const std::string db = record_db(dir);
  const RunOutput empty =
      run_hostmark({"top", "--replay", "--db", db, "--from", "@5000", "--to", "@6000", "-b"});
  EXPECT_EQ(empty.exit_code, 1);
  ASSERT_EQ(output_lines(empty.err).size(), 1u) << empty.err;
  EXPECT_NE(empty.err.find("no recorded intervals"), std::string::npos) << empty.err;

  const RunOutput live = run_hostmark({"top", "-b", "--from", "@0"});
  EXPECT_EQ(live.exit_code, 2);
  EXPECT_EQ(live.err, "hostmark: --db/--from/--to: only with --replay\n");

  const RunOutput missing = run_hostmark({"top", "--replay", "--db", dir.file("no.db"), "-b"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(output_lines(missing.err).size(), 1u) << missing.err;
}

}  // namespace
}  // namespace hostmark
