// unified_rw_reporting, wait_for and iodepth_low, run by `hostmark fio` next to the real fio
// 3.33 on the same job (the comparisons skip when /usr/bin/fio is absent):
//  * unified_rw_reporting=mixed|both: the JSON direction keys of jobs[0], the keys of its
//    "mixed" object, the normal output's block and group line labels and the issued counts
//    are fio's;
//  * wait_for: a verifying reader that waits for its writer finds every block written (it would
//    read unwritten blocks if it ran alongside), the jobs are reported in definition order, and
//    unknown, duplicate and self waitees are refused as fio refuses them;
//  * iodepth_low: a full queue is drained to the low mark before it is filled again.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "real_fio.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

struct Both {
  RunOutput fio, hostmark;
};

Both run_order_both(const std::vector<std::string>& args) {
  std::vector<std::string> hm{"fio"};
  hm.insert(hm.end(), args.begin(), args.end());
  return {run_program(::hostmark::testing::kRealFioBinary, args), run_hostmark(hm)};
}

std::vector<std::string> unified_job(const std::string& mode, const std::string& format) {
  return {"--name=x",
          "--ioengine=null",
          "--size=1M",
          "--rw=randrw",
          "--bs=4k",
          "--unified_rw_reporting=" + mode,
          "--output-format=" + format};
}

nlohmann::json first_job(const RunOutput& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j.is_discarded() ? nlohmann::json::object() : j["jobs"][0];
}

std::set<std::string> direction_keys(const nlohmann::json& job) {
  std::set<std::string> keys;
  for (const char* k : {"read", "write", "trim", "sync", "mixed"})
    if (job.contains(k)) keys.insert(k);
  return keys;
}

std::set<std::string> order_keys_of(const nlohmann::json& o) {
  std::set<std::string> keys;
  for (auto it = o.begin(); it != o.end(); ++it) keys.insert(it.key());
  return keys;
}

// The labels of the normal output's direction blocks and group lines ("read", "MIXED"), and
// the "issued rwts" line, in order.
std::vector<std::string> sections(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    for (const char* label : {"read", "write", "trim", "mixed"})
      if (line.rfind(std::string("  ") + label + ": IOPS=", 0) == 0) out.push_back(label);
    for (const char* label : {"READ", "WRITE", "TRIM", "MIXED"}) {
      const std::string l(label);
      if (line.find(l + ": bw=") != std::string::npos &&
          line.find_first_not_of(' ') == line.find(l))
        out.push_back(l);
    }
    if (const auto at = line.find("issued rwts: "); at != std::string::npos)
      out.push_back(line.substr(at, line.find(' ', at + 13) - at));
  }
  return out;
}

TEST(FioJobOrderVsFio, UnifiedMixedJsonHasOnlyMixedWithFiosKeys) {
  SKIP_WITHOUT_FIO();
  for (const std::string mode : {"mixed", "1"}) {
    const Both r = run_order_both(unified_job(mode, "json"));
    ASSERT_EQ(r.fio.exit_code, 0) << r.fio.err;
    ASSERT_EQ(r.hostmark.exit_code, 0) << r.hostmark.err;
    const auto f = first_job(r.fio), h = first_job(r.hostmark);
    EXPECT_EQ(direction_keys(h), direction_keys(f)) << mode;
    EXPECT_EQ(direction_keys(h), std::set<std::string>{"mixed"});
    EXPECT_EQ(order_keys_of(h["mixed"]), order_keys_of(f["mixed"]));
    EXPECT_EQ(h["mixed"]["total_ios"], f["mixed"]["total_ios"]) << "256 I/Os of 4 KiB, as fio";
    EXPECT_EQ(h["mixed"]["io_bytes"].get<std::uint64_t>(), 1u << 20);
  }
}

