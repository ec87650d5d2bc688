// gtod_reduce / disable_*, exitall and rw=read:N, run by `hostmark fio` next to the real fio 3.33
// on the same job (the comparisons skip when /usr/bin/fio is absent):
//  * gtod_reduce=1: no slat, clat, lat or percentile line in the normal output, their JSON
//    counts 0 and no clat percentiles; disable_lat=1: only lat is gone; disable_bw's JSON key is
//    fio's canonical disable_bw_measurement;
//  * exitall: when the 1 s job ends, the 10 s job of its group ends too, without an error;
//  * rw=read:512k (fio's t/jobs/t0007): a hole after each I/O, the pass ends at the file's end,
//    and write_iolog logs the I/O as fio's;
//    read:1m wraps, read:-512k goes back, write:256k: the bytes moved are fio's;
//  * ignore_error and the other new options parse as fio's, and a bad list names FILE:LINE.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fio/ignore_error.h"
#include "real_fio.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

struct MeasureRuns {
  RunOutput fio, hostmark;
};

MeasureRuns run_measure_both(const std::vector<std::string>& args) {
  std::vector<std::string> hm{"fio"};
  hm.insert(hm.end(), args.begin(), args.end());
  return {run_program(::hostmark::testing::kRealFioBinary, args), run_hostmark(hm)};
}

nlohmann::json parsed_json(const RunOutput& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j.is_discarded() ? nlohmann::json::object() : j;
}

std::vector<std::string> stats_job(const std::string& dir, const std::string& option,
                                   const std::string& format) {
  return {"--name=s",
          "--filename=" + dir + "/s",
          "--size=2m",
          "--bs=4k",
          "--rw=randread",
          "--ioengine=libaio",
          "--iodepth=4",
          "--" + option,
          "--output-format=" + format};
}

// The latency lines of the normal output's job block: "slat", "clat", "lat", "clat
// percentiles" (a line that starts with them after the indentation).
std::vector<std::string> latency_lines(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : output_lines(text)) {
    for (const char* label : {"    slat (", "    clat (", "     lat (", "    clat percentiles",
                              "    lat percentiles"}) {
      if (line.rfind(label, 0) == 0) out.push_back(label);
    }
  }
  return out;
}

TEST(FioStatsOffVsFio, GtodReduceDropsEveryLatencyLine) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  const MeasureRuns r = run_measure_both(stats_job(d.path(), "gtod_reduce=1", "normal"));
  ASSERT_EQ(r.fio.exit_code, 0) << r.fio.err;
  ASSERT_EQ(r.hostmark.exit_code, 0) << r.hostmark.err;
  EXPECT_EQ(latency_lines(r.hostmark.out), latency_lines(r.fio.out)) << r.hostmark.out;
  EXPECT_TRUE(latency_lines(r.fio.out).empty()) << r.fio.out;
  EXPECT_EQ(r.hostmark.out.find("  lat (usec)   :"), std::string::npos) << "no clat: no buckets";
}

TEST(FioStatsOffVsFio, JsonCountsAsFio) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  for (const char* option :
       {"gtod_reduce=1", "disable_lat=1", "disable_clat=1", "disable_slat=1"}) {
    const MeasureRuns r = run_measure_both(stats_job(d.path(), option, "json"));
    const auto f = parsed_json(r.fio)["jobs"][0]["read"];
    const auto h = parsed_json(r.hostmark)["jobs"][0]["read"];
    for (const char* key : {"slat_ns", "clat_ns", "lat_ns"}) {
      EXPECT_EQ(h[key]["N"].get<long>() == 0, f[key]["N"].get<long>() == 0) << option << " " << key;
    }
    EXPECT_EQ(h["clat_ns"].contains("percentile"), f["clat_ns"].contains("percentile")) << option;
    EXPECT_EQ(h["io_kbytes"], f["io_kbytes"]) << option;
  }
}

TEST(FioStatsOffVsFio, DisableLatKeepsClatLines) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  const MeasureRuns r = run_measure_both(stats_job(d.path(), "disable_lat=1", "normal"));
  ASSERT_EQ(r.hostmark.exit_code, 0) << r.hostmark.err;
  EXPECT_EQ(latency_lines(r.hostmark.out), latency_lines(r.fio.out)) << r.hostmark.out;
}

