#include "workloads/memory_kernels.h"

#include <sys/mman.h>

#include <cstdlib>
#include <new>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace hostmark {
namespace {

enum class Op { kCopy, kScale, kAdd, kTriad };

constexpr std::size_t kAlignBytes = 64;  // the widest vector, and a cache line
constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

template <Op kOp>
inline double scalar_op(const double* x, const double* y, double q, std::size_t i) {
  if constexpr (kOp == Op::kCopy) return x[i];
  else if constexpr (kOp == Op::kScale) return q * x[i];
  else if constexpr (kOp == Op::kAdd) return x[i] + y[i];
  else return x[i] + q * y[i];
}

// Elements to write one by one before dst reaches a 64-byte boundary (at most n).
inline std::size_t head_elements(const double* dst, std::size_t n) {
  const std::size_t misalign = reinterpret_cast<std::uintptr_t>(dst) % kAlignBytes;
  const std::size_t head = misalign == 0 ? 0 : (kAlignBytes - misalign) / sizeof(double);
  return head < n ? head : n;
}

using KernelFn = void (*)(double*, const double*, const double*, double, std::size_t);

// The kernel templates, instantiated once per instruction set inside a namespace that provides
// Reg, kLanes, load, store, stream, add, mul, set1 and fence for that set. Two vectors per
// iteration keep enough loads in flight; the head aligns dst for the non-temporal stores.
#define HOSTMARK_STREAM_KERNEL_TEMPLATES                                                \
  template <Op kOp>                                                                     \
  inline Reg vector_op(const double* x, const double* y, Reg vq) {                      \
    if constexpr (kOp == Op::kCopy) return load(x);                                     \
    else if constexpr (kOp == Op::kScale) return mul(vq, load(x));                      \
    else if constexpr (kOp == Op::kAdd) return add(load(x), load(y));                   \
    else return add(load(x), mul(vq, load(y)));                                         \
  }                                                                                     \
  template <bool kStream>                                                               \
  inline void put(double* p, Reg v) {                                                   \
    if constexpr (kStream) stream(p, v);                                                \
    else store(p, v);                                                                   \
  }                                                                                     \
  template <Op kOp, bool kStream>                                                       \
  void kernel(double* dst, const double* x, const double* y, double q, std::size_t n) { \
    std::size_t i = 0;                                                                  \
    for (const std::size_t head = head_elements(dst, n); i < head; ++i)                 \
      dst[i] = scalar_op<kOp>(x, y, q, i);                                              \
    const Reg vq = set1(q);                                                             \
    for (; i + 2 * kLanes <= n; i += 2 * kLanes) {                                      \
      const Reg r0 = vector_op<kOp>(x + i, y + i, vq);                                  \
      const Reg r1 = vector_op<kOp>(x + i + kLanes, y + i + kLanes, vq);                \
      put<kStream>(dst + i, r0);                                                        \
      put<kStream>(dst + i + kLanes, r1);                                               \
    }                                                                                   \
    for (; i < n; ++i) dst[i] = scalar_op<kOp>(x, y, q, i);                             \
    if constexpr (kStream) fence();                                                     \
  }

#if defined(__x86_64__)

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f")
#endif
namespace avx512 {
using Reg = __m512d;
constexpr std::size_t kLanes = 8;
inline Reg load(const double* p) { return _mm512_loadu_pd(p); }
inline void store(double* p, Reg v) { _mm512_store_pd(p, v); }
inline void stream(double* p, Reg v) { _mm512_stream_pd(p, v); }
inline Reg add(Reg a, Reg b) { return _mm512_add_pd(a, b); }
inline Reg mul(Reg a, Reg b) { return _mm512_mul_pd(a, b); }
inline Reg set1(double q) { return _mm512_set1_pd(q); }
inline void fence() { _mm_sfence(); }
HOSTMARK_STREAM_KERNEL_TEMPLATES
}  // namespace avx512
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
namespace avx2 {
using Reg = __m256d;
constexpr std::size_t kLanes = 4;
inline Reg load(const double* p) { return _mm256_loadu_pd(p); }
inline void store(double* p, Reg v) { _mm256_store_pd(p, v); }
inline void stream(double* p, Reg v) { _mm256_stream_pd(p, v); }
inline Reg add(Reg a, Reg b) { return _mm256_add_pd(a, b); }
inline Reg mul(Reg a, Reg b) { return _mm256_mul_pd(a, b); }
inline Reg set1(double q) { return _mm256_set1_pd(q); }
inline void fence() { _mm_sfence(); }
HOSTMARK_STREAM_KERNEL_TEMPLATES
}  // namespace avx2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

namespace sse2 {
using Reg = __m128d;
constexpr std::size_t kLanes = 2;
inline Reg load(const double* p) { return _mm_loadu_pd(p); }
inline void store(double* p, Reg v) { _mm_store_pd(p, v); }
inline void stream(double* p, Reg v) { _mm_stream_pd(p, v); }
inline Reg add(Reg a, Reg b) { return _mm_add_pd(a, b); }
inline Reg mul(Reg a, Reg b) { return _mm_mul_pd(a, b); }
inline Reg set1(double q) { return _mm_set1_pd(q); }
inline void fence() { _mm_sfence(); }
HOSTMARK_STREAM_KERNEL_TEMPLATES
}  // namespace sse2

#endif  // __x86_64__

namespace generic {
template <Op kOp, bool kStream>
void kernel(double* dst, const double* x, const double* y, double q, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) dst[i] = scalar_op<kOp>(x, y, q, i);
}
}  // namespace generic

