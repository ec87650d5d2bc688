// The fio formatters against real fio 3.x output (skipped when /usr/bin/fio is absent):
//  * JSON and json+: the recursive key set of the top level, jobs[0] and jobs[0].read is fio's
//    (our "hostmark" object aside);
//  * terse: as many ';' fields as fio's line, each of the same kind (text, integer, decimal,
//    percent, percentile);
//  * normal: for a run rebuilt from fio's own json+ of the same run, the sequence of line
//    prefixes is fio's, and the rate, group, issued and disk lines are identical.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fio_golden_run.h"
#include "output/fio_report.h"
#include "real_fio.h"
#include "run_binary.h"

namespace hostmark {
namespace {

nlohmann::json fio_document(const std::string& format) {
  const RunOutput r = run_program(
      ::hostmark::testing::kRealFioBinary,
      {"--name=x", "--ioengine=null", "--size=4M", "--rw=randrw", "--output-format=" + format});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// The golden run, shaped like fio's null-engine run above (no disks, the same job options).
fio::FioRun run_like_null_engine() {
  fio::FioRun run = fio_test::golden_run();
  run.disks.clear();
  run.jobs[0].options.name = "x";
  run.jobs[0].options.given[0] = {"name", "x"};
  return run;
}

// "/read/clat_ns/percentile/99.000000", ...; the children of "bins" are values, not keys.
template <class Json>
void collect_keys(const Json& j, const std::string& prefix, std::set<std::string>& out) {
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string path = prefix + "/" + it.key();
    out.insert(path);
    if (it.key() != "bins") collect_keys(it.value(), path, out);
  }
}

template <class Json>
std::set<std::string> keys_of(const Json& j, bool recursive) {
  std::set<std::string> keys;
  if (recursive) {
    collect_keys(j, "", keys);
  } else {
    for (auto it = j.begin(); it != j.end(); ++it) keys.insert(it.key());
  }
  return keys;
}

void expect_same_keys(const std::string& format) {
  const nlohmann::json theirs = fio_document(format);
  nlohmann::json ours =
      nlohmann::json::parse(fio_json(run_like_null_engine(), format == "json+").dump());
  ASSERT_TRUE(ours.contains("hostmark"));
  ours.erase("hostmark");
  EXPECT_EQ(keys_of(ours, false), keys_of(theirs, false));
  EXPECT_EQ(keys_of(ours["jobs"][0], true), keys_of(theirs["jobs"][0], true));
  EXPECT_EQ(keys_of(ours["jobs"][0]["read"], true), keys_of(theirs["jobs"][0]["read"], true));
  EXPECT_EQ(ours["jobs"][0]["read"]["clat_ns"].contains("bins"), format == "json+");
}

TEST(FioVsFio, JsonKeysMatch) {
  SKIP_WITHOUT_FIO();
  expect_same_keys("json");
}

TEST(FioVsFio, JsonKeysMatchWithGlobalOptionsAndDescription) {
  SKIP_WITHOUT_FIO();
  // Options before the first --name are fio's global options; a description adds "desc".
  const RunOutput r = run_program(::hostmark::testing::kRealFioBinary,
                                  {"--ioengine=null", "--name=x", "--description=hello",
                                   "--size=4M", "--rw=randrw", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json theirs = nlohmann::json::parse(r.out);
  fio::FioRun run = run_like_null_engine();
  run.global_options = {{"ioengine", "null"}};
  run.jobs[0].options.description = "hello";
  run.jobs[0].options.given = {
      {"name", "x"}, {"description", "hello"}, {"size", "4M"}, {"rw", "randrw"}};
  nlohmann::json ours = nlohmann::json::parse(fio_json(run, false).dump());
  ours.erase("hostmark");
  EXPECT_EQ(keys_of(ours, true).count("/global options/ioengine"), 1u);
  EXPECT_EQ(keys_of(ours, false), keys_of(theirs, false));
  EXPECT_EQ(keys_of(ours["global options"], false), keys_of(theirs["global options"], false));
  EXPECT_EQ(keys_of(ours["jobs"][0], true), keys_of(theirs["jobs"][0], true));
}

TEST(FioVsFio, JsonPlusKeysMatch) {
  SKIP_WITHOUT_FIO();
  expect_same_keys("json+");
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

// The kind of a terse field: "pct" (12.5%), "pctl" (99.000000%=41), "dec" (1.5), "int", "text".
std::string kind_of(const std::string& f) {
  if (f.find("%=") != std::string::npos) return "pctl";
  if (!f.empty() && f.back() == '%') return "pct";
  if (!f.empty() && f.find_first_not_of("0123456789") == std::string::npos) return "int";
  if (!f.empty() && f.find_first_not_of("0123456789.") == std::string::npos) return "dec";
  return "text";
}

TEST(FioVsFio, TerseFieldsMatch) {
  SKIP_WITHOUT_FIO();
  const RunOutput r = run_program(
      ::hostmark::testing::kRealFioBinary,
      {"--name=x", "--ioengine=null", "--size=4M", "--rw=randrw", "--output-format=terse"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string theirs_line = r.out.substr(0, r.out.find('\n'));
  std::ostringstream out;
  write_fio_terse(run_like_null_engine(), out);
  std::string ours_line = out.str();
  ASSERT_EQ(ours_line.back(), '\n');
  ours_line.pop_back();
  const auto theirs = split(theirs_line, ';');
  const auto ours = split(ours_line, ';');
  ASSERT_EQ(ours.size(), theirs.size()) << "fio: " << theirs_line << "\nours: " << ours_line;
  for (std::size_t i = 0; i < ours.size(); ++i)
    EXPECT_EQ(kind_of(ours[i]), kind_of(theirs[i]))
        << "field " << i + 1 << ": " << ours[i] << " vs " << theirs[i];
  EXPECT_EQ(ours[0], "3");
  EXPECT_EQ(ours[2], "x");

  fio::FioRun with_disk = run_like_null_engine();
  with_disk.disks = fio_test::golden_run().disks;
  std::ostringstream out2;
  write_fio_terse(with_disk, out2);
  EXPECT_EQ(split(out2.str(), ';').size(), theirs.size() + 9);  // fio: name and 8 numbers per disk
}

TEST(FioVsFio, BannerMatches) {
  SKIP_WITHOUT_FIO();
  const RunOutput r =
      run_program(::hostmark::testing::kRealFioBinary,
                  {"--name=x", "--ioengine=null", "--size=1M", "--rw=randrw", "--bs=4k,64k",
                   "--iodepth=4", "--numjobs=2", "--thread", "--output-format=normal"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  fio::JobOptions x;
  x.name = "x";
  x.ioengine = "null";
  x.rw.write = true;
  x.rw.random = true;
  x.bs = {4096, 65536, 65536};
  x.iodepth = 4;
  x.numjobs = 2;
  std::ostringstream out;
  write_fio_banner({x}, {0}, "0.1.0", out);
  const auto theirs = split(r.out, '\n');
  const auto ours = split(out.str(), '\n');
  ASSERT_GE(theirs.size(), 4u) << r.out;
  ASSERT_EQ(ours.size(), 5u);  // 4 lines and the empty rest after the last newline
  EXPECT_EQ(ours[0], theirs[0]);
  EXPECT_EQ(ours[1], theirs[1]);
  EXPECT_EQ(ours[2], "hostmark-0.1.0");
  EXPECT_EQ(theirs[2].rfind("fio-", 0), 0u) << theirs[2];
  EXPECT_EQ(ours[3], theirs[3]);  // "Starting 2 threads"
}

}  // namespace
}  // namespace hostmark