TEST(FioStatsOffVsFio, DisableBwShowsTheCanonicalName) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  const MeasureRuns r = run_measure_both(stats_job(d.path(), "disable_bw=1", "json"));
  const auto f = parsed_json(r.fio)["jobs"][0]["job options"];
  const auto h = parsed_json(r.hostmark)["jobs"][0]["job options"];
  EXPECT_TRUE(f.contains("disable_bw_measurement")) << f.dump();
  EXPECT_EQ(h, f);
}

// With no latency measured the clock is read once per 64 steps: the runtime still ends the job
// (a few ms late at most when idle) and nothing is recorded. How late a loaded machine lets the
// job thread see its deadline is not asserted: the runtime is at least the 1 s asked for, no
// more than the wall time of the whole process, and the job does end (a clock never read would
// keep this time-based job on the null engine going until killed).
TEST(FioStatsOffVsFio, GtodReduceStillEndsOnTime) {
  const auto start = std::chrono::steady_clock::now();
  const RunOutput r = run_hostmark({"fio", "--name=n", "--ioengine=null", "--size=1g",
                                    "--rw=randread", "--norandommap", "--runtime=1", "--time_based",
                                    "--gtod_reduce=1", "--output-format=json"});
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(wall, 60.0) << "the job did not end at its runtime";
  const auto read = parsed_json(r)["jobs"][0]["read"];
  EXPECT_GE(read["runtime"].get<long>(), 1000);
  EXPECT_LE(static_cast<double>(read["runtime"].get<long>()), wall * 1000 + 1)
      << "a runtime longer than the process ran";
  EXPECT_GT(read["total_ios"].get<long>(), 0);
  EXPECT_EQ(read["lat_ns"]["N"], 0);
  EXPECT_EQ(read["clat_ns"]["N"], 0);
}

TEST(FioExitallVsFio, TheLongJobEndsWithTheShortOne) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  const std::string job = d.file("ea.fio");
  std::ofstream(job) << "[global]\nfilename=" << d.file("f")
                     << "\nsize=1m\nrw=read\nbs=4k\ntime_based\nexitall\n"
                        "[short]\nruntime=1\n[long]\nruntime=10\n";
  for (const bool real : {true, false}) {
    const auto start = std::chrono::steady_clock::now();
    const RunOutput r =
        real ? run_program(::hostmark::testing::kRealFioBinary, {job, "--output-format=json"})
             : run_hostmark({"fio", job, "--output-format=json"});
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const char* who = real ? "fio" : "hostmark";
    EXPECT_EQ(r.exit_code, 0) << who << r.err;
    // Not a bound on the wall time (start-up alone takes seconds under ASan on a loaded
    // machine): the long job's own runtime says it was ended before its 10 s.
    const auto j = parsed_json(r);
    ASSERT_EQ(j["jobs"].size(), 2u) << who;
    for (const auto& one : j["jobs"]) {
      EXPECT_EQ(one["error"], 0) << who;
      EXPECT_GT(one["read"]["io_kbytes"].get<long>(), 0) << who;
      EXPECT_LT(one["read"]["runtime"].get<long>(), 9000) << who << " " << one["jobname"];
      EXPECT_LE(static_cast<double>(one["read"]["runtime"].get<long>()), wall * 1000 + 1) << who;
    }
  }
}

long read_kbytes(const RunOutput& r) {
  const auto j = parsed_json(r);
  return j.contains("jobs") ? j["jobs"][0]["read"]["io_kbytes"].get<long>() +
                                  j["jobs"][0]["write"]["io_kbytes"].get<long>()
                            : -1;
}

TEST(FioRwGapVsFio, BytesMovedAsFio) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  for (const char* rw : {"read:512k", "read:1m", "read:-512k", "write:256k"}) {
    const MeasureRuns r =
        run_measure_both({"--name=g", "--filename=" + d.file("g"), "--size=10m", "--bs=1m",
                          std::string("--rw=") + rw, "--output-format=json"});
    ASSERT_EQ(r.hostmark.exit_code, 0) << rw << r.hostmark.err;
    EXPECT_EQ(read_kbytes(r.hostmark), read_kbytes(r.fio)) << rw;
  }
}

// The lines of a write_iolog file without their timestamps (the first field of each line after
// fio's "fio version 3 iolog" header).
std::vector<std::string> iolog_entries(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    const auto space = line.find(' ');
    out.push_back(out.empty() || space == std::string::npos ? line : line.substr(space + 1));
  }
  return out;
}

