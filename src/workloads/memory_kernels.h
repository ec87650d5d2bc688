#pragma once
// The STREAM kernels over plain double arrays, and the page-aligned buffer they run on.
// Kernels are compiled for AVX-512F, AVX2 and baseline x86-64 (SSE2) in one binary and picked
// at run time from what the CPU supports, so the build stays portable (no -march=native).
// Other architectures get the plain loops the compiler vectorizes for its baseline.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hostmark {

// How the kernels write their destination array.
enum class StoreMode {
  kCached,     // ordinary stores: each written line is read first (write-allocate)
  kStreaming,  // non-temporal stores: lines go to memory without being read or cached
};

// Element-wise kernels over n doubles, any n (odd lengths and unaligned pointers are fine).
// dst must not overlap the sources. Streaming stores are ordered (sfence) before returning.
void stream_copy(double* dst, const double* src, std::size_t n, StoreMode mode);  // dst = src
void stream_scale(double* dst, const double* src, double q, std::size_t n,
                  StoreMode mode);  // dst = q * src
void stream_add(double* dst, const double* x, const double* y, std::size_t n,
                StoreMode mode);  // dst = x + y
void stream_triad(double* dst, const double* x, const double* y, double q, std::size_t n,
                  StoreMode mode);  // dst = x + q * y

// The instruction set the kernels run with on this CPU: "avx512", "avx2", "sse2" or
// "generic".
std::string_view stream_kernel_isa();

// Heap memory aligned to 2 MiB and advised for transparent huge pages (fewer TLB misses, so
// bandwidth and latency measure memory rather than page walks). Pages are not touched here:
// the first thread to write a page places it (first touch). Move-only; frees on destruction.
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  // Throws std::bad_alloc when `bytes` cannot be reserved.
  explicit AlignedBuffer(std::size_t bytes);
  AlignedBuffer(AlignedBuffer&& other) noexcept;
  AlignedBuffer& operator=(AlignedBuffer&& other) noexcept;
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  ~AlignedBuffer();

  std::byte* data() const { return data_; }
  std::size_t size_bytes() const { return bytes_; }
  double* doubles() const { return reinterpret_cast<double*>(data_); }

 private:
  std::byte* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace hostmark
