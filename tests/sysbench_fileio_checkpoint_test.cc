// fileio's own counters at the runner's checkpoints (Workload::restart_counters): each part
// holds what ran since the previous one, and the parts add up to the run's totals exactly.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <vector>

#include "runner/runner.h"
#include "scratch_dir.h"
#include "workloads/sysbench_fileio.h"
#include "workloads/sysbench_fileio_files.h"

namespace hostmark {
namespace {

// Keeps fileio's part of every checkpoint.
class FileioPartLog final : public RunObserver {
 public:
  std::vector<FileioTotals> parts;
  std::vector<std::uint64_t> events;
  void on_checkpoint(std::uint64_t, const RunOutcome& since) override {
    const auto* part = dynamic_cast<const FileioPart*>(since.own_counts.get());
    ASSERT_NE(part, nullptr);
    parts.push_back(part->totals);
    events.push_back(since.latency.count());
  }
};

// Runs `spec` on 2 threads for 300 ms with a checkpoint every 10 ms and checks that the parts
// (the checkpoints' and the final outcome's) add up to the whole run's totals.
void expect_parts_add_up(FileioSpec spec) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  spec.dir = dir.path();
  std::ostringstream prepare_out;
  prepare_fileio_files(spec, "", prepare_out);
  FileioWorkload workload(spec, 2);
  RunSpec run;
  run.threads = 2;
  // 300 ms, not less: a checkpoint the control thread reaches only after the time limit is never
  // reported, and a loaded machine can wake it 100 ms late.
  run.time_limit_ns = 300'000'000;
  for (std::uint64_t ms = 10; ms < 300; ms += 10) run.checkpoints_ns.push_back(ms * 1'000'000);
  FileioPartLog log;
  const RunOutcome out = run_workload(workload, run, &log);
  ASSERT_FALSE(log.parts.empty());
  const auto* last = dynamic_cast<const FileioPart*>(out.own_counts.get());
  ASSERT_NE(last, nullptr);
  log.parts.push_back(last->totals);
  log.events.push_back(out.latency.count());

  FileioTotals sum;
  std::uint64_t completions = 0;
  for (const FileioTotals& p : log.parts) {
    sum.reads += p.reads;
    sum.writes += p.writes;
    sum.fsyncs += p.fsyncs;
    sum.read_bytes += p.read_bytes;
    sum.written_bytes += p.written_bytes;
    sum.errors += p.errors;
    completions += p.completion.count();
    // A request and its bytes are always in the same part (random requests: one block each).
    EXPECT_EQ(p.read_bytes, p.reads * spec.block_bytes);
    EXPECT_EQ(p.written_bytes, p.writes * spec.block_bytes);
  }
  const FileioTotals all = workload.totals();
  EXPECT_GT(all.reads + all.writes, 0u);
  EXPECT_EQ(sum.reads, all.reads);
  EXPECT_EQ(sum.writes, all.writes);
  EXPECT_EQ(sum.fsyncs, all.fsyncs);
  EXPECT_EQ(sum.read_bytes, all.read_bytes);
  EXPECT_EQ(sum.written_bytes, all.written_bytes);
  EXPECT_EQ(sum.errors, 0u);
  EXPECT_EQ(completions, all.completion.count());
  if (spec.io == FileioIo::kAsync) {
    EXPECT_EQ(completions, all.reads + all.writes);
  }
}

FileioSpec checkpoint_spec(FileioMode mode, FileioIo io) {
  FileioSpec s;
  s.file_num = 4;
  s.total_bytes = 4 << 20;
  s.block_bytes = 4096;
  s.mode = mode;
  s.io = io;
  s.async_backlog = 8;
  s.fsync_freq = 16;
  return s;
}

TEST(SysbenchFileioCheckpointTest, SyncPartsAddUpToTheTotals) {
  expect_parts_add_up(checkpoint_spec(FileioMode::kRndrw, FileioIo::kSync));
}

// Async workers record completions while the checkpoint reads them (a snapshot, never a copy).
TEST(SysbenchFileioCheckpointTest, AsyncPartsAddUpToTheTotals) {
  expect_parts_add_up(checkpoint_spec(FileioMode::kRndrd, FileioIo::kAsync));
}

}  // namespace
}  // namespace hostmark
