#pragma once
// The inner loop of a job thread (see job_thread.h): queue, submit, reap, account. Internal to
// io/; job_thread.cc builds its parts and runs it.
#include <sys/resource.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/io_engine.h"
#include "io/fio_logs.h"
#include "io/io_buffers.h"
#include "io/io_planner.h"
#include "io/iolog_writer.h"
#include "io/job_accounting.h"
#include "io/job_flows.h"
#include "io/targets.h"
#include "io/verify.h"
#include "io/verify_log.h"
#include "runner/clock.h"

namespace hostmark::io {

struct LoopParts {
  const fio::JobOptions& job;
  engines::IoEngine& engine;
  IoBuffers& buffers;
  IoPlanner& planner;
  JobAccounting& acct;
  const std::vector<ThreadFile>& files;
  const std::vector<int>& fds;
  const std::atomic<bool>& stop;
  const VerifySpec* verify = nullptr;  // verify= given: writes carry checkable blocks
  std::uint64_t seed = 0;              // the thread's seed (payload seeds of verified writes)
  JobLogs* logs = nullptr;             // write_*_log given: what each measured I/O did
  FlowMember* flow = nullptr;          // flow= given: held back while ahead of its weight
  IoLogWriter* iolog = nullptr;        // write_iolog= given: each issued I/O is written there
};

class JobLoop {
 public:
  explicit JobLoop(const LoopParts& parts);
  // Runs from `begin_ns` (after startdelay) until done; fills error/interrupted of `out`.
  void run(std::uint64_t begin_ns, fio::JobStats& out);

 private:
  enum class Step { kIssued, kWait, kDone };
  Step issue_one(std::uint64_t now_ns);
  bool dispatch(
      engines::IoUnit& u);  // queues u; false (u back in the pool) when the engine is full
  void verify_pass();       // reads back every logged block and checks it
  void check_verified(const engines::IoUnit& u);
  void submit_staged();
  void reap(unsigned min);
  void complete(engines::IoUnit& u, std::uint64_t end_ns);
  void drain();
  void sync_files(engines::IoOp op, bool all_files);  // all_files: end_fsync; else those written
  bool check_time(std::uint64_t now_ns);
  void fail(const engines::IoUnit& u, int err,
            const std::string& why);  // "<file>: write at offset <n>: why", counted failed
  void end_with_error(int err, std::string text);  // keeps the first error; ends the planning
  std::optional<std::uint64_t> rate_due_ns(fio::Dir d) const;
  bool think_due() const {
    return p_.job.thinktime_ns != 0 && since_think_ >= p_.job.thinktime_blocks;
  }
  void think();  // thinktime: drains the queue, spins thinktime_spin, sleeps the rest
  // The clock of the I/O path: every call, or with gtod_reduce (no latency measured) one call in
  // 64, as fio's ts_cache; runtime checks and bandwidth samples then come up to 63 calls late.
  std::uint64_t io_clock_ns() {
    if (every_clock_ || (++clock_calls_ & 63u) == 0) cached_ns_ = monotonic_ns();
    return cached_ns_;
  }

  LoopParts p_;
  std::vector<engines::IoUnit> units_;
  std::vector<std::uint32_t> free_;
  std::vector<engines::IoUnit*> staged_;
  std::vector<engines::IoUnit*> reaped_;
  unsigned inflight_ = 0;
  unsigned batch_submit_, complete_min_, complete_max_;
  unsigned low_;  // iodepth_low: refill a full queue once this few are in flight
  bool sync_engine_;
  bool every_clock_;  // a latency is measured (or logged, or rated): read the clock every time
  unsigned clock_calls_ = 0;
  std::uint64_t cached_ns_ = 0;
  bool planning_done_ = false;
  bool measuring_ = false;
  bool pending_sync_ = false;
  std::uint32_t loops_left_;
  std::uint64_t writes_since_sync_ = 0;
  std::uint64_t begin_ns_ = 0, ramp_end_ns_ = 0, end_ns_ = UINT64_MAX;
  std::uint64_t last_ns_ = 0;
  std::array<std::uint64_t, fio::kDirs> issued_bytes_{}, issued_ios_{};
  std::optional<fio::PerDir<bool>> rated_;
  std::optional<PlannedIo> pending_;  // planned but held back by the rate limit
  VerifyLog verify_log_;
  std::vector<WrittenBlock>
      unit_block_;  // per pool slot: the block a write or verify read is about
  std::vector<std::uint8_t> unit_verifying_;  // per pool slot: 1 while it holds a verify read
  std::uint64_t write_seq_ = 0;
  std::uint64_t writes_since_verify_ = 0;
  std::uint64_t verify_mismatches_ = 0;
  bool pending_verify_ = false;
  std::vector<std::uint8_t> dirty_;  // per file: written since its last sync
  unsigned empty_reaps_ = 0;
  std::uint32_t since_think_ = 0;  // I/Os completed (or issued) since the last think time
  int error_ = 0;
  std::string error_text_;
  std::uint64_t failed_ios_ = 0;  // I/Os (and syncs) that ended in an error, never counted done
  int first_error_ = 0;           // the first of them (continue_on_error may have passed it)
  std::string first_error_text_;
  rusage usage_start_{};
};

}  // namespace hostmark::io
