// hostmark disk --seq-write/--seq-read (dd style): dd's summary line, its flag lists, and the
// command on a scratch file and a loop device.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "background_hostmark.h"
#include "loop_device_fixture.h"
#include "run_binary.h"
#include "scratch_dir.h"
#include "storage/dd_format.h"
#include "storage/dd_transfer.h"

namespace hostmark {
namespace {

using storage::dd_summary_line;

TEST(DdFormat, SummaryLinesMatchCoreutilsDd) {
  // Every line below was printed by coreutils dd 9.1 on this project's test machine.
  EXPECT_EQ(dd_summary_line(104857600, 1.0421),
            "104857600 bytes (105 MB, 100 MiB) copied, 1.0421 s, 101 MB/s");
  EXPECT_EQ(dd_summary_line(31457280, 0.0546828),
            "31457280 bytes (31 MB, 30 MiB) copied, 0.0546828 s, 575 MB/s");
  EXPECT_EQ(dd_summary_line(31457280, 0.00166806),
            "31457280 bytes (31 MB, 30 MiB) copied, 0.00166806 s, 18.9 GB/s");
  EXPECT_EQ(dd_summary_line(1024, 0.000206508),
            "1024 bytes (1.0 kB, 1.0 KiB) copied, 0.000206508 s, 5.0 MB/s");
  EXPECT_EQ(dd_summary_line(1536000, 0.0227422),
            "1536000 bytes (1.5 MB, 1.5 MiB) copied, 0.0227422 s, 67.5 MB/s");
  EXPECT_EQ(dd_summary_line(268435456, 1.37395),
            "268435456 bytes (268 MB, 256 MiB) copied, 1.37395 s, 195 MB/s");
  EXPECT_EQ(dd_summary_line(1572864000, 16.1391),
            "1572864000 bytes (1.6 GB, 1.5 GiB) copied, 16.1391 s, 97.5 MB/s");
  EXPECT_EQ(dd_summary_line(512, 0.5), "512 bytes copied, 0.5 s, 1.0 kB/s");
}

TEST(DdFormat, SizesRoundIntoTheNextUnit) {
  EXPECT_EQ(storage::dd_human_size(999999, true), "1.0 MB");
  EXPECT_EQ(storage::dd_human_size(999, true), "999 B");
  EXPECT_EQ(storage::dd_human_size(1048576, false), "1.0 MiB");
  EXPECT_EQ(storage::dd_human_size(10u << 20, false), "10 MiB");
  EXPECT_EQ(storage::dd_rate(999999, 1.0), "1.0 MB/s");
  EXPECT_EQ(storage::dd_rate(1, 0), "Infinity B/s");
}

TEST(DdTransfer, WritesReadsAndStopsWhenAsked) {
  ScratchDir dir;
  storage::DdWriteSpec w;
  w.path = dir.file("t.bin");
  w.block_bytes = 64 << 10;
  w.count = 4;
  const auto written = storage::dd_write(w);
  ASSERT_TRUE(written) << written.error().message();
  EXPECT_EQ(written->bytes, 256u << 10);
  EXPECT_EQ(written->full_records, 4u);
  EXPECT_FALSE(written->interrupted);
  // Random data: no two 512-byte pieces of the file are alike.
  std::ifstream in(w.path, std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), {});
  ASSERT_EQ(all.size(), 256u << 10);
  std::set<std::string> pieces;
  for (std::size_t off = 0; off < all.size(); off += 512) pieces.insert(all.substr(off, 512));
  EXPECT_EQ(pieces.size(), all.size() / 512);

  storage::DdReadSpec r;
  r.path = w.path;
  r.block_bytes = 100 << 10;  // 2 full blocks and a short one
  const auto read = storage::dd_read(r);
  ASSERT_TRUE(read) << read.error().message();
  EXPECT_EQ(read->bytes, 256u << 10);
  EXPECT_EQ(read->full_records, 2u);
  EXPECT_EQ(read->partial_records, 1u);
  EXPECT_LT(read->cached_fraction, 0.5) << "the drop before reading should have emptied the cache";

  r.stop = [] { return true; };
  const auto stopped = storage::dd_read(r);
  ASSERT_TRUE(stopped);
  EXPECT_TRUE(stopped->interrupted);
  EXPECT_EQ(stopped->bytes, 0u);
  const auto again = storage::dd_write(w);  // the file exists: refused, not overwritten
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().kind, ErrorKind::kUsage);
}

