// The planner: direction, then file, length and offset of each I/O, then budgets.
// Offsets are computed relative to the file's region and made absolute on return.
#include "io/io_planner.h"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>

#include "io/block_sizes.h"
#include "io/distributions.h"
#include "io/file_chooser.h"
#include "io/full_cycle.h"
#include "io/random_map.h"
#include "io/random_source.h"

namespace hostmark::io {

namespace {

constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};
constexpr std::size_t kRead = 0;
constexpr std::size_t kWrite = 1;
constexpr std::size_t kTrim = 2;

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0); }

struct DirPlan {
  BlockSizes sizes;
  std::uint64_t align_bytes = 4096;   // random offsets are multiples of this
  std::uint64_t units_per_align = 1;  // align_bytes / the random map's unit
};

struct FileState {
  FileRegion region;
  std::array<std::uint64_t, fio::kDirs> seq_pos{};    // next sequential offset, per direction
  std::array<std::uint64_t, fio::kDirs> last_end{};   // end of the last I/O, per direction
  std::array<std::uint64_t, fio::kDirs> positions{};  // random start positions (align units)
  std::array<BlockDistribution, fio::kDirs> dist;
  RandomMap map;                            // empty unless the random map is in use
  std::array<FullCycle, fio::kDirs> cycle;  // random_generator=lfsr: each position once a pass
  std::uint64_t pass_bytes = 0;  // bytes since this file became current (sequential service)
};

enum class DirMode : std::uint8_t { kSingle, kMix, kTrimWrite };

}  // namespace

struct IoPlanner::State {
  std::array<DirPlan, fio::kDirs> dirs;
  DirMode dir_mode = DirMode::kSingle;
  std::size_t single_dir = kRead;
  std::size_t mix_other = kWrite;  // the non-read side of a mix
  std::uint64_t read_percent = 50;
  bool random = false;
  bool use_map = false;
  bool uniform = true;
  bool full_cycle = false;  // random_generator=lfsr
  std::uint32_t sequencer = 1;
  std::uint32_t seq_left = 0;
  std::int64_t gap = 0;  // rw=read:N
  std::uint64_t map_unit_bytes = 4096;
  int map_unit_shift = -1;  // log2(map_unit_bytes) when a power of two
  std::vector<FileState> files;
  FileChooser chooser;
  std::uint32_t current_file = 0;
  RandomSource rng;
  std::uint64_t byte_limit = kNoLimit;
  std::uint64_t io_limit = kNoLimit;
  std::uint64_t budget_bytes = 0;  // bytes and I/Os counted against the budgets
  std::uint64_t budget_ios = 0;
  std::uint64_t bytes = 0;  // every planned byte and I/O since construction
  std::uint64_t ios = 0;
  bool pending_write = false;  // trimwrite: the write that follows a trim
  PlannedIo pending;
  bool empty = true;
  std::uint64_t fixed_len = 4096;  // the one block size of a kSimple planner

  std::uint64_t map_units(std::uint64_t len) const {
    return map_unit_shift >= 0 ? (len + map_unit_bytes - 1) >> map_unit_shift
                               : ceil_div(len, map_unit_bytes);
  }

  std::size_t choose_dir() {
    switch (dir_mode) {
      case DirMode::kSingle: return single_dir;
      case DirMode::kMix: return rng.below(100) < read_percent ? kRead : mix_other;
      case DirMode::kTrimWrite: return kTrim;
    }
    return kRead;
  }

  // Shortens `len` so that the I/O at `off` stays inside the region and the byte budget.
  std::uint64_t clip(const FileState& f, std::uint64_t off, std::uint64_t len) const {
    len = std::min(len, f.region.length - off);
    return std::min(len, byte_limit - budget_bytes);
  }

  std::uint64_t sequential(FileState& f, std::size_t d, std::uint64_t& len) {
    std::uint64_t pos = f.seq_pos[d];
    if (pos >= f.region.length) pos = 0;  // wrap within the region
    len = clip(f, pos, len);
    f.seq_pos[d] = pos + len;
    return pos;
  }

