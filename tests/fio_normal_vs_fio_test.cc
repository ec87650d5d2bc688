// The normal text against real fio's for the same run: fio runs once with
// --output-format=json+,normal; its json+ document is turned back into a FioRun (latencies from
// the clat bins), our normal text is written for it and compared with fio's:
//  * the sequence of line prefixes (the label before ':', units and repeated lines folded);
//  * the lines whose numbers come straight from counts and times are identical: "read:",
//    "write:", the group "READ:"/"WRITE:" lines, "issued rwts", "IO depths", the disk lines.
// Skipped when /usr/bin/fio is absent.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "output/fio_report.h"
#include "real_fio.h"
#include "run_binary.h"

namespace hostmark {
namespace {

void fill_histogram(const nlohmann::json& lat, Histogram& h) {
  if (!lat.contains("bins")) return;
  for (const auto& [value, count] : lat["bins"].items())
    for (std::uint64_t i = 0; i < count.get<std::uint64_t>(); ++i) h.record(std::stoull(value));
}

fio::SampleStats samples_of(const nlohmann::json& d, const std::string& p, const std::string& dev) {
  fio::SampleStats s;
  s.min = d[p + "_min"].get<std::uint64_t>();
  s.max = d[p + "_max"].get<std::uint64_t>();
  s.mean = d[p + "_mean"].get<double>();
  s.stddev = d[p + dev].get<double>();
  s.samples = d[p + "_samples"].get<std::uint64_t>();
  if (p == "bw") s.agg_percent = d["bw_agg"].get<double>();
  return s;
}

// By key, in fio's order (nlohmann::json iterates its keys sorted as text).
void fill_table(const nlohmann::json& table, const std::array<const char*, 7>& keys,
                std::array<double, 7>& out) {
  for (std::size_t i = 0; i < keys.size(); ++i) out[i] = table[keys[i]].get<double>();
}

// fio's json+ document -> FioRun. Latencies: clat from its bins; lat and slat present when fio
// had them (their shape is not in json+, so they reuse the clat samples).
fio::FioRun from_fio_json(const nlohmann::json& j) {
  fio::FioRun run;
  run.context.hostmark_version = "test";
  run.timestamp_unix_s = j["timestamp"].get<std::int64_t>();
  run.timestamp_unix_ms = j["timestamp_ms"].get<std::int64_t>();
  for (const auto& jj : j["jobs"]) {
    fio::JobStats job;
    job.options.name = jj["jobname"].get<std::string>();
    job.groupid = jj["groupid"].get<int>();
    job.options.iodepth = jj["latency_depth"].get<std::uint32_t>();
    for (int i = 0; i < fio::kDirs; ++i) {
      static const char* const kNames[] = {"read", "write", "trim"};
      const auto& jd = jj[kNames[i]];
      fio::DirStats& d = job.dirs[static_cast<std::size_t>(i)];
      d.io_bytes = jd["io_bytes"].get<std::uint64_t>();
      d.total_ios = jd["total_ios"].get<std::uint64_t>();
      d.runtime_ns = jd["runtime"].get<std::uint64_t>() * 1'000'000;
      fill_histogram(jd["clat_ns"], d.clat);
      if (jd["lat_ns"]["N"].get<std::uint64_t>() > 0) d.lat.merge(d.clat);
      d.has_slat = jd["slat_ns"]["N"].get<std::uint64_t>() > 0;
      if (d.has_slat) d.slat.merge(d.clat);
      d.bw_kib_s = samples_of(jd, "bw", "_dev");
      d.iops = samples_of(jd, "iops", "_stddev");
      job.depths.issued[static_cast<std::size_t>(i)] = d.total_ios;
      job.depths.short_ios[static_cast<std::size_t>(i)] = jd["short_ios"].get<std::uint64_t>();
      job.depths.dropped[static_cast<std::size_t>(i)] = jd["drop_ios"].get<std::uint64_t>();
    }
    job.sync_total = jj["sync"]["total_ios"].get<std::uint64_t>();
    fill_histogram(jj["sync"]["lat_ns"], job.sync_lat);
    job.usr_cpu_percent = jj["usr_cpu"].get<double>();
    job.sys_cpu_percent = jj["sys_cpu"].get<double>();
    job.ctx = jj["ctx"].get<std::uint64_t>();
    job.majf = jj["majf"].get<std::uint64_t>();
    job.minf = jj["minf"].get<std::uint64_t>();
    static constexpr std::array<const char*, 7> kLevels{"1", "2", "4", "8", "16", "32", ">=64"};
    static constexpr std::array<const char*, 7> kBatches{"0", "4", "8", "16", "32", "64", ">=64"};
    fill_table(jj["iodepth_level"], kLevels, job.depths.level);
    fill_table(jj["iodepth_submit"], kBatches, job.depths.submit);
    fill_table(jj["iodepth_complete"], kBatches, job.depths.complete);
    run.jobs.push_back(job);
  }
  // One job per group here: the group's figures are the job's.
  for (const auto& job : run.jobs) {
    fio::GroupStats g;
    g.groupid = job.groupid;
    for (std::size_t i = 0; i < static_cast<std::size_t>(fio::kDirs); ++i) {
      const fio::DirStats& d = job.dirs[i];
      g.io_bytes[i] = d.io_bytes;
      g.agg_bytes_per_s[i] = g.min_bytes_per_s[i] = g.max_bytes_per_s[i] = d.bw_bytes_per_s();
      g.min_runtime_ns[i] = g.max_runtime_ns[i] = d.runtime_ns;
    }
    run.groups.push_back(g);
  }
  if (j.contains("disk_util")) {
    for (const auto& jd : j["disk_util"]) {
      fio::DiskUtil d;
      d.name = jd["name"].get<std::string>();
      d.read_ios = jd["read_ios"].get<std::uint64_t>();
      d.write_ios = jd["write_ios"].get<std::uint64_t>();
      d.read_merges = jd["read_merges"].get<std::uint64_t>();
      d.write_merges = jd["write_merges"].get<std::uint64_t>();
      d.read_ticks_ms = jd["read_ticks"].get<std::uint64_t>();
      d.write_ticks_ms = jd["write_ticks"].get<std::uint64_t>();
      d.in_queue_ms = jd["in_queue"].get<std::uint64_t>();
      d.util_percent = jd["util"].get<double>();
      run.disks.push_back(d);
    }
  }
  return run;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// "    clat (usec)" -> "    clat ": the label before ':' without its unit; percentile rows
// -> "     |"; consecutive equal prefixes folded (how many rows a table takes depends on data).
std::vector<std::string> prefixes(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    std::string p = line.rfind("     |", 0) == 0 ? "     |" : line.substr(0, line.find(':'));
    for (const char* unit : {"(nsec)", "(usec)", "(msec)"}) {
      const auto at = p.find(unit);
      if (at != std::string::npos) p.erase(at, 6);
    }
    if (out.empty() || out.back() != p) out.push_back(p);
  }
  return out;
}

std::vector<std::string> lines_starting(const std::vector<std::string>& lines,
                                        const std::vector<std::string>& heads) {
  std::vector<std::string> out;
  for (const auto& line : lines)
    for (const auto& h : heads)
      if (line.rfind(h, 0) == 0) out.push_back(line);
  return out;
}

TEST(FioVsFio, NormalLayoutMatchesForTheSameRun) {
  SKIP_WITHOUT_FIO();
  char dir_template[] = "/var/tmp/hostmark-fio-normal-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  const RunOutput r =
      run_program(::hostmark::testing::kRealFioBinary,
                  {"--name=fio_test", "--ioengine=psync", "--filename=" + dir + "/f", "--size=8M",
                   "--rw=randrw", "--runtime=1", "--time_based", "--output-format=json+,normal"});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // fio prints the JSON document (from a line "{" to a line "}"), then the normal text.
  const auto json_begin =
      r.out.find("\n{\n") == std::string::npos ? r.out.find("{\n") : r.out.find("\n{\n") + 1;
  const auto json_end = r.out.find("\n}\n", json_begin);
  ASSERT_NE(json_begin, std::string::npos) << r.out;
  ASSERT_NE(json_end, std::string::npos) << r.out;
  const nlohmann::json doc =
      nlohmann::json::parse(r.out.substr(json_begin, json_end + 2 - json_begin));
  const std::vector<std::string> theirs = lines_of(r.out.substr(json_end + 3));
  ASSERT_GE(theirs.size(), 2u) << r.out;
  EXPECT_EQ(theirs[0], "");  // fio's normal text starts with an empty line
  EXPECT_NE(theirs[1].find("fio_test: (groupid=0, jobs=1): err= 0: pid="), std::string::npos)
      << theirs[1];

  std::ostringstream out;
  write_fio_normal(from_fio_json(doc), out);
  const std::vector<std::string> ours = lines_of(out.str());
  EXPECT_EQ(prefixes(ours), prefixes(theirs)) << "ours:\n"
                                              << out.str() << "\nfio:\n"
                                              << r.out.substr(json_end + 3);

  const std::vector<std::string> heads{
      "  read:",           "  write:",         "   READ:",         "  WRITE:",
      "     issued rwts:", "  IO depths    :", "     submit    :", "     complete  :"};
  EXPECT_EQ(lines_starting(ours, heads), lines_starting(theirs, heads));
  EXPECT_EQ(lines_starting(ours, heads).size(), heads.size());
  for (const auto& d : doc.value("disk_util", nlohmann::json::array())) {
    const std::string head = "  " + d["name"].get<std::string>() + ":";
    EXPECT_EQ(lines_starting(ours, {head}), lines_starting(theirs, {head}));
  }
}

}  // namespace
}  // namespace hostmark