// fio's t/jobs/t0007-37cf9e3c.fio: "fio reads 87040KB of data", and its write_iolog lists the
// same I/O, in the same order, as fio's.
TEST(FioRwGapVsFio, T0007ReadsWhatFioReads) {
  SKIP_WITHOUT_FIO();
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  const auto job = [&d](const std::string& log) {
    const std::string path = d.file(log + ".fio");
    std::ofstream(path) << "[foo]\nfilename=" << d.file("foo")
                        << "\nsize=128mb\nrw=read:512k\nbs=1m\nnorandommap\nwrite_iolog="
                        << d.file(log) << "\ndirect=1\n";
    return path;
  };
  const RunOutput fio =
      run_program(::hostmark::testing::kRealFioBinary, {job("fio.log"), "--output-format=json"});
  const RunOutput hm = run_hostmark({"fio", job("hostmark.log"), "--output-format=json"});
  ASSERT_EQ(hm.exit_code, 0) << hm.err;
  EXPECT_EQ(read_kbytes(fio), 87040);
  EXPECT_EQ(read_kbytes(hm), 87040);
  const auto want = iolog_entries(d.file("fio.log"));
  ASSERT_EQ(want.size(), 1u + 2 + 85 + 1) << "header, add, open, 85 reads, close";
  EXPECT_EQ(want[0], "fio version 3 iolog");
  EXPECT_EQ(iolog_entries(d.file("hostmark.log")), want);
}

TEST(FioIgnoreErrorParse, ListsAsFio) {
  auto l = fio::parse_ignore_error("EAGAIN,ENOSPC:122");
  ASSERT_TRUE(l.ok()) << l.error().why;
  EXPECT_EQ(l.value()[0], (std::vector<int>{11}));
  EXPECT_EQ(l.value()[1], (std::vector<int>{28, 122}));
  EXPECT_TRUE(l.value()[2].empty());
  auto empty_read = fio::parse_ignore_error(",EIO:-5,EPERM");
  ASSERT_TRUE(empty_read.ok());
  EXPECT_TRUE(empty_read.value()[0].empty());
  EXPECT_EQ(empty_read.value()[1], (std::vector<int>{5, 5}));
  EXPECT_EQ(empty_read.value()[2], (std::vector<int>{1}));
  EXPECT_FALSE(fio::parse_ignore_error("EILSEQ").ok()) << "not in fio's list of names";
  EXPECT_FALSE(fio::parse_ignore_error("x12").ok());
  EXPECT_FALSE(fio::parse_ignore_error("EIO,EIO,EIO,EIO").ok());
}

TEST(FioIgnoreErrorParse, AcceptsWhatFioAccepts) {
  SKIP_WITHOUT_FIO();
  for (const char* v : {"EIO:EBOGUS", "EAGAIN,ENOSPC:122", "x12", "EIO,EIO,EIO,EIO", "5:-28",
                        "EILSEQ", ",ENOSPC"}) {
    const MeasureRuns r = run_measure_both({"--name=x", "--ioengine=null", "--size=1m",
                                            std::string("--ignore_error=") + v, "--parse-only"});
    EXPECT_EQ(r.hostmark.exit_code == 0, r.fio.exit_code == 0) << v << ": " << r.hostmark.err;
  }
}

TEST(FioIgnoreErrorParse, BadListNamesFileAndLine) {
  ScratchDir d;
  ASSERT_FALSE(d.path().empty());
  const std::string job = d.file("bad.fio");
  std::ofstream(job) << "[x]\nioengine=null\nsize=1m\nignore_error=EIO:EBOGUS\n";
  const RunOutput r = run_hostmark({"fio", job});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find(job + ":4"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("EBOGUS"), std::string::npos) << r.err;
  const RunOutput verify = run_hostmark(
      {"fio", "--name=x", "--ioengine=null", "--size=1m", "--ignore_error=,,EIO", "--parse-only"});
  EXPECT_NE(verify.exit_code, 0);
  EXPECT_NE(verify.err.find("verify error list"), std::string::npos) << verify.err;
}

TEST(FioMeasureExitOptions, AcceptedWithFiosValues) {
  const RunOutput r =
      run_hostmark({"fio", "--name=x", "--ioengine=null", "--size=1m", "--gtod_reduce=1",
                    "--exitall", "--exitall_on_error", "--create_serialize=0", "--parse-only"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace hostmark