  // rw=read:N: a hole of `gap` bytes after each I/O (backwards when negative), as fio's
  // get_next_seq_offset: the first I/O of a pass is at the start; a pass ends (kNoLimit) once an
  // I/O has reached the region's end or when the next one would not fit in it (fio's fill_io_u
  // refuses it: t0007 reads 85 of its 128 MiB); a hole that passes an end wraps to the start
  // (forwards) or to the end (backwards).
  std::uint64_t gapped(FileState& f, std::size_t d, std::uint64_t& len) {
    const std::uint64_t end = f.seq_pos[d];  // of the last I/O; 0 before the first
    const std::uint64_t length = f.region.length;
    if (end >= length) return kNoLimit;
    std::uint64_t pos = end;
    if (end != 0) {
      const std::int64_t next = static_cast<std::int64_t>(end) + gap;
      if (next >= 0 && static_cast<std::uint64_t>(next) < length) {
        pos = static_cast<std::uint64_t>(next);
      } else if (gap > 0) {
        pos = 0;
      } else {
        const std::int64_t from_end = static_cast<std::int64_t>(length) + gap;
        pos = from_end > 0 ? static_cast<std::uint64_t>(from_end) : 0;
      }
    }
    if (len > length - pos) return kNoLimit;
    len = clip(f, pos, len);
    f.seq_pos[d] = pos + len;
    return pos;
  }

  // rw=randread:N: the I/Os between random ones continue from the last one's end.
  std::uint64_t continuation(FileState& f, std::size_t d, std::uint64_t& len) {
    std::uint64_t pos = f.last_end[d];
    if (pos >= f.region.length) pos = 0;
    len = clip(f, pos, len);
    if (use_map) f.map.mark_range(pos / map_unit_bytes, map_units(len));
    return pos;
  }

  // The first free unit at or after `unit` (which is taken) that starts a block of `k` units,
  // wrapping; a new map pass when every unit is done. When directions differ in alignment a
  // block may have no aligned free unit left: after a bounded search the I/O goes to `unit`
  // regardless of the map (aligned, possibly a repeat).
  std::uint64_t free_aligned_unit(FileState& f, std::uint64_t unit, std::uint64_t k) {
    std::uint64_t from = unit;
    for (int tries = 0; tries < 64; ++tries) {
      const std::uint64_t free_unit = f.map.next_free(from);
      if (free_unit == RandomMap::kNone) {  // every block done: the map starts a new pass
        f.map.clear();
        return unit;
      }
      const std::uint64_t aligned = k == 1 ? free_unit : free_unit - free_unit % k;
      if (!f.map.is_used(aligned)) return aligned;
      from = aligned + k < f.map.units() ? aligned + k : 0;
    }
    return unit;
  }

  // kSimple: one file, one block size for every direction, equal to their alignment and to the
  // map unit, no sequencer or gap, no trimwrite. The branches for everything else compile away.
  template <bool kSimple>
  std::uint64_t random_offset(FileState& f, std::size_t d, std::uint64_t& len) {
    const DirPlan& plan = dirs[d];
    if (!use_map) {
      const std::uint64_t pos = !uniform     ? f.dist[d].next(rng)
                                : full_cycle ? f.cycle[d].next()
                                             : rng.below(f.positions[d]);
      const std::uint64_t off = pos * plan.align_bytes;
      len = clip(f, off, len);
      return off;
    }
    const std::uint64_t k = kSimple ? 1 : plan.units_per_align;
    std::uint64_t unit = (full_cycle ? f.cycle[d].next() : rng.below(f.positions[d])) * k;
    if constexpr (kSimple) {
      if (f.map.is_used(unit)) {
        const std::uint64_t free_unit = f.map.next_free(unit);
        if (free_unit == RandomMap::kNone) {
          f.map.clear();  // every block done: the map starts a new pass
        } else {
          unit = free_unit;
        }
      }
    } else if (f.map.is_used(unit)) {
      unit = free_aligned_unit(f, unit, k);
    }
    const std::uint64_t off = unit * map_unit_bytes;
    len = clip(f, off, len);
    if constexpr (kSimple) {
      f.map.mark(unit);  // len <= one unit
    } else {
      const std::uint64_t got = f.map.claim_run(unit, map_units(len));
      if (got > 0) len = std::min(len, got * map_unit_bytes);  // stop at the first block done
    }
    return off;
  }