TEST(FioJobOrderVsFio, UnifiedBothJsonAddsMixedAfterTheDirections) {
  SKIP_WITHOUT_FIO();
  const Both r = run_order_both(unified_job("both", "json"));
  ASSERT_EQ(r.hostmark.exit_code, 0) << r.hostmark.err;
  const auto f = first_job(r.fio), h = first_job(r.hostmark);
  EXPECT_EQ(direction_keys(h), direction_keys(f));
  EXPECT_EQ(order_keys_of(h["mixed"]), order_keys_of(f["mixed"]));
  EXPECT_EQ(
      h["mixed"]["total_ios"].get<std::uint64_t>(),
      h["read"]["total_ios"].get<std::uint64_t>() + h["write"]["total_ios"].get<std::uint64_t>());
}

TEST(FioJobOrderVsFio, UnifiedNormalOutputSectionsAreFios) {
  SKIP_WITHOUT_FIO();
  for (const std::string mode : {"none", "mixed", "both"}) {
    const Both r = run_order_both(unified_job(mode, "normal"));
    ASSERT_EQ(r.hostmark.exit_code, 0) << r.hostmark.err;
    const auto fs = sections(r.fio.out), hs = sections(r.hostmark.out);
    // The issued split between read and write is random: compare it only where it is fixed.
    if (mode == "mixed") {
      EXPECT_EQ(hs, fs) << "fio:\n" << r.fio.out << "\nhostmark:\n" << r.hostmark.out;
      EXPECT_EQ(hs, (std::vector<std::string>{"mixed", "issued rwts: total=256,0,0,0", "MIXED"}));
    } else {
      auto labels = [](std::vector<std::string> v) {
        std::erase_if(v, [](const auto& s) { return s.rfind("issued", 0) == 0; });
        return v;
      };
      EXPECT_EQ(labels(hs), labels(fs)) << mode << "\nfio:\n" << r.fio.out;
    }
  }
}