#undef HOSTMARK_STREAM_KERNEL_TEMPLATES

// One instruction set's kernels, indexed [op][streaming].
struct KernelSet {
  std::string_view isa;
  KernelFn fn[4][2];
};

#define HOSTMARK_KERNEL_SET(ns)                                          \
  KernelSet {                                                            \
#ns, {                                                               \
      {ns::kernel<Op::kCopy, false>, ns::kernel<Op::kCopy, true>},       \
          {ns::kernel<Op::kScale, false>, ns::kernel<Op::kScale, true>}, \
          {ns::kernel<Op::kAdd, false>, ns::kernel<Op::kAdd, true>},     \
          {ns::kernel<Op::kTriad, false>, ns::kernel<Op::kTriad, true>}, \
    }                                                                    \
  }

KernelSet select_kernels() {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f")) return HOSTMARK_KERNEL_SET(avx512);
  if (__builtin_cpu_supports("avx2")) return HOSTMARK_KERNEL_SET(avx2);
  return HOSTMARK_KERNEL_SET(sse2);
#else
  return HOSTMARK_KERNEL_SET(generic);
#endif
}
#undef HOSTMARK_KERNEL_SET

// Chosen once from the CPU's features; immutable afterwards.
const KernelSet& kernels() {
  static const KernelSet set = select_kernels();
  return set;
}

void run(Op op, double* dst, const double* x, const double* y, double q, std::size_t n,
         StoreMode mode) {
  kernels().fn[static_cast<int>(op)][mode == StoreMode::kStreaming ? 1 : 0](dst, x, y, q, n);
}

}  // namespace

void stream_copy(double* dst, const double* src, std::size_t n, StoreMode mode) {
  run(Op::kCopy, dst, src, src, 0.0, n, mode);
}
void stream_scale(double* dst, const double* src, double q, std::size_t n, StoreMode mode) {
  run(Op::kScale, dst, src, src, q, n, mode);
}
void stream_add(double* dst, const double* x, const double* y, std::size_t n, StoreMode mode) {
  run(Op::kAdd, dst, x, y, 0.0, n, mode);
}
void stream_triad(double* dst, const double* x, const double* y, double q, std::size_t n,
                  StoreMode mode) {
  run(Op::kTriad, dst, x, y, q, n, mode);
}

std::string_view stream_kernel_isa() { return kernels().isa; }

AlignedBuffer::AlignedBuffer(std::size_t bytes) {
  if (bytes == 0) return;
  const std::size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  void* p = std::aligned_alloc(kHugePageBytes, rounded);
  if (p == nullptr) throw std::bad_alloc();
  // A hint: without transparent huge pages the buffer still works, with 4 KiB pages.
  (void)::madvise(p, rounded, MADV_HUGEPAGE);
  data_ = static_cast<std::byte*>(p);
  bytes_ = bytes;
}

AlignedBuffer::AlignedBuffer(AlignedBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

AlignedBuffer& AlignedBuffer::operator=(AlignedBuffer&& other) noexcept {
  if (this != &other) {
    std::free(data_);
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

AlignedBuffer::~AlignedBuffer() { std::free(data_); }

}  // namespace hostmark
