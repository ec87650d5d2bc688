// `hostmark fio` says what its targets are on: the "storage" array of the "hostmark" JSON
// object (device, filesystem, typed warnings), and the worst warnings on stderr.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

nlohmann::json storage_of(const RunOutput& r) {
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out;
  return j.is_discarded() ? nlohmann::json() : j["hostmark"]["storage"];
}

std::vector<std::string> kinds(const nlohmann::json& target) {
  std::vector<std::string> k;
  for (const auto& w : target["warnings"]) k.push_back(w["kind"].get<std::string>());
  return k;
}

TEST(FioStorageTest, DirectRunOnDiskNamesFilesystemWithoutCacheWarnings) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"fio", "--name=s", "--filename=" + d.file("f"), "--size=1M",
                                    "--direct=1", "--rw=randread", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = storage_of(r);
  ASSERT_EQ(s.size(), 1u) << s;
  EXPECT_EQ(s[0]["path"], d.file("f"));
  EXPECT_FALSE(s[0]["fs_type"].get<std::string>().empty());
  for (const auto& k : kinds(s[0])) {
    EXPECT_NE(k, "buffered_io");
    EXPECT_NE(k, "file_smaller_than_ram");
    EXPECT_NE(k, "page_cache_not_dropped");
  }
}

TEST(FioStorageTest, BufferedReadsWithoutInvalidateWarnOfTheCache) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"fio", "--name=s", "--filename=" + d.file("f"), "--size=1M",
                                    "--invalidate=0", "--rw=read", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = storage_of(r);
  ASSERT_EQ(s.size(), 1u) << s;
  const auto k = kinds(s[0]);
  EXPECT_NE(std::find(k.begin(), k.end(), "page_cache_not_dropped"), k.end()) << s;
  EXPECT_NE(std::find(k.begin(), k.end(), "file_smaller_than_ram"), k.end()) << s;
  for (const auto& w : s[0]["warnings"]) {
    if (w["kind"] == "page_cache_not_dropped") {
      EXPECT_EQ(w["text"],
                "page cache not dropped (invalidate=0): reads may be cached; drop it or use direct "
                "I/O");
    }
  }
}

TEST(FioStorageTest, TmpfsIsNamedOnStderrAndInJson) {
  ScratchDir d("/dev/shm");
  if (d.path().empty()) GTEST_SKIP() << "no /dev/shm here";
  const RunOutput r = run_hostmark({"fio", "--name=s", "--filename=" + d.file("f"), "--size=1M",
                                    "--rw=randwrite", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = storage_of(r);
  ASSERT_EQ(s.size(), 1u);
  if (s[0]["fs_type"] != "tmpfs") GTEST_SKIP() << "/dev/shm is " << s[0]["fs_type"];
  EXPECT_EQ(kinds(s[0]), std::vector<std::string>{"tmpfs"});
  EXPECT_NE(r.err.find("tmpfs: this measured memory, not a disk"), std::string::npos) << r.err;
}

TEST(FioStorageTest, NullEngineHasNoStorage) {
  const RunOutput r = run_hostmark(
      {"fio", "--name=n", "--ioengine=null", "--size=1M", "--rw=randread", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(storage_of(r).empty());
}

}  // namespace
}  // namespace hostmark
