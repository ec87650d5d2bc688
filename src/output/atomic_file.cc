#include "output/atomic_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

namespace hostmark {
namespace {

constexpr int kMaxLinks = 40;          // as the kernel's ELOOP limit
constexpr std::size_t kMaxBase = 200;  // of the name in the temporary name (NAME_MAX is 255)

std::string dir_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// /proc/self/fd/N and the like are magic links to open files and pipes: written through.
bool under_proc(const std::string& path) { return path.starts_with("/proc/"); }

// /dev holds devices; a missing name there is a typo, not a file to create (/dev/shm aside).
bool device_name(const std::string& path) {
  return path.starts_with("/dev/") && !path.starts_with("/dev/shm/");
}

// Where the output goes: the regular file to replace (symbolic links followed), or in_place
// for what must be written as it is (devices, FIFOs, /dev and /proc paths).
struct Target {
  std::string path;
  bool in_place = false;
};

Expected<Target> resolve(const std::string& path) {
  std::string cur = path;
  for (int hop = 0; hop <= kMaxLinks; ++hop) {
    if (under_proc(cur)) return Target{cur, true};
    struct stat st {};
    if (::lstat(cur.c_str(), &st) != 0) {
      if (errno == ENOENT && device_name(cur)) return run_error(path, "no such device");
      if (errno == ENOENT)
        return Target{cur, false};  // a new file (its directory is checked later)
      return run_error(path, std::strerror(errno));
    }
    if (S_ISREG(st.st_mode)) return Target{cur, false};
    if (S_ISDIR(st.st_mode)) return run_error(path, "is a directory");
    if (!S_ISLNK(st.st_mode)) return Target{cur, true};
    std::string link(4096, '\0');
    const ssize_t n = ::readlink(cur.c_str(), link.data(), link.size());
    if (n < 0) return run_error(path, std::strerror(errno));
    link.resize(static_cast<std::size_t>(n));
    cur = link.starts_with('/') ? link : dir_of(cur) + "/" + link;
  }
  return run_error(path, std::strerror(ELOOP));
}

std::string random_suffix() {
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::random_device rd;
  std::string s;
  for (int i = 0; i < 8; ++i) s += kChars[rd() % (sizeof kChars - 1)];
  return s;
}

// The temporary file's name: ".<name>.hostmark-XXXXXX" next to `target`.
std::string temporary_name(const std::string& target) {
  return fmt::format("{}/.{}.hostmark-{}", dir_of(target), base_of(target).substr(0, kMaxBase),
                     random_suffix());
}

}  // namespace

AtomicFile::AtomicFile(int fd, Mode mode, std::string path, std::string target, std::string temp)
    : mode_(mode),
      path_(std::move(path)),
      target_(std::move(target)),
      temp_(std::move(temp)),
      fd_(fd),
      buf_(fd),
      stream_(&buf_) {}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
}

Expected<std::unique_ptr<AtomicFile>> AtomicFile::create(const std::string& path) {
  if (path.empty()) return run_error("''", "no file name");
  Expected<Target> target = resolve(path);
  if (!target) return target.error();
  const std::string& to = target->path;
  if (target->in_place) {
    const int fd = ::open(to.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) return run_error(path, std::strerror(errno));
    return std::unique_ptr<AtomicFile>(new AtomicFile(fd, Mode::kInPlace, path, to, ""));
  }
  Mode mode = Mode::kUnnamed;
  std::string temp;
  int fd = ::open(dir_of(to).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    mode = Mode::kNamed;  // a filesystem without O_TMPFILE
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
      temp = temporary_name(to);
      fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
      if (fd < 0 && errno != EEXIST) break;
    }
  }
  if (fd < 0) return run_error(path, std::strerror(errno));
  struct stat old {};
  if (::stat(to.c_str(), &old) == 0) {
    // Keep the old file's mode and owner. Best effort: only root may give a file away, and a
    // file that cannot get them back is still written.
    [[maybe_unused]] const int mode_kept = ::fchmod(fd, old.st_mode & 07777);
    if (old.st_uid != ::geteuid() || old.st_gid != ::getegid()) {
      [[maybe_unused]] const int owner_kept = ::fchown(fd, old.st_uid, old.st_gid);
    }
  }
  return std::unique_ptr<AtomicFile>(new AtomicFile(fd, mode, path, to, std::move(temp)));
}

std::string AtomicFile::link_unnamed() {
  const std::string proc = fmt::format("/proc/self/fd/{}", fd_);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = temporary_name(target_);
    // Through /proc (any user); without /proc, AT_EMPTY_PATH (needs CAP_DAC_READ_SEARCH).
    int rc = ::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW);
    if (rc != 0 && errno == ENOENT) rc = ::linkat(fd_, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH);
    if (rc == 0) {
      temp_ = std::move(name);
      return "";
    }
    if (errno != EEXIST) return std::strerror(errno);
  }
  return "cannot find a free temporary name next to it";
}

Status AtomicFile::commit() {
  stream_.flush();
  const auto fail = [this](const std::string& why) -> Status {
    discard();
    return run_error(path_, why);
  };
  if (buf_.error() != 0) return fail(std::strerror(buf_.error()));
  if (!stream_ || fd_ < 0) return fail("write failed");
  if (mode_ == Mode::kInPlace) {  // nothing to rename
    const int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0 && errno != EINTR) return fail(std::strerror(errno));
    return Ok{};
  }
  if (::fsync(fd_) != 0) return fail(fmt::format("fsync: {}", std::strerror(errno)));
  if (mode_ == Mode::kUnnamed) {
    if (const std::string why = link_unnamed(); !why.empty())
      return fail(fmt::format("cannot link the new content: {}", why));
  }
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0 && errno != EINTR) return fail(std::strerror(errno));
  if (::rename(temp_.c_str(), target_.c_str()) != 0)
    return fail(fmt::format("cannot replace it: {}", std::strerror(errno)));
  temp_.clear();
  // The rename is durable once the directory is; a filesystem without fsync on directories
  // (EINVAL) has nothing more to do.
  const int dir = ::open(dir_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    const int synced = ::fsync(dir);
    const int err = errno;
    ::close(dir);
    if (synced != 0 && err != EINVAL)
      return run_error(path_,
                       fmt::format("written, but fsync of its directory: {}", std::strerror(err)));
  }
  return Ok{};
}

}  // namespace hostmark
