// hostmark disk --timing (hdparm -tT) and --identify (hdparm -I): the hdparm line layout, the
// ATA/NVMe identify parsers on constructed pages, and the command on a file and a loop device.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "background_hostmark.h"
#include "loop_device_fixture.h"
#include "run_binary.h"
#include "scratch_dir.h"
#include "storage/ata_identify.h"
#include "storage/nvme_identify.h"
#include "storage/timing.h"

namespace hostmark {
namespace {

using storage::TimingSample;

TEST(DiskTimingFormat, LinesLookLikeHdparm) {
  // hdparm 9.65 on a 256 MiB loop device printed these (its MB are MiB).
  EXPECT_EQ(storage::hdparm_cached_label(false) +
                storage::hdparm_timing_text({14142ull << 20, 1.99, false}),
            " Timing cached reads:   14142 MB in  1.99 seconds = 7106.53 MB/sec");
  EXPECT_EQ(
      storage::hdparm_disk_label(false) + storage::hdparm_timing_text({256ull << 20, 2.09, true}),
      " Timing buffered disk reads: 256 MB in  2.09 seconds = 122.49 MB/sec");
  EXPECT_EQ(storage::hdparm_disk_label(true) + storage::hdparm_timing_text({256ull << 20, 0.64}),
            " Timing O_DIRECT disk reads: 256 MB in  0.64 seconds = 400.00 MB/sec");
  EXPECT_EQ(storage::hdparm_cached_label(true) + storage::hdparm_timing_text({3038ull << 20, 2.0}),
            " Timing O_DIRECT cached reads:   3038 MB in  2.00 seconds = 1519.00 MB/sec");
  const TimingSample s{1ull << 30, 2.0};
  EXPECT_DOUBLE_EQ(s.mib_per_s(), 512.0);
  EXPECT_NEAR(s.mb_per_s(), 536.870912, 1e-6);
}

// An IDENTIFY DEVICE page as a SATA SSD returns it.
struct AtaPage {
  std::array<std::uint8_t, 512> b{};
  void word(int w, std::uint16_t v) {
    b[2 * w] = static_cast<std::uint8_t>(v & 0xff);
    b[2 * w + 1] = static_cast<std::uint8_t>(v >> 8);
  }
  void text(int first_word, int words, const std::string& s) {
    std::string padded = s;
    padded.resize(2 * words, ' ');
    for (int i = 0; i < words; ++i) {  // first character in the high byte
      b[2 * (first_word + i) + 1] = static_cast<std::uint8_t>(padded[2 * i]);
      b[2 * (first_word + i)] = static_cast<std::uint8_t>(padded[2 * i + 1]);
    }
  }
  void seal() {  // signature 0xA5 and a checksum making the byte sum 0 mod 256
    b[510] = 0xa5;
    unsigned sum = 0;
    for (int i = 0; i < 511; ++i) sum += b[i];
    b[511] = static_cast<std::uint8_t>(-sum);
  }
};

AtaPage ssd_page() {
  AtaPage p;
  p.word(0, 0x0040);
  p.text(10, 10, "S3Z9NB0K123456X");
  p.text(23, 4, "RVT04B6Q");
  p.text(27, 20, "Samsung SSD 860 EVO 500GB");
  p.word(60, 0xffff);
  p.word(61, 0x0fff);
  p.word(75, 31);        // queue depth 32
  p.word(76, 1u << 8);   // NCQ
  p.word(82, 1u << 5);   // write cache supported
  p.word(83, 1u << 10);  // 48-bit LBA
  p.word(85, 1u << 5);   // write cache enabled
  p.word(100, 0x6030);
  p.word(101, 0x3a38);
  p.word(106, 0x6003);  // valid, 8 logical sectors per physical
  p.word(169, 1);       // TRIM
  p.word(217, 1);       // non-rotating
  p.seal();
  return p;
}

TEST(DiskIdentifyAta, ParsesAConstructedPage) {
  AtaPage p = ssd_page();
  const auto id = storage::parse_ata_identify(p.b);
  ASSERT_TRUE(id.has_value());
  EXPECT_EQ(id->model, "Samsung SSD 860 EVO 500GB");
  EXPECT_EQ(id->serial, "S3Z9NB0K123456X");
  EXPECT_EQ(id->firmware, "RVT04B6Q");
  EXPECT_EQ(id->sectors, 976773168u);
  EXPECT_EQ(id->logical_sector_bytes, 512u);
  EXPECT_EQ(id->physical_sector_bytes, 4096u);
  EXPECT_TRUE(id->write_cache_supported);
  EXPECT_TRUE(id->write_cache_enabled);
  EXPECT_TRUE(id->trim_supported);
  EXPECT_TRUE(id->ncq_supported);
  EXPECT_EQ(id->ncq_depth, 32u);
  EXPECT_EQ(id->rotation_rpm, 1u);
}

TEST(DiskIdentifyAta, SpinningDiskWithoutLba48OrFeatures) {
  AtaPage p;
  p.text(27, 20, "WDC WD10EZEX");
  p.word(60, 0x5000);
  p.word(61, 0x0001);  // 0x15000 sectors
  p.word(217, 7200);
  const auto id = storage::parse_ata_identify(p.b);  // no signature: no checksum to check
  ASSERT_TRUE(id.has_value());
  EXPECT_EQ(id->model, "WDC WD10EZEX");
  EXPECT_EQ(id->serial, "");
  EXPECT_EQ(id->sectors, 0x15000u);
  EXPECT_FALSE(id->write_cache_supported);
  EXPECT_FALSE(id->trim_supported);
  EXPECT_FALSE(id->ncq_supported);
  EXPECT_EQ(id->ncq_depth, 0u);
  EXPECT_EQ(id->physical_sector_bytes, 512u);
  EXPECT_EQ(id->rotation_rpm, 7200u);
}

TEST(DiskIdentifyAta, RejectsBadChecksumAtapiAndZeros) {
  AtaPage bad = ssd_page();
  bad.b[54] ^= 0x01;  // one model byte changed after sealing
  EXPECT_FALSE(storage::parse_ata_identify(bad.b).has_value());
  AtaPage atapi;
  atapi.word(0, 0x85c0);
  atapi.text(27, 20, "DVD-ROM");
  EXPECT_FALSE(storage::parse_ata_identify(atapi.b).has_value());
  AtaPage zeros;
  EXPECT_FALSE(storage::parse_ata_identify(zeros.b).has_value());
}

TEST(DiskIdentifyNvme, ParsesAConstructedControllerPage) {
  std::vector<std::uint8_t> page(storage::kNvmeIdentifyBytes, 0);
  const auto put = [&page](std::size_t at, std::size_t len, const std::string& s) {
    for (std::size_t i = 0; i < len; ++i)
      page[at + i] = static_cast<std::uint8_t>(i < s.size() ? s[i] : ' ');
  };
  page[0] = 0x4d;  // 0x144d Samsung
  page[1] = 0x14;
  put(4, 20, "S4EWNX0R123456");
  put(24, 40, "Samsung SSD 970 EVO Plus 1TB");
  put(64, 8, "2B2QEXM7");
  page[77] = 9;
  page[516] = 1;
  page[520] = 0x5f;  // ONCS: compare, write uncorrectable, DSM, write zeroes, ...
  page[525] = 1;     // volatile write cache
  const auto id = storage::parse_nvme_identify(page);
  ASSERT_TRUE(id.has_value());
  EXPECT_EQ(id->pci_vendor, 0x144d);
  EXPECT_EQ(id->serial, "S4EWNX0R123456");
  EXPECT_EQ(id->model, "Samsung SSD 970 EVO Plus 1TB");
  EXPECT_EQ(id->firmware, "2B2QEXM7");
  EXPECT_EQ(id->namespaces, 1u);
  EXPECT_TRUE(id->dataset_management);
  EXPECT_TRUE(id->write_zeroes);
  EXPECT_TRUE(id->volatile_write_cache);
  EXPECT_EQ(id->max_transfer_pages_log2, 9u);
  page[525] = 0;
  page[520] = 0;
  const auto plain = storage::parse_nvme_identify(page);
  ASSERT_TRUE(plain.has_value());
  EXPECT_FALSE(plain->volatile_write_cache);
  EXPECT_FALSE(plain->dataset_management);
  EXPECT_FALSE(storage::parse_nvme_identify(std::vector<std::uint8_t>(4096, 0)).has_value());
  EXPECT_FALSE(storage::parse_nvme_identify(std::vector<std::uint8_t>(512, 'A')).has_value());
}

// Checks the hdparm block of `out` for `target`; returns the MB/sec of each timing line.
std::vector<double> hdparm_rates(const std::string& out, const std::string& target) {
  EXPECT_NE(out.find("\n" + target + ":\n"), std::string::npos) << out;
  static const std::regex line(
      R"(^ Timing (cached|buffered disk|O_DIRECT cached|O_DIRECT disk) reads:( {3})? *\d+ MB in +\d+\.\d\d seconds = +(\d+\.\d\d) MB/sec$)");
  std::vector<double> rates;
  for (const auto& l : output_lines(out)) {
    std::smatch m;
    if (std::regex_match(l, m, line)) rates.push_back(std::stod(m[3]));
  }
  return rates;
}

bool make_file(const std::string& path, std::size_t bytes) {
  std::ofstream f(path, std::ios::binary);
  std::string chunk(1 << 20, 'x');
  for (std::size_t done = 0; done < bytes; done += chunk.size())
    f.write(chunk.data(), chunk.size());
  return static_cast<bool>(f);
}

TEST(DiskTimingCli, TimesAFileInHdparmLayout) {
  ScratchDir dir;
  const std::string file = dir.file("data.bin");
  ASSERT_TRUE(make_file(file, 8 << 20));
  const auto r = run_hostmark(
      {"disk", "--timing", "--settle=0", file, "--cached-time=300ms", "--disk-time=300ms"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rates = hdparm_rates(r.out, file);
  ASSERT_EQ(rates.size(), 2u) << r.out;
  EXPECT_GT(rates[0], 0);
  EXPECT_GT(rates[1], 0);
  EXPECT_NE(r.out.find("Filesystem:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" Timing cached reads:   "), std::string::npos);
  EXPECT_NE(r.out.find(" Timing buffered disk reads: "), std::string::npos);
}

TEST(DiskTimingCli, JsonHasBothUnitsAndStorage) {
  ScratchDir dir;
  const std::string file = dir.file("data.bin");
  ASSERT_TRUE(make_file(file, 4 << 20));
  const auto r = run_hostmark(
      {"disk", "--timing", "--settle=0", file, "-t", "--disk-time=200ms", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["phases"].size(), 1u);
  EXPECT_EQ(j["phases"][0]["name"], "disk_reads");
  std::map<std::string, std::string> units;
  for (const auto& m : j["phases"][0]["metrics"]) units[m["name"]] = m["unit"];
  EXPECT_EQ(units["mib_per_s"], "MiB/s");
  EXPECT_EQ(units["mb_per_s"], "MB/s");
  ASSERT_EQ(j["storage"].size(), 1u);
  EXPECT_FALSE(j["storage"][0]["fs_type"].get<std::string>().empty());
}

TEST(DiskTimingCli, ErrorsAreOneLine) {
  ScratchDir dir;
  const auto missing = run_hostmark({"disk", "--timing", "--settle=0", dir.file("nope")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "hostmark: " + dir.file("nope") + ": No such file or directory\n");
  const auto directory = run_hostmark({"disk", "--timing", "--settle=0", dir.path()});
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_EQ(directory.err,
            "hostmark: " + dir.path() + ": is a directory (give a block device or a file)\n");
  const std::string tiny = dir.file("tiny");
  ASSERT_TRUE(make_file(tiny, 1 << 20));
  const auto small = run_hostmark({"disk", "--timing", "--settle=0", tiny, "--cached-time=100ms"});
  EXPECT_EQ(small.exit_code, 1);
  EXPECT_EQ(output_lines(small.err).size(), 1u) << small.err;
  EXPECT_NE(small.err.find("smaller than 2 MiB"), std::string::npos) << small.err;
  const auto both = run_hostmark({"disk", "--timing", "--settle=0", tiny, "-T", "-t"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_EQ(output_lines(both.err).size(), 1u) << both.err;
}

TEST(DiskTimingCli, SigintEndsTheRunWithWhatWasMeasured) {
  if (!std::filesystem::exists("/usr/bin/timeout")) GTEST_SKIP() << "coreutils timeout is missing";
  ScratchDir dir;
  const std::string file = dir.file("data.bin");
  ASSERT_TRUE(make_file(file, 4 << 20));
  // The signal comes after 1 s: during the cached reads (0.2 s settle, 5 s of reads).
  const auto r = run_interrupted(
      {"disk", "--timing", file, "--settle=200ms", "--cached-time=5s", "--output-format=json"}, 1);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out << r.err;
  EXPECT_TRUE(j["interrupted"].get<bool>());
  // Normally one phase; none when a loaded machine delivered the signal during the settle.
  ASSERT_LE(j["phases"].size(), 1u) << r.out;
  if (j["phases"].size() == 1) {
    EXPECT_EQ(j["phases"][0]["name"], "cached_reads");
  }
}

using DiskTimingLoopTest = fakes::LoopDeviceTest;

TEST_F(DiskTimingLoopTest, TimesALoopDeviceBufferedAndDirect) {
  const std::string why = attach(false, false);
  if (!why.empty()) GTEST_SKIP() << why;
  const auto r = run_hostmark(
      {"disk", "--timing", "--settle=0", dev_, "--cached-time=300ms", "--disk-time=300ms"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rates = hdparm_rates(r.out, dev_);
  ASSERT_EQ(rates.size(), 2u) << r.out;
  EXPECT_GT(rates[0], 0);
  EXPECT_GT(rates[1], 0);
  EXPECT_NE(r.out.find("loop device"), std::string::npos) << r.out;  // its warning
  const auto d = run_hostmark({"disk", "--timing", "--settle=0", dev_, "--direct",
                               "--cached-time=200ms", "--disk-time=200ms"});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find(" Timing O_DIRECT cached reads:   "), std::string::npos) << d.out;
  EXPECT_NE(d.out.find(" Timing O_DIRECT disk reads: "), std::string::npos) << d.out;
  EXPECT_EQ(hdparm_rates(d.out, dev_).size(), 2u);
}

TEST_F(DiskTimingLoopTest, IdentifiesALoopDeviceAndItsPartition) {
  const std::string why = attach(true, true);
  if (!why.empty()) GTEST_SKIP() << why;
  const std::string part = partition_node();
  const auto r = run_hostmark({"disk", "--identify", dev_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(dev_ + ":\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("67108864 bytes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("512 bytes logical"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ATA IDENTIFY:       not available on this device (loop)"),
            std::string::npos)
      << r.out;
  if (!part.empty()) {
    EXPECT_NE(r.out.find("Partition " + dev_.substr(5) + "p1"), std::string::npos) << r.out;
  }
  const auto j = run_hostmark({"disk", "--identify", dev_, "--output-format=json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["options"]["device"], dev_);
  EXPECT_EQ(doc["storage"][0]["disk_size_bytes"], 67108864);
}

TEST(DiskIdentifyCli, DescribesTheDiskUnderADirectory) {
  ScratchDir dir;
  const auto r = run_hostmark({"disk", "--identify", dir.path()});
  if (r.exit_code == 2 && r.err.find("no block device") != std::string::npos)
    GTEST_SKIP() << "/var/tmp has no block device underneath here";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Sector size:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("NVMe identify:"), std::string::npos) << r.out;
  const auto missing = run_hostmark({"disk", "--identify", dir.file("a/b")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(output_lines(missing.err).size(), 1u) << missing.err;
}

}  // namespace
}  // namespace hostmark
