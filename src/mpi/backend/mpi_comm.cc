// Every MPI call of hostmark (compiled only when the build has Open MPI, HOSTMARK_MPI): the
// world communicator behind the Comm interface (mpi/comm.h).
//
// libmpi is opened at run time (dlopen), only when a launcher started this process: linked, it
// would be loaded by every `hostmark` start (several ms; the start-up target is 5 ms, see
// docs/PERFORMANCE.md) and would be needed on hosts that never run MPI. Functions are typed from
// Open MPI's own mpi.h; its predefined handles (MPI_COMM_WORLD, MPI_BYTE, MPI_SUM...) are the
// addresses of the library's ompi_mpi_* objects, looked up by name (Open MPI's ABI, stable since
// libmpi.so.40 of Open MPI 3.0). Errors of MPI itself are fatal (MPI_ERRORS_ARE_FATAL, MPI's
// default): an MPI failure aborts the whole group, never hangs it.
#define OMPI_SKIP_MPICXX 1  // C bindings only (no deprecated C++ bindings pulled in)
#include <dlfcn.h>
#include <fmt/format.h>
#include <mpi.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "mpi/mpi_backend.h"
#include "mpi/node_layout.h"

namespace hostmark::mpi {
namespace {

// libmpi's functions and predefined handles, resolved once.
struct MpiApi {
#define HOSTMARK_MPI_FN(name) decltype(::name)* name = nullptr
  HOSTMARK_MPI_FN(MPI_Initialized);
  HOSTMARK_MPI_FN(MPI_Init_thread);
  HOSTMARK_MPI_FN(MPI_Finalized);
  HOSTMARK_MPI_FN(MPI_Finalize);
  HOSTMARK_MPI_FN(MPI_Comm_rank);
  HOSTMARK_MPI_FN(MPI_Comm_size);
  HOSTMARK_MPI_FN(MPI_Barrier);
  HOSTMARK_MPI_FN(MPI_Allreduce);
  HOSTMARK_MPI_FN(MPI_Allgather);
  HOSTMARK_MPI_FN(MPI_Gather);
  HOSTMARK_MPI_FN(MPI_Gatherv);
  HOSTMARK_MPI_FN(MPI_Bcast);
  HOSTMARK_MPI_FN(MPI_Abort);
#undef HOSTMARK_MPI_FN
  MPI_Comm world = nullptr;
  MPI_Datatype u64 = nullptr, f64 = nullptr, byte = nullptr, int32 = nullptr, chr = nullptr;
  MPI_Op sum = nullptr, max = nullptr;
};

// Opens libmpi (RTLD_GLOBAL: Open MPI's components, themselves loaded with dlopen, resolve
// libmpi's symbols globally; RTLD_NODELETE: MPI cannot be loaded twice in a process).
MpiApi load_mpi() {
  void* lib = nullptr;
  std::string why;
  for (const char* name : {"libmpi.so.40", "libmpi.so"}) {
    lib = dlopen(name, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE);
    if (lib != nullptr) break;
    if (const char* e = dlerror()) why = e;
  }
  if (lib == nullptr)
    throw Failure(run_error("mpi", fmt::format("cannot load Open MPI's libmpi.so.40 ({}); "
                                               "install Debian's libopenmpi3 package",
                                               why)));
  auto address = [lib](const char* symbol) {
    void* p = dlsym(lib, symbol);
    if (p == nullptr)
      throw Failure(run_error("mpi", fmt::format("libmpi has no symbol '{}'", symbol)));
    return p;
  };
  MpiApi api;
#define HOSTMARK_MPI_LOAD(name) api.name = reinterpret_cast<decltype(api.name)>(address(#name))
  HOSTMARK_MPI_LOAD(MPI_Initialized);
  HOSTMARK_MPI_LOAD(MPI_Init_thread);
  HOSTMARK_MPI_LOAD(MPI_Finalized);
  HOSTMARK_MPI_LOAD(MPI_Finalize);
  HOSTMARK_MPI_LOAD(MPI_Comm_rank);
  HOSTMARK_MPI_LOAD(MPI_Comm_size);
  HOSTMARK_MPI_LOAD(MPI_Barrier);
  HOSTMARK_MPI_LOAD(MPI_Allreduce);
  HOSTMARK_MPI_LOAD(MPI_Allgather);
  HOSTMARK_MPI_LOAD(MPI_Gather);
  HOSTMARK_MPI_LOAD(MPI_Gatherv);
  HOSTMARK_MPI_LOAD(MPI_Bcast);
  HOSTMARK_MPI_LOAD(MPI_Abort);
#undef HOSTMARK_MPI_LOAD
  api.world = static_cast<MPI_Comm>(address("ompi_mpi_comm_world"));
  api.u64 = static_cast<MPI_Datatype>(address("ompi_mpi_uint64_t"));
  api.f64 = static_cast<MPI_Datatype>(address("ompi_mpi_double"));
  api.byte = static_cast<MPI_Datatype>(address("ompi_mpi_byte"));
  api.int32 = static_cast<MPI_Datatype>(address("ompi_mpi_int"));
  api.chr = static_cast<MPI_Datatype>(address("ompi_mpi_char"));
  api.sum = static_cast<MPI_Op>(address("ompi_mpi_op_sum"));
  api.max = static_cast<MPI_Op>(address("ompi_mpi_op_max"));
  return api;
}

constexpr int kHostBytes = 256;  // a host name slot (HOST_NAME_MAX is 64 on Linux)

class MpiComm final : public Comm {
 public:
  MpiComm() : api_(load_mpi()) {
    int initialized = 0;
    api_.MPI_Initialized(&initialized);
    if (!initialized) {
      int provided = 0;
      api_.MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    }
    api_.MPI_Comm_rank(api_.world, &rank_);
    api_.MPI_Comm_size(api_.world, &size_);
    hosts_ = all_host_names();
    layout_ = node_layout(hosts_, rank_);
  }
  ~MpiComm() override {
    int finalized = 0;
    api_.MPI_Finalized(&finalized);
    if (!finalized) api_.MPI_Finalize();
  }
  MpiComm(const MpiComm&) = delete;
  MpiComm& operator=(const MpiComm&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int node_rank() const override { return layout_.node_rank; }
  int node_count() const override { return layout_.node_count; }
  int ranks_per_node() const override { return layout_.ranks_per_node; }
  const std::vector<std::string>& host_names() const override { return hosts_; }

  void barrier() override { api_.MPI_Barrier(api_.world); }
  std::uint64_t sum_u64(std::uint64_t mine) override { return reduce(mine, api_.u64, api_.sum); }
  std::uint64_t max_u64(std::uint64_t mine) override { return reduce(mine, api_.u64, api_.max); }
  double sum_double(double mine) override { return reduce(mine, api_.f64, api_.sum); }
  double max_double(double mine) override { return reduce(mine, api_.f64, api_.max); }

  std::vector<std::uint64_t> max_u64s(const std::vector<std::uint64_t>& mine) override {
    std::vector<std::uint64_t> out(mine.size());
    api_.MPI_Allreduce(mine.data(), out.data(), count(mine.size()), api_.u64, api_.max, api_.world);
    return out;
  }

  std::vector<Bytes> gather_to_root(const Bytes& mine) override {
    const int n = count(mine.size());
    std::vector<int> counts(rank_ == 0 ? static_cast<std::size_t>(size_) : 0);
    api_.MPI_Gather(&n, 1, api_.int32, counts.data(), 1, api_.int32, 0, api_.world);
    std::vector<int> displs(counts.size());
    std::size_t total = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
      displs[r] = count(total);
      total += static_cast<std::size_t>(counts[r]);
    }
    std::string all(total, '\0');
    api_.MPI_Gatherv(mine.data(), n, api_.byte, all.data(), counts.data(), displs.data(), api_.byte,
                     0, api_.world);
    std::vector<Bytes> out;
    for (std::size_t r = 0; r < counts.size(); ++r)
      out.push_back(
          all.substr(static_cast<std::size_t>(displs[r]), static_cast<std::size_t>(counts[r])));
    return out;
  }

