// The limit for hostmark's io_uring engine: a bare liburing loop (no hostmark code) doing random
// 4 KiB reads over FILE at queue depth QD for SECONDS, keeping the queue full with batched
// submit and batched reap, the best a hand-written loop does. Prints `iops=<n>`.
//
// Usage: uring_read_loop FILE QD SECONDS
// The file is opened buffered (O_RDONLY), so a file already in the page cache measures the
// per-I/O cost of io_uring itself. The clock is read once per batch, not per I/O.
#include <fcntl.h>
#include <liburing.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {

constexpr unsigned kBlockBytes = 4096;

int fail(const char* call, int err) {
  std::fprintf(stderr, "uring_read_loop: %s: %s\n", call, std::strerror(err));
  return 1;
}

// xorshift64*: a cheap, decent random block number.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: uring_read_loop FILE QD SECONDS\n");
    return 2;
  }
  const unsigned depth = static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10));
  const double seconds = std::strtod(argv[3], nullptr);
  if (depth == 0 || depth > 4096 || seconds <= 0) {
    std::fprintf(stderr, "uring_read_loop: QD must be 1..4096 and SECONDS > 0\n");
    return 2;
  }
  const int fd = open(argv[1], O_RDONLY);
  if (fd < 0) return fail(argv[1], errno);
  struct stat st {};
  if (fstat(fd, &st) != 0) return fail("fstat", errno);
  const std::uint64_t blocks = static_cast<std::uint64_t>(st.st_size) / kBlockBytes;
  if (blocks == 0) {
    std::fprintf(stderr, "uring_read_loop: %s is smaller than 4 KiB\n", argv[1]);
    return 2;
  }

  io_uring ring{};
  io_uring_params params{};
  params.flags = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
                 IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG;
  int rc = io_uring_queue_init_params(depth, &ring, &params);
  if (rc == -EINVAL) {  // a kernel older than 6.1
    params = io_uring_params{};
    rc = io_uring_queue_init_params(depth, &ring, &params);
  }
  if (rc < 0) return fail("io_uring_queue_init", -rc);
  io_uring_register_ring_fd(&ring);

  void* mem = nullptr;
  if (posix_memalign(&mem, kBlockBytes, std::size_t{depth} * kBlockBytes) != 0) {
    return fail("posix_memalign", ENOMEM);
  }
  auto* buffers = static_cast<char*>(mem);
  Random random{0x9E3779B97F4A7C15ULL};
  const auto queue_read = [&](std::uintptr_t slot) {
    io_uring_sqe* sqe = io_uring_get_sqe(&ring);
    const std::uint64_t offset = (random.next() % blocks) * kBlockBytes;
    io_uring_prep_read(sqe, fd, buffers + slot * kBlockBytes, kBlockBytes, offset);
    io_uring_sqe_set_data(sqe, reinterpret_cast<void*>(slot));
  };

  for (unsigned slot = 0; slot < depth; ++slot) queue_read(slot);
  const auto start = std::chrono::steady_clock::now();
  const auto end = start + std::chrono::duration<double>(seconds);
  std::uint64_t done = 0;
  auto cqes = std::make_unique<io_uring_cqe*[]>(depth);
  for (;;) {
    // One syscall: submit the batch and wait for at least one completion when none is ready.
    rc = io_uring_cq_ready(&ring) > 0 ? io_uring_submit(&ring) : io_uring_submit_and_wait(&ring, 1);
    if (rc < 0 && rc != -EINTR) return fail("io_uring_submit", -rc);
    const unsigned n = io_uring_peek_batch_cqe(&ring, cqes.get(), depth);
    const bool stop = std::chrono::steady_clock::now() >= end;
    for (unsigned i = 0; i < n; ++i) {
      if (cqes[i]->res != static_cast<int>(kBlockBytes)) {
        return fail("read", cqes[i]->res < 0 ? -cqes[i]->res : EIO);
      }
      if (!stop) queue_read(reinterpret_cast<std::uintptr_t>(io_uring_cqe_get_data(cqes[i])));
    }
    io_uring_cq_advance(&ring, n);
    done += n;
    if (stop) break;
  }
  const double elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("iops=%.0f\n", static_cast<double>(done) / elapsed_s);
  io_uring_queue_exit(&ring);
  std::free(mem);
  close(fd);
  return 0;
}
