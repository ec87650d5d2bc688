#include "io/targets.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "cli/units.h"
#include "io/io_buffers.h"
#include "sysinfo/filesystem.h"

namespace hostmark::io {
namespace {

std::string errno_text(int e) { return std::strerror(e); }

bool is_link(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

// fio creates the file a dangling filename= link points to; hostmark creates files only with
// O_EXCL (never through a link), so it says why instead of "File exists" (docs/FIO.md).
Error dangling_link(const std::string& path) {
  return run_error(path,
                   "is a dangling symbolic link: hostmark does not create files through links");
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
    s.replace(pos, from.size(), to);
  return s;
}

// Writes `bytes` of random data from `from` on, so reads of the file hit real blocks.
Status lay_out(int fd, const std::string& path, std::uint64_t from, std::uint64_t bytes,
               std::uint64_t seed, const std::function<bool()>& stop_requested) {
  constexpr std::size_t kChunk = 1 << 20;
  std::vector<unsigned char> chunk(kChunk);
  std::uint64_t state = seed;
  for (std::size_t i = 0; i + 8 <= kChunk; i += 8) {
    const std::uint64_t v = splitmix64(state);
    std::memcpy(chunk.data() + i, &v, 8);
  }
  std::uint64_t done = 0;
  while (done < bytes) {
    if (stop_requested && stop_requested()) return run_error(path, "interrupted while laying out");
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, bytes - done));
    const std::uint64_t stamp = from + done;
    std::memcpy(chunk.data(), &stamp, 8);  // no two chunks equal
    const ssize_t w = pwrite(fd, chunk.data(), n, static_cast<off_t>(from + done));
    if (w < 0) {
      if (errno == EINTR) continue;
      return run_error(path,
                       fmt::format("laying out: offset {}: {}", from + done, errno_text(errno)));
    }
    if (w == 0)
      return run_error(path, fmt::format("laying out: offset {}: short write", from + done));
    done += static_cast<std::uint64_t>(w);
  }
  if (fsync(fd) != 0) return run_error(path, "laying out: fsync: " + errno_text(errno));
  return Ok{};
}

bool job_reads(const fio::JobOptions& job) { return job.rw.read; }

std::uint64_t per_file_bytes(const fio::JobOptions& job) {
  if (job.filesize) return job.filesize->second;  // the largest a file may be
  const auto files = static_cast<std::uint64_t>(
      std::max(1, job.filenames.empty() ? job.nrfiles : static_cast<int>(job.filenames.size())));
  return job.size / files;
}

}  // namespace

bool job_writes(const fio::JobOptions& job) { return job.rw.write || job.rw.trim; }

std::vector<std::string> thread_file_names(const fio::JobOptions& job, int jobnum) {
  std::vector<std::string> names;
  auto with_dir = [&](const std::string& n) {
    if (job.directory.empty() || n.starts_with('/')) return n;
    return job.directory + "/" + n;
  };
  if (!job.filenames.empty()) {
    for (const auto& f : job.filenames) names.push_back(with_dir(f));
    return names;
  }
  for (int i = 0; i < std::max(1, job.nrfiles); ++i) {
    std::string n = job.filename_format;
    n = replace_all(n, "$jobname", job.name);
    n = replace_all(n, "$jobnum", std::to_string(jobnum));
    n = replace_all(n, "$filenum", std::to_string(i));
    names.push_back(with_dir(n));
  }
  return names;
}

TargetSet::~TargetSet() { remove_finished(); }

std::vector<std::string> TargetSet::remove_finished() {
  std::vector<std::string> failed;
  for (auto& [path, t] : files_) {
    const bool remove = t->unlink || (t->created && created_policy_ == CreatedFiles::kRemove);
    if (!remove || t->block_device || t->diskless) continue;
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) failed.push_back(path);
    t->created = false;
    t->unlink = false;
  }
  return failed;
}

std::vector<const TargetFile*> TargetSet::all() const {
  std::vector<const TargetFile*> v;
  for (const auto& [path, t] : files_) v.push_back(t.get());
  return v;
}