  template <bool kSimple>
  std::optional<PlannedIo> next_io() {
    if constexpr (!kSimple) {
      if (pending_write) {
        pending_write = false;
        bytes += pending.length;
        ++ios;
        return pending;
      }
      if (empty) return std::nullopt;
    }
    if (budget_ios >= io_limit || budget_bytes >= byte_limit) return std::nullopt;
    if constexpr (!kSimple) {
      if (files.size() > 1 && !choose_file()) return std::nullopt;
    }
    FileState& f = kSimple ? files.front() : files[current_file];
    const std::size_t d = choose_dir();
    std::uint64_t len = kSimple ? fixed_len : dirs[d].sizes.next(rng);
    std::uint64_t off = 0;
    if (!random) {
      if constexpr (!kSimple) {
        if (gap != 0) {
          off = gapped(f, d, len);
          if (off == kNoLimit) return std::nullopt;  // the pass reached the region's end
        } else {
          off = sequential(f, d, len);
        }
      } else {
        off = sequential(f, d, len);
      }
    } else if (!kSimple && seq_left > 0) {
      --seq_left;
      off = continuation(f, d, len);
    } else {
      if constexpr (!kSimple) seq_left = sequencer - 1;
      off = random_offset<kSimple>(f, d, len);
    }
    if constexpr (!kSimple) {
      f.last_end[d] = off + len;
      f.pass_bytes += len;
    }
    budget_bytes += len;
    ++budget_ios;
    bytes += len;
    ++ios;
    const PlannedIo io{static_cast<fio::Dir>(d), kSimple ? 0 : current_file, f.region.offset + off,
                       static_cast<std::uint32_t>(len)};
    if constexpr (!kSimple) {
      if (dir_mode == DirMode::kTrimWrite) {  // write what was just trimmed, outside the budget
        pending = io;
        pending.dir = fio::Dir::kWrite;
        pending_write = true;
      }
    }
    return io;
  }

  // Moves current_file to the file of the next I/O; false if every file is empty.
  bool choose_file() {
    std::uint32_t tries = 0;
    do {
      const FileState& cur = files[current_file];
      const std::uint32_t chosen = chooser.next(rng, cur.pass_bytes >= cur.region.length);
      if (chosen != current_file) files[chosen].pass_bytes = 0;
      current_file = chosen;
    } while (files[current_file].region.length == 0 && ++tries < 64 * files.size());
    return files[current_file].region.length != 0;
  }

  std::optional<PlannedIo> (State::*next_fn)() = &State::next_io<false>;

  void restart() {
    budget_bytes = 0;
    budget_ios = 0;
    pending_write = false;
    seq_left = 0;
    for (auto& f : files) {
      f.seq_pos = {};
      f.last_end = {};
      f.pass_bytes = 0;
      if (use_map) f.map.clear();
    }
    chooser.restart();
    current_file = 0;
  }
};