  Bytes bcast_from_root(const Bytes& root_bytes) override {
    std::uint64_t n = rank_ == 0 ? root_bytes.size() : 0;
    api_.MPI_Bcast(&n, 1, api_.u64, 0, api_.world);
    Bytes out = rank_ == 0 ? root_bytes : Bytes(static_cast<std::size_t>(n), '\0');
    api_.MPI_Bcast(out.data(), count(out.size()), api_.byte, 0, api_.world);
    return out;
  }

  [[noreturn]] void abort(int exit_code, const std::string&) override {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    api_.MPI_Abort(api_.world, exit_code);
    std::_Exit(exit_code);  // MPI_Abort does not return; this only keeps [[noreturn]] true
  }

 private:
  // An MPI count (int); a message over 2 GiB aborts the group (an invariant break: hostmark's
  // messages are job texts and statistics, kilobytes).
  int count(std::size_t n) {
    if (n > static_cast<std::size_t>(INT_MAX)) {
      std::fprintf(stderr, "hostmark: mpi: a message of %zu bytes is over MPI's limit\n", n);
      abort(1, "message too large");
    }
    return static_cast<int>(n);
  }
  template <class T>
  T reduce(T mine, MPI_Datatype type, MPI_Op op) {
    T out{};
    api_.MPI_Allreduce(&mine, &out, 1, type, op, api_.world);
    return out;
  }

  // Every rank's host name, in fixed-size slots.
  std::vector<std::string> all_host_names() {
    std::string mine = this_host_name();
    mine.resize(kHostBytes, '\0');
    std::string all(static_cast<std::size_t>(size_) * kHostBytes, '\0');
    api_.MPI_Allgather(mine.data(), kHostBytes, api_.chr, all.data(), kHostBytes, api_.chr,
                       api_.world);
    std::vector<std::string> hosts;
    for (int r = 0; r < size_; ++r) {
      std::string h = all.substr(static_cast<std::size_t>(r) * kHostBytes, kHostBytes);
      h.resize(h.find('\0') == std::string::npos ? h.size() : h.find('\0'));
      hosts.push_back(std::move(h));
    }
    return hosts;
  }

  MpiApi api_;
  int rank_ = 0;
  int size_ = 1;
  std::vector<std::string> hosts_;
  NodeLayout layout_;
};

}  // namespace

bool built_with_mpi() { return true; }

std::unique_ptr<Comm> make_mpi_comm() { return std::make_unique<MpiComm>(); }

}  // namespace hostmark::mpi
