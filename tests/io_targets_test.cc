// Targets of fio jobs: naming, sizing, layout, regions, cache dropping, removal of what hostmark
// created (and only that), O_DIRECT refusal explained.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/targets.h"
#include "scratch_dir.h"
#include "sysinfo/filesystem.h"

namespace hostmark::io {
namespace {

namespace fs = std::filesystem;

fio::JobOptions job_in(std::string dir) {
  fio::JobOptions j;
  j.name = std::string(1, 't');  // not = "t": g++ 12 -O2 warns falsely (-Wrestrict) on that
  j.directory = std::move(dir);
  return j;
}

TEST(TargetsTest, NamesFollowFilenameFormatAndFilenameLists) {
  fio::JobOptions j;
  j.name = "seq";
  j.nrfiles = 2;
  EXPECT_EQ(thread_file_names(j, 3), (std::vector<std::string>{"seq.3.0", "seq.3.1"}));
  j.directory = "/d";
  j.filename_format = "$jobname-$filenum";
  EXPECT_EQ(thread_file_names(j, 0), (std::vector<std::string>{"/d/seq-0", "/d/seq-1"}));
  j.filenames = {"a", "/abs/b"};
  EXPECT_EQ(thread_file_names(j, 5), (std::vector<std::string>{"/d/a", "/abs/b"}));
}

TEST(TargetsTest, CreatesLaysOutAndRemovesOnlyWhatItCreated) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const std::string existing = dir.path() + "/existing";
  { std::ofstream(existing) << std::string(8192, 'x'); }
  auto j = job_in(dir.path());
  j.filenames = {"new", "existing"};
  j.size = 16384;  // 8 KiB per file
  std::ostringstream log;
  {
    TargetSet targets(CreatedFiles::kRemove);  // hostmark's own commands' policy
    auto files = targets.prepare_thread(j, 0, log);
    ASSERT_TRUE(files.ok()) << files.error().message();
    ASSERT_EQ(files.value().size(), 2u);
    EXPECT_TRUE(files.value()[0].target->created);
    EXPECT_FALSE(files.value()[1].target->created);
    EXPECT_EQ(files.value()[0].region_length, 8192u);
    EXPECT_EQ(fs::file_size(dir.path() + "/new"), 8192u);
    EXPECT_NE(log.str().find("Laying out IO file"),
              std::string::npos);  // a read job: written in full
    struct stat st {};
    ASSERT_EQ(stat((dir.path() + "/new").c_str(), &st), 0);
    EXPECT_GE(st.st_blocks * 512, 8192);  // real blocks, not a hole
    EXPECT_TRUE(TargetSet::invalidate(files.value()).ok());
  }
  EXPECT_FALSE(fs::exists(dir.path() + "/new"));
  EXPECT_TRUE(fs::exists(existing));
  EXPECT_EQ(fs::file_size(existing), 8192u);
}

TEST(TargetsTest, FioKeepsCreatedFilesAndWriteJobsAreAllocatedNotWritten) {
  ScratchDir dir;
  auto j = job_in(dir.path());
  j.rw = fio::RwMode{false, true, false, true};
  j.size = 1 << 20;
  std::ostringstream log;
  {
    TargetSet targets;
    ASSERT_TRUE(targets.prepare_thread(j, 0, log).ok());
  }                          // CreatedFiles::kKeep, fio's default: the file stays
  EXPECT_EQ(log.str(), "");  // fio lays out only files a job reads
  EXPECT_EQ(fs::file_size(dir.path() + "/t.0.0"), 1u << 20);
}

TEST(TargetsTest, RegionsHonourOffsetIncrementAndPercentages) {
  ScratchDir dir;
  auto j = job_in(dir.path());
  j.filenames = {"f"};
  j.size = 4096;
  j.offset = 4096;
  j.offset_increment = 8192;
  std::ostringstream log;
  TargetSet targets;
  auto f = targets.prepare_thread(j, 2, log);  // offset 4096 + 2 * 8192
  ASSERT_TRUE(f.ok()) << f.error().message();
  EXPECT_EQ(f.value()[0].region_offset, 20480u);
  EXPECT_EQ(f.value()[0].region_length, 4096u);
  EXPECT_EQ(fs::file_size(dir.path() + "/f"), 24576u);
  auto half = job_in(dir.path());
  half.filenames = {"f"};
  half.size_percent = 50;
  auto h = targets.prepare_thread(half, 0, log);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h.value()[0].region_length, 12288u);
}

TEST(TargetsTest, MissingFileWithoutSizeNamesTheFile) {
  ScratchDir dir;
  auto j = job_in(dir.path());
  j.filenames = {"nope"};
  std::ostringstream log;
  TargetSet targets;
  auto f = targets.prepare_thread(j, 0, log);
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error().what, dir.path() + "/nope");
  EXPECT_EQ(f.error().why, "the file does not exist and no size= was given");
  j.readonly = true;
  j.size = 4096;
  auto r = targets.prepare_thread(j, 0, log);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().why.find("readonly forbids creating"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir.path() + "/nope"));
}

TEST(TargetsTest, DirectIoRefusalNamesTheFilesystem) {
  ScratchDir shm("/dev/shm");
  if (shm.path().empty()) GTEST_SKIP() << "no /dev/shm to create a tmpfs file in";
  auto fsinfo = sysinfo::filesystem_info(shm.path());
  if (!fsinfo.ok() || fsinfo.value().fs_type != "tmpfs")
    GTEST_SKIP() << "/dev/shm is not tmpfs here";
  auto j = job_in(shm.path());
  j.size = 4096;
  j.direct = true;
  std::ostringstream log;
  TargetSet targets;
  auto f = targets.prepare_thread(j, 0, log);
  ASSERT_TRUE(f.ok());
  auto fd = open_target(*f.value()[0].target, j);
  if (fd.ok()) {
    ::close(fd.value());
    GTEST_SKIP() << "this kernel's tmpfs accepts O_DIRECT (Linux >= 6.6): no refusal to explain";
  }
  EXPECT_NE(fd.error().why.find("tmpfs refuses O_DIRECT"), std::string::npos) << fd.error().why;
}

}  // namespace
}  // namespace hostmark::io
