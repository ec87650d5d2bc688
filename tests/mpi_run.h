#pragma once
// Running hostmark under mpirun in tests, on this one machine over loopback, with a deadline
// (a hang is a failure, not a stuck CI job). Skipped with the reason when the build has no MPI
// or mpirun is missing.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mpi/comm.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {

inline constexpr const char* kMpirun = "/usr/bin/mpirun";
inline constexpr int kMpiDeadlineMs = 60'000;

// Open MPI as root in a container: shared memory without CMA, loopback only. Under the asan
// preset, leak checking is off for the ranks: Open MPI's plugins (unloaded at MPI_Finalize)
// keep allocations that LeakSanitizer reports from an "<unknown module>", which no suppression
// can name. hostmark's own code is leak-checked by every test that runs it without mpirun.
inline RunOptions mpi_env() {
  RunOptions o;
  o.timeout_ms = kMpiDeadlineMs;
  o.extra_env = {"OMPI_MCA_btl=self,vader",
                 "OMPI_MCA_btl_vader_single_copy_mechanism=none",
                 "OMPI_MCA_oob_tcp_if_include=lo",
                 "OMPI_MCA_btl_tcp_if_include=lo",
                 "OMPI_MCA_rmaps_base_oversubscribe=1",
                 "OMPI_ALLOW_RUN_AS_ROOT=1",
                 "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                 "ASAN_OPTIONS=detect_leaks=0"};
  return o;
}

// mpirun with `args` (its own and the programs'), in mpi_env() and its own session directory
// (orte_tmpdir_base): under ctest -j two mpiruns shared /tmp/ompi.<host>.0, and the one that
// ended first removed it while the other was making its pid.N inside ("A call to mkdir was
// unable to create the desired directory").
inline RunOutput run_mpirun(const std::vector<std::string>& args) {
  const ScratchDir session(std::filesystem::temp_directory_path().string());
  if (session.path().empty()) {
    ADD_FAILURE() << "no session directory for mpirun in "
                  << std::filesystem::temp_directory_path();
    return RunOutput{};
  }
  RunOptions options = mpi_env();
  options.extra_env.push_back("OMPI_MCA_orte_tmpdir_base=" + session.path());
  return run_program(kMpirun, args, options);
}

inline RunOutput mpirun(int np, const std::vector<std::string>& hostmark_args) {
  std::vector<std::string> args{"--allow-run-as-root", "--oversubscribe", "-np", std::to_string(np),
                                HOSTMARK_BINARY};
  args.insert(args.end(), hostmark_args.begin(), hostmark_args.end());
  return run_mpirun(args);
}

#define SKIP_WITHOUT_MPI()                                                                         \
  do {                                                                                             \
    if (!mpi::built_with_mpi()) GTEST_SKIP() << "built without MPI (HOSTMARK_MPI=OFF)";            \
    if (!std::filesystem::exists(kMpirun)) GTEST_SKIP() << kMpirun << " is missing (openmpi-bin)"; \
  } while (0)

inline nlohmann::json json_of(const RunOutput& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "stdout is not JSON:\n" << r.out << "\nstderr:\n" << r.err;
  return j;
}

}  // namespace hostmark