IoPlanner::IoPlanner(const fio::JobOptions& job, std::vector<FileRegion> regions,
                     std::uint64_t seed, std::uint64_t byte_budget, std::uint64_t io_budget)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  const fio::RwMode& rw = job.rw;
  std::array<bool, fio::kDirs> active{rw.read, rw.write, rw.trim};
  if (!rw.read && !rw.write && !rw.trim) active[kRead] = true;
  if (rw.trim && rw.write && !rw.read) {
    s.dir_mode = DirMode::kTrimWrite;
  } else if (active[kRead] && (active[kWrite] || active[kTrim])) {
    s.dir_mode = DirMode::kMix;
    s.mix_other = active[kWrite] ? kWrite : kTrim;
    s.read_percent = std::min<std::uint64_t>(job.rwmixread, 100);
  } else {
    s.single_dir = active[kRead] ? kRead : active[kWrite] ? kWrite : kTrim;
  }

  std::uint64_t unit = 0;
  for (std::size_t d = 0; d < fio::kDirs; ++d) {
    DirPlan& plan = s.dirs[d];
    plan.sizes = BlockSizes(job, static_cast<fio::Dir>(d));
    const std::uint32_t ba = job.blockalign_set ? job.blockalign[d] : 0;
    plan.align_bytes = ba != 0 ? ba : plan.sizes.min_bytes();
    if (active[d]) unit = std::gcd(unit, plan.align_bytes);
  }
  s.map_unit_bytes = unit;
  if (std::has_single_bit(unit)) s.map_unit_shift = std::countr_zero(unit);
  for (auto& plan : s.dirs)
    plan.units_per_align = std::max<std::uint64_t>(plan.align_bytes / unit, 1);

  s.random = rw.random;
  s.sequencer = std::max<std::uint32_t>(rw.sequencer, 1);
  s.gap = rw.random ? 0 : rw.gap;
  s.uniform = job.random_distribution.kind == fio::Distribution::kRandom;
  s.use_map = s.random && s.uniform && !job.norandommap;
  s.full_cycle = s.random && s.uniform && job.random_generator == "lfsr";
  s.rng.reseed(seed);
  std::uint64_t seed_state = seed ^ 0x5ca77e4ed0ffe75eULL;

  s.files.resize(regions.size());
  for (std::size_t i = 0; i < regions.size(); ++i) {
    FileState& f = s.files[i];
    f.region = regions[i];
    if (f.region.length > 0) s.empty = false;
    const std::uint64_t scatter_seed = splitmix64(seed_state);
    for (std::size_t d = 0; d < fio::kDirs; ++d) {
      f.positions[d] = std::max<std::uint64_t>(ceil_div(f.region.length, s.dirs[d].align_bytes), 1);
      if (s.full_cycle && active[d]) f.cycle[d] = FullCycle(f.positions[d], scatter_seed + d);
      if (s.random && !s.uniform && active[d]) {
        f.dist[d] = BlockDistribution(job.random_distribution, static_cast<fio::Dir>(d),
                                      f.positions[d], s.dirs[d].align_bytes, scatter_seed);
      }
    }
    if (s.use_map) f.map = RandomMap(ceil_div(f.region.length, s.map_unit_bytes));
  }
  s.chooser = FileChooser(job.file_service_type, static_cast<std::uint32_t>(s.files.size()),
                          splitmix64(seed_state));
  if (s.files.empty()) s.empty = true;
  if (byte_budget != 0) s.byte_limit = byte_budget;
  if (io_budget != 0) s.io_limit = io_budget;

  s.fixed_len = s.map_unit_bytes;
  bool simple = s.files.size() == 1 && !s.empty && s.dir_mode != DirMode::kTrimWrite &&
                s.sequencer == 1 && s.gap == 0;
  for (std::size_t d = 0; d < fio::kDirs; ++d) {
    const DirPlan& plan = s.dirs[d];
    if (active[d] && !(plan.sizes.fixed() && plan.sizes.min_bytes() == s.fixed_len &&
                       plan.align_bytes == s.fixed_len)) {
      simple = false;
    }
  }
  if (simple) s.next_fn = &State::next_io<true>;
}

IoPlanner::~IoPlanner() = default;
IoPlanner::IoPlanner(IoPlanner&&) noexcept = default;
IoPlanner& IoPlanner::operator=(IoPlanner&&) noexcept = default;

std::optional<PlannedIo> IoPlanner::next() { return (*state_.*state_->next_fn)(); }
void IoPlanner::restart() { state_->restart(); }
std::uint64_t IoPlanner::bytes_planned() const { return state_->bytes; }
std::uint64_t IoPlanner::ios_planned() const { return state_->ios; }

}  // namespace hostmark::io
