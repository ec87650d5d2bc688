#include "io/job_loop.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "io/verify_dump.h"
#include "runner/clock.h"

namespace hostmark::io {
namespace {

using engines::IoOp;
using engines::IoUnit;
using engines::QueueStatus;

fio::Dir dir_of(IoOp op) {
  switch (op) {
    case IoOp::kWrite: return fio::Dir::kWrite;
    case IoOp::kTrim: return fio::Dir::kTrim;
    default: return fio::Dir::kRead;
  }
}

IoOp op_of(fio::Dir d) {
  switch (d) {
    case fio::Dir::kWrite: return IoOp::kWrite;
    case fio::Dir::kTrim: return IoOp::kTrim;
    default: return IoOp::kRead;
  }
}

constexpr std::uint64_t kSleepSliceNs = 20'000'000;
constexpr unsigned kMaxEmptyReaps =
    100'000;  // a blocking reap that keeps returning nothing: give up

// Without iodepth_batch_submit: direct I/O goes to the device as soon as it is queued (as fio's
// default), so the device works on the first I/O while the next are prepared; batching them
// measured 0.75-0.85x fio's IOPS at QD32 on a fast device. Buffered I/O is filled into every free
// slot and submitted in one call: there the submit itself does the copy, and one call per I/O
// made fio's io_uring slower than psync on cached data.
unsigned default_batch_submit(const fio::JobOptions& job) {
  return job.direct ? 1 : std::max<unsigned>(job.iodepth, 1);
}

unsigned setting(const std::optional<std::uint32_t>& v, unsigned fallback, unsigned depth) {
  if (!v) return fallback;
  return std::clamp<unsigned>(*v == 0 ? depth : *v, 1, depth);
}

}  // namespace

JobLoop::JobLoop(const LoopParts& parts)
    : p_(parts),
      units_(std::max<std::uint32_t>(parts.job.iodepth, 1)),
      batch_submit_(setting(parts.job.iodepth_batch_submit, default_batch_submit(parts.job),
                            static_cast<unsigned>(units_.size()))),
      complete_min_(parts.job.iodepth_batch_complete_min
                        ? std::min<unsigned>(*parts.job.iodepth_batch_complete_min,
                                             static_cast<unsigned>(units_.size()))
                        : 1),
      complete_max_(setting(parts.job.iodepth_batch_complete_max,
                            static_cast<unsigned>(units_.size()),
                            static_cast<unsigned>(units_.size()))),
      low_(parts.job.iodepth_low && *parts.job.iodepth_low > 0 &&  // 0: iodepth, as fio
                   *parts.job.iodepth_low < units_.size()
               ? *parts.job.iodepth_low
               : static_cast<unsigned>(units_.size())),
      sync_engine_(parts.engine.synchronous()),
      every_clock_(!(parts.job.disable_lat && parts.job.disable_clat && parts.job.disable_slat) ||
                   parts.logs != nullptr),
      loops_left_(std::max<std::uint32_t>(parts.job.loops, 1) - 1) {
  free_.reserve(units_.size());
  for (std::uint32_t i = 0; i < units_.size(); ++i) {
    units_[i].pool_index = i;
    units_[i].buf = p_.buffers.buffer(i);
    units_[i].buf_index = static_cast<int>(i);
    free_.push_back(static_cast<std::uint32_t>(units_.size()) - 1 - i);
  }
  staged_.reserve(units_.size());
  reaped_.resize(units_.size());
  unit_block_.resize(units_.size());
  dirty_.resize(p_.fds.size());
  unit_verifying_.resize(units_.size());
  for (int d = 0; d < fio::kDirs; ++d) {
    if (p_.job.rate_bytes_per_s[d] || p_.job.rate_iops[d]) {
      if (!rated_) rated_.emplace(fio::PerDir<bool>{false, false, false});
      (*rated_)[d] = true;
      every_clock_ = true;
    }
  }
}

std::optional<std::uint64_t> JobLoop::rate_due_ns(fio::Dir d) const {
  const int i = static_cast<int>(d);
  if (!rated_ || !(*rated_)[i]) return std::nullopt;
  std::uint64_t due = begin_ns_;
  if (p_.job.rate_bytes_per_s[i]) {
    due = std::max(
        due, begin_ns_ + static_cast<std::uint64_t>(static_cast<Uint128>(issued_bytes_[i]) *
                                                    1'000'000'000u / p_.job.rate_bytes_per_s[i]));
  }
  if (p_.job.rate_iops[i]) {
    due =
        std::max(due, begin_ns_ + static_cast<std::uint64_t>(static_cast<Uint128>(issued_ios_[i]) *
                                                             1'000'000'000u / p_.job.rate_iops[i]));
  }
  return due;
}

bool JobLoop::check_time(std::uint64_t now_ns) {
  if (!measuring_ && now_ns >= ramp_end_ns_) {
    measuring_ = true;
    p_.acct.start_measuring(now_ns);
    if (p_.logs != nullptr) p_.logs->start(now_ns);
    getrusage(RUSAGE_THREAD, &usage_start_);
  }
  if (now_ns >= end_ns_) planning_done_ = true;
  return !planning_done_;
}

JobLoop::Step JobLoop::issue_one(std::uint64_t now_ns) {
  std::optional<PlannedIo> planned;
  planned.swap(pending_);
  if (!planned) planned = p_.planner.next();
  if (!planned) {
    if (p_.job.time_based || loops_left_ > 0) {
      if (!p_.job.time_based) --loops_left_;
      p_.planner.restart();
      planned = p_.planner.next();
    }
    if (!planned) {
      planning_done_ = true;
      return Step::kDone;
    }
  }
  if (auto due = rate_due_ns(planned->dir); due && *due > now_ns) {
    // Ahead of the rate: let in-flight I/O finish first, then sleep until this one is due.
    pending_ = planned;
    if (inflight_ > 0) return Step::kWait;
    sleep_until_ns(
        std::min({*due, end_ns_, monotonic_ns() + kSleepSliceNs}));  // stop noticed within a slice
    last_ns_ = monotonic_ns();
    return Step::kWait;
  }
  if (p_.flow != nullptr && !p_.flow->may_issue()) {
    // Ahead of this job's share of its flow: let in-flight I/O finish, or wait, as fio. Counted
    // here, where the I/O is due, so time spent behind a rate limit counts nothing.
    pending_ = planned;
    if (inflight_ > 0) return Step::kWait;
    if (p_.job.flow_sleep_ns > 0) {
      sleep_until_ns(monotonic_ns() + std::min(p_.job.flow_sleep_ns, kSleepSliceNs));
    } else {
      std::this_thread::yield();
    }
    last_ns_ = monotonic_ns();
    return Step::kWait;
  }
  const int d = static_cast<int>(planned->dir);
  issued_bytes_[d] += planned->length;
  ++issued_ios_[d];
  IoUnit& u = units_[free_.back()];
  free_.pop_back();
  u.op = op_of(planned->dir);
  u.file = static_cast<int>(planned->file);
  u.offset = planned->offset;
  u.length = planned->length;
  u.result = 0;
  unit_verifying_[u.pool_index] = 0;
  if (u.op == IoOp::kWrite) {
    if (p_.verify != nullptr) {
      const WrittenBlock w{u.offset, block_seed(p_.seed, write_seq_), write_seq_, planned->file,
                           u.length};
      ++write_seq_;
      fill_block(*p_.verify, w, std::span<std::byte>(u.buf, u.length));
      unit_block_[u.pool_index] = w;
    } else {
      p_.buffers.prepare_write(u.pool_index, u.length, u.offset);
    }
  }
  // The previous completion's clock read stands for this I/O's start unless its buffer took
  // real work to prepare (verify checksums, refill_buffers): that is not I/O latency.
  const bool heavy_prep = u.op == IoOp::kWrite && (p_.verify != nullptr || p_.job.refill_buffers);
  // Otherwise the clock read of this loop iteration (sync: the last completion) is the start.
  u.start_ns = heavy_prep ? io_clock_ns() : now_ns;
  if (!dispatch(u)) {
    pending_ = planned;
    issued_bytes_[d] -= planned->length;
    --issued_ios_[d];
    if (u.op == IoOp::kWrite && p_.verify != nullptr) --write_seq_;
    return Step::kWait;
  }
  if (p_.iolog != nullptr) p_.iolog->io(u.file, u.op, u.offset, u.length);
  if (p_.job.thinktime_on_issue) ++since_think_;
  return Step::kIssued;
}

bool JobLoop::dispatch(IoUnit& u) {
  ++inflight_;
  p_.acct.queued_at_depth(inflight_);
  const QueueStatus st = p_.engine.queue(u);
  if (st == QueueStatus::kCompleted) {
    const std::uint64_t end = io_clock_ns();
    p_.acct.submitted(1);  // fio counts a synchronous I/O as a submit and a completion of one
    p_.acct.reaped(1);
    u.submit_ns = u.start_ns;
    complete(u, end);
    last_ns_ = end;
    return true;
  }
  if (st == QueueStatus::kBusy) {  // cannot happen while inflight <= iodepth; treat as full
    --inflight_;
    free_.push_back(u.pool_index);
    return false;
  }
  staged_.push_back(&u);
  if (staged_.size() >= batch_submit_) submit_staged();
  return true;
}

void JobLoop::check_verified(const IoUnit& u) {
  const auto mismatch = check_block(*p_.verify, unit_block_[u.pool_index],
                                    std::span<const std::byte>(u.buf, u.length));
  if (!mismatch) return;
  ++verify_mismatches_;
  const std::string& path = p_.files[static_cast<std::size_t>(u.file)].target->path;
  std::string text = path + ": verify: " + mismatch->text();
  if (p_.job.verify_dump) {
    // As fio without --aux-path: the files go to the current directory.
    const auto dumped =
        dump_mismatch(*p_.verify, unit_block_[u.pool_index],
                      std::span<const std::byte>(u.buf, u.length), *mismatch, path, "");
    text += dumped ? " (data dumped as " + dumped.value().received + " and " +
                         dumped.value().expected + ")"
                   : " (" + dumped.error().message() + ")";
  }
  end_with_error(EILSEQ, std::move(text));  // EILSEQ: fio's error for a verify failure
}

void JobLoop::verify_pass() {
  drain();
  const auto live = verify_log_.in_order();
  const std::vector<WrittenBlock> blocks(live.begin(), live.end());
  std::size_t next = 0;
  while (!p_.stop.load(std::memory_order_relaxed) && !(p_.job.verify_fatal && error_ != 0)) {
    while (next < blocks.size() && !free_.empty()) {
      const WrittenBlock& b = blocks[next];
      IoUnit& u = units_[free_.back()];
      free_.pop_back();
      u.op = IoOp::kRead;
      u.file = static_cast<int>(b.file);
      u.offset = b.offset;
      u.length = b.length;
      u.result = 0;
      unit_verifying_[u.pool_index] = 1;
      unit_block_[u.pool_index] = b;
      u.start_ns = io_clock_ns();
      if (!dispatch(u)) break;
      ++next;
    }
    submit_staged();
    if (inflight_ == 0) {
      if (next >= blocks.size()) break;
      continue;
    }
    reap(std::max(1u, complete_min_));
  }
  drain();
  verify_log_.clear();
  writes_since_verify_ = 0;
  pending_verify_ = false;
}

void JobLoop::submit_staged() {
  if (staged_.empty()) return;
  // As fio's issue_time: taken before the submit call, so clat includes the system call (for
  // buffered io_uring reads the copy happens inside it) and slat is the time spent getting there.
  const std::uint64_t t = io_clock_ns();
  const int n = p_.engine.submit();
  if (n < 0) {
    for (auto* u : staged_) {
      u->submit_ns = t;
      u->result = n;
      complete(*u, t);
    }
    staged_.clear();
    return;
  }
  // The engine keeps what it could not submit staged; so does this list, for the next call.
  const auto done = std::min<std::size_t>(static_cast<std::size_t>(n), staged_.size());
  p_.acct.submitted(static_cast<unsigned>(done));
  for (std::size_t i = 0; i < done; ++i) staged_[i]->submit_ns = t;
  if (p_.logs != nullptr && measuring_) {
    for (std::size_t i = 0; i < done; ++i) {
      const IoUnit& u = *staged_[i];
      p_.logs->submitted(dir_of(u.op), u.length, u.offset, u.start_ns, t);
    }
  }
  staged_.erase(staged_.begin(), staged_.begin() + static_cast<std::ptrdiff_t>(done));
}

void JobLoop::reap(unsigned min) {
  const unsigned want = std::min<unsigned>(complete_max_, inflight_);
  const int n = p_.engine.reap(std::min(min, want), std::span<IoUnit*>(reaped_.data(), want));
  const std::uint64_t t = io_clock_ns();
  last_ns_ = t;
  if (n < 0) {
    end_with_error(-n, fmt::format("{}: ioengine={}: reaping completions: {}", p_.job.name,
                                   p_.engine.name(), std::strerror(-n)));
    // Nothing can be collected any more: forget what is in flight.
    inflight_ = 0;
    return;
  }
  if (n == 0 && min > 0 && ++empty_reaps_ > kMaxEmptyReaps) {
    end_with_error(EAGAIN, fmt::format("{}: ioengine={}: no completions for I/O it accepted",
                                       p_.job.name, p_.engine.name()));
    inflight_ = 0;
    return;
  }
  if (n > 0) empty_reaps_ = 0;
  p_.acct.reaped(static_cast<unsigned>(n));
  for (int i = 0; i < n; ++i) complete(*reaped_[i], t);
}

void JobLoop::complete(IoUnit& u, std::uint64_t end_ns) {
  --inflight_;
  free_.push_back(u.pool_index);
  if (!p_.job.thinktime_on_issue) ++since_think_;
  const fio::Dir d = dir_of(u.op);
  if (measuring_)
    for (std::uint32_t i = 0; i < u.short_parts; ++i) p_.acct.short_io(d);
  if (u.result < 0) {
    fail(u, static_cast<int>(-u.result), std::strerror(static_cast<int>(-u.result)));
    return;
  }
  // The engine continued any short transfer, so fewer bytes only mean end of file: a read that
  // got some is done with what it got (fio's short read at EOF); none, or a write, failed.
  const auto moved = static_cast<std::uint64_t>(u.result);
  if (moved < u.length && (moved == 0 || u.op != IoOp::kRead)) {
    if (measuring_) p_.acct.short_io(d);
    fail(u, EIO,
         fmt::format("short {}: {} of {} bytes (end of file)",
                     u.op == IoOp::kRead ? "read" : "write", u.result, u.length));
    return;
  }
  if (measuring_) {
    p_.acct.complete(d, moved, u.start_ns, u.submit_ns, end_ns);
    if (p_.logs != nullptr) p_.logs->completed(d, moved, u.offset, u.start_ns, u.submit_ns, end_ns);
    p_.acct.tick(end_ns);
  }
  if (unit_verifying_[u.pool_index]) {
    check_verified(u);
  } else if (u.op == IoOp::kRead && p_.verify != nullptr && !p_.job.rw.write) {
    // A read-only job with verify=: check what an earlier run wrote, block by block.
    unit_block_[u.pool_index] =
        claimed_block(*p_.verify, u.offset, static_cast<std::uint32_t>(u.file),
                      std::span<const std::byte>(u.buf, u.length));
    check_verified(u);
  }
  if (u.op == IoOp::kWrite && p_.verify != nullptr) {
    verify_log_.record(unit_block_[u.pool_index]);
    if (p_.job.verify_backlog && ++writes_since_verify_ >= p_.job.verify_backlog)
      pending_verify_ = true;
  }
  if (u.op == IoOp::kWrite) {
    dirty_[static_cast<std::size_t>(u.file)] = 1;
    ++writes_since_sync_;
    const std::uint64_t every = p_.job.fsync_every ? p_.job.fsync_every : p_.job.fdatasync_every;
    if (every && writes_since_sync_ >= every) pending_sync_ = true;
  }
}

void JobLoop::fail(const IoUnit& u, int err, const std::string& why) {
  ++failed_ios_;
  const auto& path =
      p_.files.empty() ? std::string("?") : p_.files[static_cast<std::size_t>(u.file)].target->path;
  const bool transfer = u.op == IoOp::kRead || u.op == IoOp::kWrite || u.op == IoOp::kTrim;
  const char* what = u.op == IoOp::kRead ? "read" : u.op == IoOp::kWrite ? "write" : "trim";
  // A sync names no offset: "<file>: fsync: <why>".
  std::string text = transfer ? fmt::format("{}: {} at offset {}: {}", path, what, u.offset, why)
                              : fmt::format("{}: {}", path, why);
  // fio's td_non_fatal_error: with continue_on_error for the kind, the errors of its
  // ignore_error list (default EIO and EILSEQ) are counted and passed over; reads are one kind,
  // the rest another.
  const bool read = u.op == IoOp::kRead;
  const std::uint32_t kind = read ? fio::kContinueRead : fio::kContinueWrite;
  const std::vector<int>& ignored = p_.job.ignore_errors[read ? 0 : 1];
  const bool listed = ignored.empty()
                          ? (err == EIO || err == EILSEQ)
                          : std::find(ignored.begin(), ignored.end(), err) != ignored.end();
  if ((p_.job.continue_on_error & kind) != 0 && listed) {
    if (first_error_ == 0) {
      first_error_ = err;
      first_error_text_ = std::move(text);
    }
    return;
  }
  if (first_error_ == 0) {
    first_error_ = err;
    first_error_text_ = text;
  }
  end_with_error(err, std::move(text));
}

void JobLoop::end_with_error(int err, std::string text) {
  if (error_ != 0) return;  // the first error is the one reported
  error_ = err;
  error_text_ = std::move(text);
  planning_done_ = true;
}

void JobLoop::drain() {
  submit_staged();
  while (inflight_ > 0) {
    const unsigned before = inflight_;
    const bool staged = !staged_.empty();
    reap(inflight_);
    // What the engine could not take before (libaio's io_submit -EAGAIN) goes now; the
    // engine's retries wait behind it (retrying_engine.cc).
    submit_staged();
    if (inflight_ == before && !staged) break;  // the engine returned nothing: do not spin
  }
}

void JobLoop::sync_files(IoOp op, bool all_files) {
  drain();
  for (std::size_t f = 0; f < p_.fds.size() && error_ == 0 && !free_.empty(); ++f) {
    if (!all_files && !dirty_[f]) continue;  // fsync=N syncs what was written, like fio
    dirty_[f] = 0;
    IoUnit& u = units_[free_.back()];
    u.op = op;
    u.file = static_cast<int>(f);
    u.offset = 0;
    u.length = 0;
    u.result = 0;
    const std::uint64_t start = monotonic_ns();
    if (p_.engine.queue(u) == QueueStatus::kQueued) {
      const int submitted = p_.engine.submit();
      IoUnit* done = nullptr;
      const int n = submitted < 0 ? submitted : p_.engine.reap(1, std::span<IoUnit*>(&done, 1));
      if (n < 0) u.result = n;
      else if (n == 0) u.result = -EIO;
    }
    const std::uint64_t end = monotonic_ns();
    last_ns_ = end;
    if (u.result < 0) {
      fail(u, static_cast<int>(-u.result),
           fmt::format("{}: {}", op == IoOp::kFsync ? "fsync" : "fdatasync",
                       std::strerror(static_cast<int>(-u.result))));
    } else if (measuring_) {
      p_.acct.sync_done(end - start);
    }
  }
  writes_since_sync_ = 0;
  pending_sync_ = false;
}

void JobLoop::think() {
  drain();
  since_think_ = 0;
  const std::uint64_t start = monotonic_ns();
  const std::uint64_t spin_end = start + std::min(p_.job.thinktime_spin_ns, p_.job.thinktime_ns);
  while (monotonic_ns() < spin_end) {
  }
  const std::uint64_t end = std::min(start + p_.job.thinktime_ns, end_ns_);  // not past runtime
  for (std::uint64_t now = monotonic_ns(); now < end && !p_.stop.load(std::memory_order_relaxed);
       now = monotonic_ns()) {
    sleep_until_ns(std::min(end, now + kSleepSliceNs));  // a stop is noticed within a slice
  }
  last_ns_ = monotonic_ns();
}

void JobLoop::run(std::uint64_t begin_ns, fio::JobStats& out) {
  begin_ns_ = begin_ns;
  ramp_end_ns_ = begin_ns + p_.job.ramp_time_ns;
  if (p_.job.runtime_ns) end_ns_ = ramp_end_ns_ + p_.job.runtime_ns;
  last_ns_ = monotonic_ns();
  cached_ns_ = last_ns_;
  check_time(last_ns_);
  bool stopped = false;
  while (error_ == 0) {
    if (p_.stop.load(std::memory_order_relaxed)) {
      stopped = true;
      break;
    }
    if (pending_sync_) sync_files(p_.job.fsync_every ? IoOp::kFsync : IoOp::kFdatasync, false);
    if (pending_verify_) verify_pass();
    if (think_due()) think();
    // Fill every free slot (or up to a batch), then submit once.
    while (!free_.empty() && !planning_done_ && !pending_sync_ && !pending_verify_ && error_ == 0 &&
           !think_due() && !p_.stop.load(std::memory_order_relaxed)) {
      const std::uint64_t now = sync_engine_ ? last_ns_ : io_clock_ns();
      if (!check_time(now)) break;
      if (issue_one(now) == Step::kWait) break;
    }
    submit_staged();
    if (inflight_ == 0) {
      if (planning_done_ || error_ != 0) break;
      continue;
    }
    // iodepth_low, as fio: once the queue is full, reap down to the low mark before refilling.
    const bool full = free_.empty();
    reap(std::max(1u, complete_min_));
    while (full && inflight_ > low_ && error_ == 0) reap(1);
    check_time(last_ns_);
  }
  drain();
  // fio counts the end fsync in the write phase and times the verify pass as reads of its own.
  if (error_ == 0 && !stopped && (p_.job.end_fsync || p_.job.fsync_on_close) &&
      job_writes(p_.job)) {
    sync_files(IoOp::kFsync, true);
  }
  const std::uint64_t io_end = monotonic_ns();
  if (!measuring_) {  // ended inside ramp_time: nothing measured
    p_.acct.start_measuring(io_end);
    if (p_.logs != nullptr) p_.logs->start(io_end);
    getrusage(RUSAGE_THREAD, &usage_start_);
  }
  const bool final_verify =
      p_.verify != nullptr && p_.job.do_verify && !stopped && error_ == 0 && write_seq_ > 0;
  if (final_verify) verify_pass();
  if (verify_mismatches_ > 1)
    out.notes.push_back(fmt::format("verify: {} blocks failed verification", verify_mismatches_));
  const std::uint64_t end = monotonic_ns();
  const std::uint64_t io_ns = io_end - p_.acct.measure_start_ns();
  fio::PerDir<std::uint64_t> runtimes{io_ns, io_ns, io_ns};
  if (final_verify) runtimes[0] = (p_.job.rw.read ? io_ns : 0) + (end - io_end);
  if (p_.logs != nullptr) p_.logs->finish(end);
  p_.acct.finish(end, out, runtimes);
  out.measured_ns = end - p_.acct.measure_start_ns();
  rusage usage_end{};
  getrusage(RUSAGE_THREAD, &usage_end);
  const auto tv_ns = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) * 1e9 + static_cast<double>(tv.tv_usec) * 1e3;
  };
  const double wall = static_cast<double>(end - p_.acct.measure_start_ns());
  if (wall > 0) {
    out.usr_cpu_percent = 100.0 * (tv_ns(usage_end.ru_utime) - tv_ns(usage_start_.ru_utime)) / wall;
    out.sys_cpu_percent = 100.0 * (tv_ns(usage_end.ru_stime) - tv_ns(usage_start_.ru_stime)) / wall;
  }
  out.ctx = static_cast<std::uint64_t>((usage_end.ru_nvcsw - usage_start_.ru_nvcsw) +
                                       (usage_end.ru_nivcsw - usage_start_.ru_nivcsw));
  out.majf = static_cast<std::uint64_t>(usage_end.ru_majflt - usage_start_.ru_majflt);
  out.minf = static_cast<std::uint64_t>(usage_end.ru_minflt - usage_start_.ru_minflt);
  out.elapsed_ns = end - begin_ns;
  out.error = error_;
  out.error_text = error_text_;
  out.failed_ios = failed_ios_;
  out.first_error = first_error_;
  out.first_error_text = first_error_text_;
  out.interrupted = stopped;
}

}  // namespace hostmark::io
