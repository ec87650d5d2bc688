// Output files replaced atomically (output/atomic_file.h, OutputSink): a failed write (a file
// size limit, a full tmpfs), an error before the end or a SIGKILL leaves the previous file as it
// was and no temporary file; a success replaces the content and keeps the mode; links,
// devices and FIFOs are written where they lead.
#include "output/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "output/format.h"
#include "safety_test_util.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

using safety_test::read_all;

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

const std::string kOld = "the previous report\n";

TEST(AtomicFileTest, CommitReplacesTheContentAndKeepsTheMode) {
  ScratchDir dir;
  const std::string path = dir.file("out.json");
  { std::ofstream(path) << kOld << std::string(10000, 'o'); }
  ASSERT_EQ(chmod(path.c_str(), 0640), 0);
  auto file = AtomicFile::create(path).value();
  file->stream() << "new";
  EXPECT_EQ(read_all(path).substr(0, kOld.size()), kOld);  // not visible before commit
  ASSERT_TRUE(file->commit().ok());
  EXPECT_EQ(read_all(path), "new");
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"out.json"});
}

TEST(AtomicFileTest, NewFileGetsTheUmaskMode) {
  ScratchDir dir;
  const mode_t old_mask = umask(022);
  auto file = AtomicFile::create(dir.file("new.csv")).value();
  umask(old_mask);
  file->stream() << "a,b\n";
  ASSERT_TRUE(file->commit().ok());
  struct stat st {};
  ASSERT_EQ(stat(dir.file("new.csv").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644u);
  EXPECT_EQ(read_all(dir.file("new.csv")), "a,b\n");
}

TEST(AtomicFileTest, AbandonedWithoutCommitLeavesTheOldFileAndNoTemporary) {
  ScratchDir dir;
  const std::string path = dir.file("report.html");
  { std::ofstream(path) << kOld; }
  {
    auto file = AtomicFile::create(path).value();
    file->stream() << std::string(1 << 20, 'x');  // more than the buffer: bytes reach the disk
  }                                               // e.g. the command threw a Failure before close()
  EXPECT_EQ(read_all(path), kOld);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"report.html"});
  {  // the same through OutputSink, for a file that did not exist
    std::ostringstream out;
    auto sink = OutputSink::open({OutputFormat::kJson, dir.file("never.json")}, out).value();
    sink->stream() << "{";
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("never.json")));
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"report.html"});
}

// In a child (the limit is per process): RLIMIT_FSIZE makes writes past 64 KiB fail with EFBIG,
// an injected write failure half-way. The child exits 0 when the sink reported it naming the file.
TEST(AtomicFileTest, AFailedWriteLeavesTheOldFileAndNoTemporary) {
  ScratchDir dir;
  const std::string path = dir.file("result.csv");
  { std::ofstream(path) << kOld; }
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{64 * 1024, 64 * 1024};
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(10);
    std::ostringstream out;
    auto sink = OutputSink::open({OutputFormat::kCsv, path}, out);
    if (!sink) _exit(11);
    for (int i = 0; i < 4096; ++i) sink.value()->stream() << std::string(63, 'r') << '\n';
    const auto closed = sink.value()->close();
    if (closed.ok()) _exit(12);
    _exit(closed.error().message() == path + ": File too large" ? 0 : 13);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  EXPECT_EQ(read_all(path), kOld);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"result.csv"});
}

// A 256 KiB tmpfs filled half-way through a 1 MiB report (root only: mount).
TEST(AtomicFileTest, AFullFilesystemLeavesTheOldFileAndNoTemporary) {
  ScratchDir dir;
  const std::string mnt = dir.file("mnt");
  ASSERT_TRUE(std::filesystem::create_directory(mnt));
  if (geteuid() != 0 || mount("hostmark-test", mnt.c_str(), "tmpfs", 0, "size=256k") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root): " << std::strerror(errno);
  struct Unmount {
    std::string at;
    ~Unmount() { umount(at.c_str()); }
  } unmount{mnt};
  const std::string path = mnt + "/report.html";
  { std::ofstream(path) << kOld; }
  std::ostringstream out;
  auto sink = OutputSink::open({OutputFormat::kNormal, path}, out).value();
  sink->stream() << std::string(1 << 20, 'h');
  const auto closed = sink->close();
  ASSERT_FALSE(closed.ok());
  EXPECT_EQ(closed.error().message(), path + ": No space left on device");
  EXPECT_EQ(closed.error().exit_code(), 1);
  EXPECT_EQ(read_all(path), kOld);
  EXPECT_EQ(names_in(mnt), std::vector<std::string>{"report.html"});
}

// A process killed (SIGKILL) while writing: nothing to clean up, the old file as it was.
TEST(AtomicFileTest, AKilledWriterLeavesTheOldFileAndNoTemporary) {
  ScratchDir dir;
  const std::string path = dir.file("stat.txt");
  { std::ofstream(path) << kOld; }
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(ready[0]);
    auto file = AtomicFile::create(path);
    if (!file) _exit(10);
    file.value()->stream() << std::string(1 << 20, 'k') << std::flush;
    if (write(ready[1], "x", 1) != 1) _exit(11);
    pause();  // killed here, mid-output
    _exit(12);
  }
  close(ready[1]);
  char c = 0;
  ASSERT_EQ(read(ready[0], &c, 1), 1);
  close(ready[0]);
  kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(read_all(path), kOld);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"stat.txt"});
}

TEST(AtomicFileTest, ASymbolicLinkIsFollowedAndKept) {
  ScratchDir dir;
  { std::ofstream(dir.file("real.txt")) << kOld; }
  ASSERT_EQ(symlink("real.txt", dir.file("link.txt").c_str()), 0);
  auto file = AtomicFile::create(dir.file("link.txt")).value();
  file->stream() << "through the link";
  ASSERT_TRUE(file->commit().ok());
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("link.txt")));
  EXPECT_EQ(read_all(dir.file("real.txt")), "through the link");
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"link.txt", "real.txt"}));
}

TEST(AtomicFileTest, DevicesAndFifosAreWrittenInPlace) {
  auto null = AtomicFile::create("/dev/null").value();
  null->stream() << "discarded";
  EXPECT_TRUE(null->commit().ok());
  struct stat st {};
  ASSERT_EQ(stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));  // still the device, not a file renamed over it

  auto full = AtomicFile::create("/dev/full").value();
  full->stream() << "no room";
  const Status failed = full->commit();
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().message(), "/dev/full: No space left on device");

  ScratchDir dir;
  const std::string fifo = dir.file("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {  // the reader
    std::ifstream in(fifo);
    std::string line;
    std::getline(in, line);
    _exit(line == "through the fifo" ? 0 : 1);
  }
  auto file = AtomicFile::create(fifo).value();
  file->stream() << "through the fifo\n";
  EXPECT_TRUE(file->commit().ok());
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"fifo"});
}

TEST(AtomicFileTest, UnusableTargetsAreOneErrorNamingThePath) {
  ScratchDir dir;
  const auto is_dir = AtomicFile::create(dir.path());
  ASSERT_FALSE(is_dir.ok());
  EXPECT_EQ(is_dir.error().message(), dir.path() + ": is a directory");
  const auto missing = AtomicFile::create(dir.file("no/such/x"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message(), dir.file("no/such/x") + ": No such file or directory");
  const auto no_device = AtomicFile::create("/dev/hostmark-no-such-device");
  ASSERT_FALSE(no_device.ok());  // never a regular file created under /dev
  EXPECT_FALSE(std::filesystem::exists("/dev/hostmark-no-such-device"));
}

}  // namespace
}  // namespace hostmark
