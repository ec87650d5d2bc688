// The checksummed blocks of sysbench fileio's --validate.
#include <gtest/gtest.h>

#include <vector>

#include "workloads/fileio_blocks.h"

namespace hostmark {
namespace {

TEST(SysbenchFileioBlocksTest, FilledBlockChecksAndAnyChangeIsCaught) {
  std::vector<std::byte> block(4096);
  std::uint64_t rng = 7;
  fill_checked_block(block.data(), block.size(), 3, 8192, rng);
  EXPECT_TRUE(check_block(block.data(), block.size(), 3, 8192));
  EXPECT_FALSE(check_block(block.data(), block.size(), 2, 8192));  // another file's block
  EXPECT_FALSE(check_block(block.data(), block.size(), 3, 4096));  // another offset's block
  for (std::size_t at : {std::size_t{0}, std::size_t{100}, block.size() - 1}) {
    auto copy = block;
    copy[at] ^= std::byte{1};
    EXPECT_FALSE(check_block(copy.data(), copy.size(), 3, 8192)) << at;
  }
  std::vector<std::byte> zeros(4096);
  EXPECT_FALSE(check_block(zeros.data(), zeros.size(), 0, 0));
}

TEST(SysbenchFileioBlocksTest, TwoFillsDifferSoBlocksDoNotDedupe) {
  std::vector<std::byte> a(512);
  std::vector<std::byte> b(512);
  std::uint64_t rng = 1;
  fill_checked_block(a.data(), a.size(), 0, 0, rng);
  fill_checked_block(b.data(), b.size(), 0, 0, rng);
  EXPECT_NE(a, b);
  EXPECT_TRUE(check_block(b.data(), b.size(), 0, 0));
}

}  // namespace
}  // namespace hostmark
