#pragma once
// What a job thread does next: direction, file, offset and length of each I/O, from the job's
// rw, rwmix, bs/bsrange/bssplit, random_distribution, random map and seeds. Deterministic:
// the same options, files and seed give the same sequence. No I/O, no clocks, no allocation
// after construction; next() costs a few ns (it is on the hot path of every engine).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "fio/job_options.h"

namespace hostmark::io {

// The part of one file a job thread addresses: [offset, offset + length).
struct FileRegion {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

struct PlannedIo {
  fio::Dir dir = fio::Dir::kRead;
  std::uint32_t file = 0;    // index into the regions given at construction
  std::uint64_t offset = 0;  // absolute offset in the file (region offset included)
  std::uint32_t length = 0;  // bytes, a multiple of the block alignment (except an I/O clipped
                             // at the region's end or at the byte budget)
};

class IoPlanner {
 public:
  // `regions`: one per file of this thread, already offset per jobnum (offset, offset_increment)
  // and sized (size / nrfiles). `seed`: the thread's seed (randrepeat/randseed applied by caller).
  // `byte_budget`: bytes to transfer before next() returns nullopt (io_size, or the regions'
  // total; 0 = no byte limit); `io_budget`: I/Os before nullopt (number_ios; 0 = no limit).
  // The last I/O is shortened to what the byte budget leaves, so bytes_planned() ends exactly
  // at it. trimwrite: each trim is followed by a write of the same range, and the pair counts
  // once against both budgets (fio doubles them). Semantics and differences from fio:
  // docs/IO_PLANNER.md.
  IoPlanner(const fio::JobOptions& job, std::vector<FileRegion> regions, std::uint64_t seed,
            std::uint64_t byte_budget, std::uint64_t io_budget);
  ~IoPlanner();
  IoPlanner(IoPlanner&&) noexcept;
  IoPlanner& operator=(IoPlanner&&) noexcept;

  // The next I/O, or nullopt when the budget is spent (a time_based job calls restart()).
  std::optional<PlannedIo> next();
  // Starts another pass (loops=, time_based): budgets refilled, sequential positions and the
  // random map reset; the random stream continues.
  void restart();

  // Everything next() returned since construction (all passes, trimwrite's writes included).
  std::uint64_t bytes_planned() const;
  std::uint64_t ios_planned() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The seed of job thread `jobnum` of a job: fio's randrepeat=1 gives the same seed every run
// (randseed= overrides it), randrepeat=0 a time-based one; jobnum varies it so threads differ.
std::uint64_t thread_seed(const fio::JobOptions& job, int jobnum);

}  // namespace hostmark::io