Expected<const TargetFile*> TargetSet::ensure(const std::string& path, std::uint64_t wanted_bytes,
                                              const fio::JobOptions& job, std::ostream& log,
                                              const std::function<bool()>& stop_requested) {
  auto it = files_.find(path);
  TargetFile* t = it == files_.end() ? nullptr : it->second.get();
  bool exists = t != nullptr;
  if (t == nullptr) {
    const bool named = !job.filenames.empty();
    struct stat st {};
    exists = (named ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) == 0;
    if (!exists && errno != ENOENT) return run_error(path, errno_text(errno));
    if (!exists && named && is_link(path)) return dangling_link(path);
    if (exists && S_ISLNK(st.st_mode))
      return run_error(path,
                       "is a symbolic link; hostmark does not follow links at the file "
                       "names it makes (name the target with filename= to use it)");
    if (!exists && wanted_bytes == 0)
      return run_error(path, "the file does not exist and no size= was given");
    if (!exists && job.readonly)
      return run_error(path, "the file does not exist and readonly forbids creating it");
    auto fresh = std::make_unique<TargetFile>();
    fresh->path = path;
    fresh->named = named;
    t = fresh.get();
    files_.emplace(path, std::move(fresh));
    if (exists) {
      t->block_device = S_ISBLK(st.st_mode);
      if (!t->block_device && !S_ISREG(st.st_mode))
        return run_error(path, "not a regular file or block device");
      t->device = t->block_device ? st.st_rdev : st.st_dev;
      t->size = static_cast<std::uint64_t>(st.st_size);
      if (t->block_device) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return run_error(path, errno_text(errno));
        std::uint64_t bytes = 0;
        const int rc = ioctl(fd, BLKGETSIZE64, &bytes);
        ::close(fd);
        if (rc != 0) return run_error(path, "BLKGETSIZE64: " + errno_text(errno));
        t->size = bytes;
      }
    }
  }
  if (!t->block_device && (job.unlink || job.unlink_each_loop)) t->unlink = true;
  if (t->block_device || t->size >= wanted_bytes) return t;
  if (job.readonly)
    return run_error(path,
                     fmt::format("is {} bytes, the job needs {}, and readonly forbids extending it",
                                 t->size, wanted_bytes));

  const bool existed = exists && (t->size > 0 || ::access(path.c_str(), F_OK) == 0);
  // A missing file is created with O_EXCL: a link planted at its name since the check above
  // fails (EEXIST) instead of being followed; an existing one is never a followed link unless
  // the user named it.
  const int create = existed ? 0 : O_CREAT | O_EXCL;
  const int fd =
      ::open(path.c_str(), O_RDWR | O_CLOEXEC | create | (t->named ? 0 : O_NOFOLLOW), 0644);
  if (fd < 0) {
    const int err = errno;
    // A link planted (or left dangling) at the name: O_EXCL refused to create through it.
    if (!existed && err == EEXIST && is_link(path)) return dangling_link(path);
    return run_error(path, "cannot create: " + errno_text(err));
  }
  if (!existed) t->created = true;
  struct stat st {};
  fstat(fd, &st);
  t->device = st.st_dev;
  const std::uint64_t from = t->size;
  Status laid = Ok{};
  if (job.fallocate != fio::Fallocate::kNone && job.fallocate != fio::Fallocate::kTruncate) {
    const int mode = job.fallocate == fio::Fallocate::kKeep ? FALLOC_FL_KEEP_SIZE : 0;
    if (::fallocate(fd, mode, static_cast<off_t>(from), static_cast<off_t>(wanted_bytes - from)) !=
            0 &&
        errno == ENOSPC) {
      laid = run_error(path, fmt::format("cannot allocate {}: {}",
                                         format_bytes_binary(wanted_bytes), errno_text(ENOSPC)));
    }
  }
  if (laid.ok() && (job_reads(job) || job.overwrite)) {
    log << fmt::format("{}: Laying out IO file ({})\n", job.name,
                       format_bytes_binary(wanted_bytes));
    laid = lay_out(fd, path, from, wanted_bytes - from, wanted_bytes ^ 0xf10f10ull, stop_requested);
  } else if (laid.ok() && ::ftruncate(fd, static_cast<off_t>(wanted_bytes)) != 0) {
    laid = run_error(path, "ftruncate: " + errno_text(errno));
  }
  ::close(fd);
  if (!laid.ok()) {
    if (!existed) t->unlink = true;  // a partly laid out file is no use to the next run
    return laid.error();
  }
  t->size = wanted_bytes;
  return t;
}

