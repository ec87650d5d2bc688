#pragma once
// The I/O engine interface: how one job thread moves bytes between its buffers and its files.
// One small file per engine (psync, sync, pvsync2, libaio, io_uring, mmap, null, posixaio),
// chosen by name from a table (engine_table.cc). An engine never measures time, picks offsets or
// knows which front end called it: the job runner (io/) does that around queue/submit/reap.
//
// The model is fio's, so iodepth and batching mean the same:
//   queue(u)   stage one I/O. Synchronous engines do it at once and return kCompleted.
//   submit()   hand every staged I/O to the kernel in as few syscalls as the engine can.
//   reap(min)  wait until at least `min` staged I/Os completed, collect up to out.size().
// An engine object belongs to one thread; nothing in it is shared.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/error.h"
#include "platform/syscalls.h"

namespace hostmark::engines {

enum class IoOp : std::uint8_t { kRead, kWrite, kTrim, kFsync, kFdatasync };

// One I/O. The caller owns a fixed pool of them (iodepth per thread) and reuses them; the
// engine reads the request fields and writes only `result` (and its own `engine_data`).
struct IoUnit {
  IoOp op = IoOp::kRead;
  int file = 0;                   // index into the files given to prepare()
  std::uint64_t offset = 0;       // bytes from the start of the file
  std::uint32_t length = 0;       // bytes; 0 for fsync/fdatasync
  std::byte* buf = nullptr;       // `length` bytes, aligned for O_DIRECT by the caller
  int buf_index = -1;             // which registered buffer holds `buf` (io_uring fixedbufs), or -1
  std::int64_t result = 0;        // after completion: bytes transferred, or -errno
  std::uint32_t short_parts = 0;  // after completion: short transfers continued (fio short_ios)
  std::uint32_t retries = 0;      // after completion: EINTR/EAGAIN results retried
  std::uint32_t done_bytes = 0;   // engine-private: bytes of a continued transfer already moved
  std::uint32_t pool_index = 0;   // the caller's bookkeeping: position in its pool
  std::uint64_t start_ns = 0;     // the caller's bookkeeping: when the I/O was issued
  std::uint64_t submit_ns = 0;    // the caller's bookkeeping: when it reached the kernel
  void* engine_data = nullptr;    // engine-private (e.g. its iocb)
};

// A file the caller opened (O_DIRECT etc. already applied) for the engine to use.
struct EngineFile {
  int fd = -1;
  std::uint64_t size = 0;     // bytes the job may address in it (mmap maps this much)
  bool block_device = false;  // trim uses BLKDISCARD instead of punching a hole
  std::string path;           // for messages only
};

// Engine-specific options, with fio's names and meanings.
struct EngineOptions {
  unsigned iodepth = 1;        // most I/Os in flight at once (size of the caller's pool)
  bool writable = false;       // the job writes or trims (mmap maps PROT_WRITE)
  bool hipri = false;          // pvsync2 RWF_HIPRI, io_uring IORING_SETUP_IOPOLL
  bool nowait = false;         // pvsync2 RWF_NOWAIT
  bool fixedbufs = false;      // io_uring: register the buffers, use READ/WRITE_FIXED
  bool registerfiles = false;  // io_uring: register the fds, use IOSQE_FIXED_FILE
  bool sqthread_poll = false;  // io_uring: IORING_SETUP_SQPOLL
  int sqthread_poll_cpu = -1;  // io_uring: pin the SQ thread, -1 = anywhere
  bool nonvectored = true;     // io_uring: READ/WRITE instead of READV/WRITEV
  // Every read, write, sync and completion goes through this seam (tests inject faults).
  // Not owned; outlives the engine.
  platform::Syscalls* syscalls = &platform::real_syscalls();
};

enum class QueueStatus : std::uint8_t {
  kQueued,     // staged; completes after submit() and a later reap()
  kCompleted,  // done already (synchronous engines); unit.result is set
  kBusy,       // the engine is full: submit and reap before queueing more
};

class IoEngine {
 public:
  virtual ~IoEngine() = default;
  virtual std::string_view name() const = 0;
  // true when queue() always completes the I/O (psync, sync, pvsync2, mmap, null).
  virtual bool synchronous() const = 0;

  // Once per thread before any I/O: the files this thread uses and the buffers its units point
  // into (io_uring registers them when asked). The spans stay valid until the engine is
  // destroyed. On failure: a run error naming the engine and the call ("io_uring:
  // io_uring_queue_init: Operation not permitted"). It may run on another thread than the
  // I/O; from the first submit() on, one thread only drives the engine (io_uring ties its
  // ring to the thread of the first submit).
  virtual Status prepare(std::span<const EngineFile> files,
                         std::span<const std::span<std::byte>> buffers) = 0;

  // Stages one I/O (see QueueStatus). A failed synchronous I/O is kCompleted with result -errno.
  // Asynchronous engines (libaio, io_uring) run kTrim synchronously: it is kCompleted at once
  // (result `length` or -errno; -EOPNOTSUPP where the file or device cannot discard). kBusy
  // comes when iodepth I/Os are staged or in flight.
  virtual QueueStatus queue(IoUnit& unit) = 0;
  // Submits every staged I/O. Returns how many reached the kernel (>= 0; an I/O the kernel
  // refused at submission counts: it comes back from reap() with its -errno), or -errno when
  // none could be submitted and none is in flight. Fewer than staged (e.g. libaio -EAGAIN):
  // the rest stay staged; reap and submit again.
  virtual int submit() = 0;
  // Waits until at least `min` submitted I/Os have completed (min 0: only collect what is
  // done; a `min` above the number in flight waits for those only) and stores up to
  // out.size() of them. Returns how many were stored, or -errno.
  virtual int reap(unsigned min, std::span<IoUnit*> out) = 0;
};

// The engine called `name` ("psync", "io_uring", ...), or a usage error listing the known ones.
// Every engine but null comes wrapped so that reads and writes finish or fail for good:
// an -EINTR/-EAGAIN result is issued again (a bounded number of times, then reported), a
// short transfer is continued from where it stopped (unit.short_parts counts them), and a
// transfer that moves 0 bytes (end of file) ends with the bytes moved so far. So a completed
// unit's result is `length`, fewer bytes only at end of file, or -errno.
Expected<std::unique_ptr<IoEngine>> make_engine(std::string_view name,
                                                const EngineOptions& options);

// Every engine name, in the order `hostmark fio --enghelp` lists them.
std::span<const std::string_view> engine_names();

}  // namespace hostmark::engines