TEST(FioJobOrderVsFio, UnifiedRwReportingRefusesOtherValues) {
  const RunOutput r = run_hostmark(
      {"fio", "--name=x", "--ioengine=null", "--size=1M", "--unified_rw_reporting=sometimes"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("none, mixed, both"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

// A job file where the verifying reader waits for the writer of the same file.
std::string write_then_verify(const std::string& dir) {
  return "[global]\ndirectory=" + dir +
         "\nfilename=data\nsize=2M\nbs=4k\nverify=crc32c\n"
         "[writer]\nrw=write\ndo_verify=0\n"
         "[reader]\nwait_for=writer\nrw=read\n"
         "[other]\nioengine=null\nverify=0\nrw=read\nfilename=other\n";
}

TEST(FioJobOrderVsFio, WaitForStartsTheJobWhenItsWaiteeHasEnded) {
  SKIP_WITHOUT_FIO();
  for (const bool real : {true, false}) {
    ScratchDir d;
    const std::string job = d.file("order.fio");
    std::ofstream(job) << write_then_verify(d.path());
    const RunOutput r =
        // fio saves the writer's verify state (local-writer-0-verify.state) in --aux-path,
        // else in its working directory: into the scratch directory, removed with it.
        real ? run_program(::hostmark::testing::kRealFioBinary,
                           {"--output-format=json", "--aux-path=" + d.path(), job})
             : run_hostmark({"fio", "--output-format=json", job});
    ASSERT_EQ(r.exit_code, 0) << (real ? "fio: " : "hostmark: ") << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["jobs"].size(), 3u);
    std::vector<std::string> names;
    for (const auto& job_json : j["jobs"]) {
      names.push_back(job_json["jobname"]);
      EXPECT_EQ(job_json["error"].get<int>(), 0) << job_json["jobname"] << " " << r.err;
      EXPECT_EQ(job_json["groupid"].get<int>(), 0) << "wait_for does not start a new group";
    }
    EXPECT_EQ(names, (std::vector<std::string>{"writer", "reader", "other"}));
    EXPECT_EQ(j["jobs"][1]["read"]["io_bytes"].get<std::uint64_t>(), 2u << 20)
        << "the reader verified every block the writer wrote";
  }
}

TEST(FioJobOrderVsFio, WaitForRefusesUnknownSelfAndDuplicateWaiteesAsFio) {
  SKIP_WITHOUT_FIO();
  const std::vector<std::vector<std::string>> cases{
      {"--name=a", "--ioengine=null", "--size=1M", "--wait_for=b", "--name=b", "--ioengine=null",
       "--size=1M"},
      {"--name=a", "--ioengine=null", "--size=1M", "--wait_for=a"},
      {"--name=a", "--ioengine=null", "--size=1M", "--name=a", "--ioengine=null", "--size=1M",
       "--name=c", "--ioengine=null", "--size=1M", "--wait_for=a"},
  };
  const std::vector<std::string> why{"no job of that name is defined before it",
                                     "a job cannot wait for itself", "2 jobs have that name"};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Both r = run_order_both(cases[i]);
    EXPECT_NE(r.fio.exit_code, 0) << "fio refuses case " << i;
    EXPECT_EQ(r.hostmark.exit_code, 2) << r.hostmark.err;
    EXPECT_EQ(r.hostmark.err.rfind("hostmark: ", 0), 0u) << r.hostmark.err;
    EXPECT_NE(r.hostmark.err.find(why[i]), std::string::npos) << r.hostmark.err;
    EXPECT_EQ(std::count(r.hostmark.err.begin(), r.hostmark.err.end(), '\n'), 1) << r.hostmark.err;
  }
}

TEST(FioJobOrderVsFio, WaitForInAJobFileNamesFileAndLine) {
  ScratchDir d;
  std::ofstream(d.file("bad.fio"))
      << "[a]\nioengine=null\nsize=1M\n[b]\nioengine=null\nsize=1M\nwait_for=zz\n";
  const RunOutput r = run_hostmark({"fio", d.file("bad.fio")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.fio:4"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("wait_for=zz"), std::string::npos) << r.err;
}

// --max-jobs=N (fio's runner passes --max-jobs=16): fio 3.33 accepts it and ignores it.
TEST(FioJobOrderVsFio, MaxJobsIsAcceptedAndIgnoredAsFio) {
  SKIP_WITHOUT_FIO();
  const Both r = run_order_both({"--max-jobs=2", "--name=a", "--ioengine=null", "--size=1M",
                                 "--numjobs=3", "--output-format=json"});
  EXPECT_EQ(r.fio.exit_code, 0) << r.fio.err;
  EXPECT_EQ(r.hostmark.exit_code, 0) << r.hostmark.err;
  const RunOutput bad = run_hostmark({"fio", "--max-jobs=many", "--name=a", "--ioengine=null"});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_EQ(bad.err.rfind("hostmark: ", 0), 0u) << bad.err;
}

// The share of I/Os queued with 8 or more in flight ("IO depths: ... 8=P%").
double depth8_percent(const RunOutput& r) {
  const auto job = first_job(r);
  return job["iodepth_level"]["8"].get<double>();
}

TEST(FioJobOrderVsFio, IodepthLowDrainsAFullQueueBeforeRefilling) {
  // The null engine completes every I/O at once; reaping one at a time
  // (iodepth_batch_complete_max=1) shows the refill policy in the depth table.
  const std::vector<std::string> base{"fio",
                                      "--name=x",
                                      "--ioengine=null",
                                      "--size=4M",
                                      "--rw=randread",
                                      "--iodepth=8",
                                      "--iodepth_batch_complete_max=1",
                                      "--output-format=json"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return run_hostmark(a);
  };
  const RunOutput dflt = with({}), low = with({"--iodepth_low=1"});
  ASSERT_EQ(dflt.exit_code, 0) << dflt.err;
  ASSERT_EQ(low.exit_code, 0) << low.err;
  EXPECT_GT(depth8_percent(dflt), 99.0) << "refilled as soon as one completes";
  // Drained to 1, then filled again: depths 2..8 in every cycle, only one of seven at 8.
  EXPECT_LT(depth8_percent(low), 20.0);
  EXPECT_GT(depth8_percent(low), 10.0);
}

}  // namespace
}  // namespace hostmark
