// `cmake --install` of this build tree, and the .deb that scripts/package.sh makes of it
// (its checks: dpkg-deb -f's Depends and Recommends, dpkg-deb -c's files, the extracted binary
// run; see scripts/package.sh --check).
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include "dist/dist_test_util.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

TEST(Install, PutsTheBinaryTheManPageAndTheCompletions) {
  ScratchDir prefix;
  ASSERT_FALSE(prefix.path().empty());
  const RunOutput install = run_program(
      HOSTMARK_CMAKE_COMMAND, {"--install", HOSTMARK_BUILD_DIR, "--prefix", prefix.path()});
  ASSERT_EQ(install.exit_code, 0) << install.out << install.err;
  for (const char* file :
       {"bin/hostmark", "share/man/man1/hostmark.1", "share/bash-completion/completions/hostmark",
        "share/zsh/vendor-completions/_hostmark"}) {
    EXPECT_TRUE(fs::is_regular_file(prefix.file(file))) << file;
    EXPECT_GT(fs::file_size(prefix.file(file)), 0u) << file;
  }
  const RunOutput version = run_program(prefix.file("bin/hostmark"), {"--version"});
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_EQ(version.out.rfind("hostmark ", 0), 0u) << version.out;
  EXPECT_EQ(dist_test::read_file(prefix.file("share/man/man1/hostmark.1")),
            dist_test::read_file(HOSTMARK_MAN_PAGE));
}

// scripts/package.sh on this tree without building it again: cpack into a scratch directory,
// then its --check. Skipped (exit status 77, the reason on stdout) without dpkg-deb or
// dpkg-shlibdeps.
TEST(Package, DebHasOnlyLibraryDependsAndItsFiles) {
  ScratchDir out;
  ASSERT_FALSE(out.path().empty());
  const RunOutput r =
      run_program("/bin/bash",
                  {HOSTMARK_SOURCE_DIR "/scripts/package.sh", "--no-build", "--check",
                   "--build-dir", HOSTMARK_BUILD_DIR, "--out", out.path()},
                  {"", 600'000, {}});
  if (r.exit_code == 77) GTEST_SKIP() << r.out;
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  std::cout << r.out;
}

}  // namespace
}  // namespace hostmark
