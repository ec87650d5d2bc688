// verify_dump=1: the chunk that failed, as read and as written, in the files fio names.
#include "io/verify_dump.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark::io {
namespace {

std::vector<std::byte> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> chars((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  std::vector<std::byte> out(chars.size());
  std::memcpy(out.data(), chars.data(), chars.size());
  return out;
}

std::vector<std::byte> slice(const std::vector<std::byte>& v, std::size_t at, std::size_t n) {
  return {v.begin() + static_cast<std::ptrdiff_t>(at),
          v.begin() + static_cast<std::ptrdiff_t>(at + n)};
}

struct DumpCase {
  VerifySpec spec;
  WrittenBlock written{1 << 20, block_seed(5, 3), 3, 0, 16384};
  std::vector<std::byte> good;

  explicit DumpCase(fio::VerifyKind kind, std::uint32_t interval = 0) {
    spec.kind = kind;
    spec.interval_bytes = interval;
    if (kind == fio::VerifyKind::kPattern) spec.pattern = {0x5a, 0xa5, 0x01};
    good.resize(written.length);
    fill_block(spec, written, good);
  }
};

TEST(VerifyDump, WritesTheBadChunkAsReadAndAsWrittenUnderFiosNames) {
  const ScratchDir dir;
  DumpCase c(fio::VerifyKind::kCrc32c, 4096);
  std::vector<std::byte> bad = c.good;
  bad[3 * 4096 + 700] ^= std::byte{0x10};  // in the fourth chunk's payload
  const auto mismatch = check_block(c.spec, c.written, bad);
  ASSERT_TRUE(mismatch.has_value());
  const auto dumped =
      dump_mismatch(c.spec, c.written, bad, *mismatch, "/some/dir/data.bin", dir.path());
  ASSERT_TRUE(dumped) << dumped.error().message();
  const std::string stem = dir.file("data.bin." + std::to_string((1 << 20) + 3 * 4096));
  EXPECT_EQ(dumped.value().received, stem + ".received");
  EXPECT_EQ(dumped.value().expected, stem + ".expected");
  EXPECT_EQ(file_bytes(stem + ".received"), slice(bad, 3 * 4096, 4096));
  EXPECT_EQ(file_bytes(stem + ".expected"), slice(c.good, 3 * 4096, 4096));
}

TEST(VerifyDump, OneChunkPerBlockWithoutInterval) {
  const ScratchDir dir;
  DumpCase c(fio::VerifyKind::kMd5);
  std::vector<std::byte> bad = c.good;
  bad[16000] = ~bad[16000];
  const auto mismatch = check_block(c.spec, c.written, bad);
  ASSERT_TRUE(mismatch.has_value());
  const auto dumped = dump_mismatch(c.spec, c.written, bad, *mismatch, "f", dir.path());
  ASSERT_TRUE(dumped);
  EXPECT_EQ(dumped.value().received, dir.file("f.1048576.received"));
  EXPECT_EQ(file_bytes(dumped.value().received), bad);
  EXPECT_EQ(file_bytes(dumped.value().expected), c.good);
}

TEST(VerifyDump, PatternDumpsTheWholeBlock) {
  const ScratchDir dir;
  DumpCase c(fio::VerifyKind::kPattern);
  std::vector<std::byte> bad = c.good;
  bad[9000] = std::byte{0};
  const auto mismatch = check_block(c.spec, c.written, bad);
  ASSERT_TRUE(mismatch.has_value());
  EXPECT_EQ(mismatch->offset, (1u << 20) + 9000);  // the byte; the dump is the block
  const auto dumped = dump_mismatch(c.spec, c.written, bad, *mismatch, "p", dir.path());
  ASSERT_TRUE(dumped);
  EXPECT_EQ(dumped.value().received, dir.file("p.1048576.received"));
  EXPECT_EQ(file_bytes(dumped.value().expected), c.good);
}

TEST(VerifyDump, AnUnwritableDirectoryIsNamed) {
  DumpCase c(fio::VerifyKind::kXxhash);
  std::vector<std::byte> bad = c.good;
  bad[100] ^= std::byte{1};
  const auto mismatch = check_block(c.spec, c.written, bad);
  ASSERT_TRUE(mismatch.has_value());
  const auto dumped = dump_mismatch(c.spec, c.written, bad, *mismatch, "f", "/nonexistent-dir");
  ASSERT_FALSE(dumped);
  EXPECT_NE(dumped.error().message().find("/nonexistent-dir/f.1048576.received"),
            std::string::npos);
}

// The whole path through `hostmark fio`: a file written with verify headers, one byte changed,
// then read back with verify_dump=1 from a directory of its own.
TEST(VerifyDumpCli, ARunThatFailsVerifyLeavesBothFilesInTheCurrentDirectory) {
  const ScratchDir dir;
  const std::string data = dir.file("vd.dat");
  const std::vector<std::string> common{
      "fio",      "--name=vd",       "--filename=" + data,  "--size=64k",
      "--bs=16k", "--verify=crc32c", "--output-format=json"};
  std::vector<std::string> write_args = common;
  write_args.insert(write_args.end(), {"--rw=write", "--do_verify=0"});
  const RunOutput wrote = run_hostmark(write_args);
  ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
  {
    std::fstream f(data, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(32768 + 5000);
    f.put('\x7f');
  }
  std::vector<std::string> read_args = common;
  read_args.insert(read_args.end(), {"--rw=read", "--verify_dump=1"});
  // From the scratch directory: `sh -c 'cd DIR && exec hostmark ARGS'`.
  std::vector<std::string> in_dir{"-c", "cd \"$0\" && exec \"$@\"", dir.path(), HOSTMARK_BINARY};
  in_dir.insert(in_dir.end(), read_args.begin(), read_args.end());
  const RunOutput read = run_program("/bin/sh", in_dir);
  EXPECT_NE(read.exit_code, 0);
  EXPECT_NE(read.err.find("vd.dat.32768.received"), std::string::npos) << read.err;
  EXPECT_TRUE(std::filesystem::exists(dir.file("vd.dat.32768.received")));
  EXPECT_TRUE(std::filesystem::exists(dir.file("vd.dat.32768.expected")));
  EXPECT_EQ(std::filesystem::file_size(dir.file("vd.dat.32768.expected")), 16384u);
}

}  // namespace
}  // namespace hostmark::io
