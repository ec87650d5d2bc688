#pragma once
// An output file that is replaced in one step: written to a temporary file next to it, made
// durable (fsync), then renamed over it (and the directory fsynced). A reader, a crash, a full
// disk or an error half-way never sees or leaves a half-written file: either the old content or
// the whole new one.
//
// Targets that are not regular files are written in place, as they are: character and block
// devices (/dev/null, a terminal), FIFOs, sockets, and anything reached through /proc
// (/dev/stdout is /proc/self/fd/1), since renaming over those would replace the device node or
// detach the output from the descriptor the shell redirected. A missing name under /dev (not
// /dev/shm) is an error, never a regular file created among the devices.
#include <memory>
#include <ostream>
#include <string>

#include "core/error.h"
#include "output/fd_streambuf.h"

namespace hostmark {

class AtomicFile {
 public:
  // Starts replacing `path` (a symbolic link is followed to the file it names; the link stays).
  // The temporary file is made in the same directory, with the mode and owner of the file it
  // replaces (or 0666 less the umask): unnamed (O_TMPFILE) where the filesystem allows, so a
  // process killed with SIGKILL leaves nothing behind, else ".<name>.hostmark-XXXXXXXX" made
  // with O_CREAT|O_EXCL (never through a planted link). Run error naming `path` when it cannot
  // be created (no such directory, permission denied, read-only filesystem).
  static Expected<std::unique_ptr<AtomicFile>> create(const std::string& path);

  // Without a successful commit(): the temporary file is removed and `path` is untouched.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return stream_; }

  // Flushes, fsyncs and renames the temporary file over `path`, then fsyncs the directory.
  // On failure (a write failed: ENOSPC, EFBIG, EIO...; fsync or rename failed): a run error
  // "<path>: <why>", the temporary file removed and `path` as it was. For in-place targets:
  // flushes and reports a failed write the same way. Call once.
  Status commit();

  const std::string& path() const { return path_; }

 private:
  enum class Mode { kInPlace, kUnnamed, kNamed };
  AtomicFile(int fd, Mode mode, std::string path, std::string target, std::string temp);
  void discard();
  // Gives the unnamed temporary file a name next to the target (temp_); errno text on failure.
  std::string link_unnamed();

  Mode mode_;
  std::string path_;    // as the user named it (for messages)
  std::string target_;  // the file renamed over: `path` with symbolic links followed
  std::string temp_;    // the named temporary file; "" while unnamed or in place
  int fd_ = -1;
  FdStreamBuf buf_;
  std::ostream stream_;
};

}  // namespace hostmark
