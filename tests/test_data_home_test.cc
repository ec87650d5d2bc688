// Every test process gets its own XDG_DATA_HOME (a temporary directory removed at the end), so
// that commands run by the tests, which now save their results, never write into the real
// ~/.local/share/hostmark. Registered as a GoogleTest global environment: it is set before the
// first test and inherited by every hostmark the tests start (tests/run_binary.h passes the
// environment on).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>

namespace {

class TemporaryDataHome final : public ::testing::Environment {
 public:
  void SetUp() override {
    std::string tmpl = "/tmp/hostmark-data-home-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
    setenv("XDG_DATA_HOME", dir_.c_str(), 1);
  }
  void TearDown() override {
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }

 private:
  std::string dir_;
};

[[maybe_unused]] ::testing::Environment* const kDataHome =
    ::testing::AddGlobalTestEnvironment(new TemporaryDataHome);

TEST(TestDataHome, IsATemporaryDirectoryOfThisProcess) {
  const char* dir = std::getenv("XDG_DATA_HOME");
  ASSERT_NE(dir, nullptr);
  EXPECT_TRUE(std::string(dir).starts_with("/tmp/hostmark-data-home-")) << dir;
  EXPECT_TRUE(std::filesystem::is_directory(dir));
}

}  // namespace