TEST(DdFormat, FlagListsAndConv) {
  const auto f = storage::parse_dd_flags("--oflag", "dsync,direct", "direct,dsync,sync");
  ASSERT_TRUE(f);
  EXPECT_TRUE(f->direct);
  EXPECT_TRUE(f->dsync);
  EXPECT_FALSE(f->sync);
  EXPECT_TRUE(storage::parse_dd_flags("--oflag", "", "direct,dsync,sync"));
  const auto bad = storage::parse_dd_flags("--iflag", "dsync", "direct");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message(), "--iflag: 'dsync' is not one of: direct");
  EXPECT_FALSE(storage::parse_dd_flags("--oflag", "direct,", "direct,dsync,sync"));
  EXPECT_EQ(storage::parse_dd_conv("--conv", "fsync").value(), storage::DdConv::kFsync);
  EXPECT_EQ(storage::parse_dd_conv("--conv", "none").value(), storage::DdConv::kNone);
  EXPECT_FALSE(storage::parse_dd_conv("--conv", "notrunc"));
}

std::string storage_kinds(const nlohmann::json& j) {
  std::string kinds;
  for (const auto& w : j["storage"][0]["warnings"]) kinds += w["kind"].get<std::string>() + " ";
  return kinds;
}

TEST(DdCli, WritesThenReadsAScratchFileAndRemovesIt) {
  ScratchDir dir;
  const std::string file = dir.file("dd.bin");
  const auto r =
      run_hostmark({"disk", "--seq-write", file, "--seq-read", "--bs=64k", "--count=16"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("write: 16+0 records\n1048576 bytes (1.0 MB, 1.0 MiB) copied, "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("read: 16+0 records\n1048576 bytes (1.0 MB, 1.0 MiB) copied, "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("B/s"), std::string::npos);  // kB/s, MB/s or GB/s, as dd picks
  EXPECT_NE(r.out.find("the final fdatasync is counted in the time"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(file));
  EXPECT_TRUE(dir.empty());
}

TEST(DdCli, DefaultFileInADirectoryAndDirectFlags) {
  ScratchDir dir;
  const auto r = run_hostmark({"disk", "--seq-write", dir.path(), "--bs=4k", "--count=8",
                               "--oflag=direct", "--conv=none", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["options"]["path"], dir.path() + "/hostmark-dd.tmp");
  EXPECT_EQ(j["phases"][0]["name"], "seq_write");
  EXPECT_TRUE(dir.empty());
}

// Reads the whole file so that it is in the page cache; its size.
std::size_t warm(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {}).size();
}

// Runs `args` up to three times, warming `file` first, until `found` appears in the output:
// another test on the machine may drop every cache (drop_caches) between warm and read.
RunOutput run_cached(const std::string& file, const std::vector<std::string>& args,
                     const std::string& found) {
  RunOutput r;
  for (int attempt = 0; attempt < 3; ++attempt) {
    EXPECT_EQ(warm(file), 2u << 20);
    r = run_hostmark(args);
    if (r.exit_code != 0 || r.out.find(found) != std::string::npos) break;
  }
  return r;
}

TEST(DdCli, KeptFileReadFromCacheIsFlagged) {
  ScratchDir dir;
  const std::string file = dir.file("dd.bin");
  const auto w = run_hostmark({"disk", "--seq-write", file, "--bs=256k", "--count=8", "--keep"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  ASSERT_TRUE(std::filesystem::exists(file));
  const auto cached =
      run_cached(file, {"disk", "--seq-read", file, "--keep-cache", "--output-format=json"},
                 "read_from_page_cache");
  ASSERT_EQ(cached.exit_code, 0) << cached.err;
  const auto j = nlohmann::json::parse(cached.out);
  EXPECT_NE(storage_kinds(j).find("read_from_page_cache"), std::string::npos) << cached.out;
  const std::string says = "was in the page cache before the read (--keep-cache)";
  const auto text = run_cached(file, {"disk", "--seq-read", file, "--keep-cache"}, says);
  EXPECT_NE(text.out.find(says), std::string::npos) << text.out;
  const auto dropped = run_hostmark({"disk", "--seq-read", file, "--output-format=json"});
  ASSERT_EQ(dropped.exit_code, 0) << dropped.err;
  const auto d = nlohmann::json::parse(dropped.out);
  EXPECT_EQ(d["phases"][0]["metrics"][2]["value"], 2 << 20);  // bytes
  EXPECT_TRUE(std::filesystem::exists(file));                 // a file only read is never removed
}

TEST(DdCli, UsageErrorsAreOneLine) {
  ScratchDir dir;
  const std::string file = dir.file("exists");
  std::ofstream(file) << "keep me";
  const auto exists = run_hostmark({"disk", "--seq-write", file, "--count=1"});
  EXPECT_EQ(exists.exit_code, 2);
  EXPECT_EQ(output_lines(exists.err).size(), 1u) << exists.err;
  EXPECT_NE(exists.err.find("exists"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(file));
  const auto missing = run_hostmark({"disk", "--seq-read", dir.file("nope")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "hostmark: " + dir.file("nope") + ": No such file or directory\n");
  const auto flag = run_hostmark({"disk", "--seq-write", dir.file("x"), "--oflag=append"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_EQ(flag.err, "hostmark: --oflag: 'append' is not one of: direct, dsync, sync\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("x")));
  const auto no_dir = run_hostmark({"disk", "--seq-write", dir.file("no/such/dir/f"), "--count=1"});
  EXPECT_EQ(no_dir.exit_code, 2);
  EXPECT_EQ(no_dir.err, "hostmark: " + dir.file("no/such/dir/f") + ": No such file or directory\n");
  const auto dir_read = run_hostmark({"disk", "--seq-read", dir.path()});
  EXPECT_EQ(dir_read.exit_code, 2);
  EXPECT_EQ(output_lines(dir_read.err).size(), 1u) << dir_read.err;
}

TEST(DdCli, SigintStopsTheWriteReportsItAndRemovesTheFile) {
  ScratchDir dir;
  const std::string file = dir.file("dd.bin");
  // dsync 4 KiB writes: slow enough to be running when the signal comes 1 s after hostmark owns
  // SIGINT; at most 400 MiB if the signal were ignored.
  BackgroundHostmark dd({"disk", "--seq-write", file, "--bs=4k", "--count=102400", "--oflag=dsync",
                         "--output-format=json"},
                        {}, dir);
  ASSERT_TRUE(dd.started());
  ASSERT_TRUE(dd.wait_until_handles(SIGINT)) << dd.err();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  dd.signal(SIGINT);
  const int code = dd.wait();
  const auto j = nlohmann::json::parse(dd.out(), nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << dd.out() << dd.err();
  if (!j["interrupted"].get<bool>()) GTEST_SKIP() << "the write finished within 1 s here";
  EXPECT_EQ(code, 1) << dd.err();
  EXPECT_EQ(j["phases"][0]["name"], "seq_write");
  EXPECT_FALSE(std::filesystem::exists(file));
}

TEST(DdCli, DiskFullIsOneLineAndTheFileIsRemoved) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to mount a small tmpfs";
  ScratchDir dir;
  const std::string mnt = dir.file("small");
  ASSERT_TRUE(std::filesystem::create_directory(mnt));
  if (std::system(("mount -t tmpfs -o size=1m hostmark-test " + mnt).c_str()) != 0)
    GTEST_SKIP() << "cannot mount tmpfs here";
  const auto r =
      run_hostmark({"disk", "--seq-write", mnt + "/f", "--bs=256k", "--count=16", "--data=zero"});
  EXPECT_FALSE(std::filesystem::exists(mnt + "/f"));
  EXPECT_EQ(std::system(("umount " + mnt).c_str()), 0);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

using DdLoopTest = fakes::LoopDeviceTest;

TEST_F(DdLoopTest, ReadsADeviceAndRefusesToWriteIt) {
  const std::string why = attach(false, false);
  if (!why.empty()) GTEST_SKIP() << why;
  const auto r = run_hostmark({"disk", "--seq-read", dev_, "--bs=1M", "--count=4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("4194304 bytes (4.2 MB, 4.0 MiB) copied"), std::string::npos) << r.out;
  const auto all = run_hostmark({"disk", "--seq-read", dev_, "--iflag=direct", "--bs=1M"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("67108864 bytes (67 MB, 64 MiB) copied"), std::string::npos) << all.out;
  const auto w = run_hostmark({"disk", "--seq-write", dev_, "--count=1"});
  EXPECT_EQ(w.exit_code, 2);
  EXPECT_EQ(output_lines(w.err).size(), 1u) << w.err;
  EXPECT_NE(w.err.find("is a block device"), std::string::npos) << w.err;
}

}  // namespace
}  // namespace hostmark