Expected<std::vector<ThreadFile>> TargetSet::prepare_thread(
    const fio::JobOptions& job, int jobnum, std::ostream& log,
    const std::function<bool()>& stop_requested) {
  std::vector<ThreadFile> out;
  const std::uint64_t base_offset =
      job.offset + static_cast<std::uint64_t>(jobnum) * job.offset_increment;
  for (const auto& name : thread_file_names(job, jobnum)) {
    const std::uint64_t per_file = per_file_bytes(job);
    const std::uint64_t wanted = per_file == 0 ? 0 : base_offset + per_file;
    auto target = ensure(name, job.size_percent > 0 ? 0 : wanted, job, log, stop_requested);
    if (!target) return target.error();
    const TargetFile* t = target.value();
    if (t->size == 0) return run_error(name, "the file is empty and no size= was given");
    std::uint64_t offset = base_offset;
    if (job.offset_percent > 0)
      offset +=
          static_cast<std::uint64_t>(static_cast<double>(t->size) * job.offset_percent / 100.0);
    if (offset >= t->size)
      return run_error(name,
                       fmt::format("offset {} is beyond the end ({} bytes)", offset, t->size));
    std::uint64_t length = t->size - offset;
    if (job.size_percent > 0)
      length = std::min(length, static_cast<std::uint64_t>(static_cast<double>(t->size) *
                                                           job.size_percent / 100.0));
    else if (per_file > 0) length = std::min(length, per_file);
    const std::uint32_t min_bs =
        std::max<std::uint32_t>(1, *std::min_element(job.bs.begin(), job.bs.end()));
    if (length < min_bs)
      return run_error(
          name, fmt::format("the region ({} bytes) is smaller than bs ({})", length, min_bs));
    length -=
        length % min_bs;  // whole blocks only, so direct I/O stays aligned (fio does the same)
    out.push_back(ThreadFile{t, offset, length});
  }
  return out;
}

Expected<std::vector<ThreadFile>> TargetSet::diskless_thread(const fio::JobOptions& job,
                                                             int jobnum) {
  std::vector<ThreadFile> out;
  const std::uint64_t per_file = per_file_bytes(job);
  if (per_file == 0)
    return usage_error(job.name, "ioengine=null needs size= (there is no file to measure)");
  const std::uint64_t offset =
      job.offset + static_cast<std::uint64_t>(jobnum) * job.offset_increment;
  for (const auto& name : thread_file_names(job, jobnum)) {
    auto& t = files_["null:" + name];
    if (!t) {
      t = std::make_unique<TargetFile>();
      t->path = name;
      t->diskless = true;
      t->size = offset + per_file;
    }
    out.push_back(ThreadFile{t.get(), offset, per_file});
  }
  return out;
}

Status TargetSet::invalidate(const std::vector<ThreadFile>& files) {
  for (const auto& f : files) {
    if (f.target->diskless) continue;
    const int fd = ::open(f.target->path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return run_error(f.target->path, "invalidate: " + errno_text(errno));
    // BLKFLSBUF needs CAP_SYS_ADMIN; without it (EACCES) fio goes on with fadvise alone.
    if (f.target->block_device) (void)ioctl(fd, BLKFLSBUF, 0);
    const int rc = posix_fadvise(fd, static_cast<off_t>(f.region_offset),
                                 static_cast<off_t>(f.region_length), POSIX_FADV_DONTNEED);
    ::close(fd);
    if (rc != 0) return run_error(f.target->path, "invalidate: cannot drop the page cache");
  }
  return Ok{};
}

Expected<int> open_target(const TargetFile& target, const fio::JobOptions& job) {
  if (target.diskless) return -1;
  int flags = (job_writes(job) ? O_RDWR : O_RDONLY) | O_CLOEXEC;
  if (!target.named) flags |= O_NOFOLLOW;  // see TargetFile::named
  if (job.direct) flags |= O_DIRECT;
  if (job.sync_io) flags |= O_SYNC;
  const int fd = ::open(target.path.c_str(), flags);
  if (fd >= 0) return fd;
  const int e = errno;
  if (e == EINVAL && job.direct) {
    const auto fs = sysinfo::filesystem_info(target.path);
    const std::string type = fs ? fs.value().fs_type : std::string("this filesystem");
    return run_error(
        target.path,
        fmt::format("{} refuses O_DIRECT (direct=1); use direct=0 or a file on a disk filesystem",
                    type));
  }
  return run_error(target.path, "open: " + errno_text(e));
}

}  // namespace hostmark::io
