#pragma once
// The files and devices of a `hostmark fio` run: naming (filename=, filename_format, directory),
// sizing (size, nrfiles, filesize, size=%), laying out missing files, dropping their page cache
// (invalidate) and removing files at the end: as fio, a job's files stay unless unlink=1 (or
// unlink_each_loop=1), which removes its regular files, laid out or not; hostmark's own commands
// may also ask for the files the run created to be removed (CreatedFiles::kRemove).
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark::io {

struct TargetFile {
  std::string path;
  std::uint64_t size = 0;  // bytes now (device size for block devices)
  bool block_device = false;
  bool created = false;   // by hostmark, this run
  bool unlink = false;    // a job using it has unlink=1 or unlink_each_loop=1 (regular files only)
  dev_t device = 0;       // the device holding it (st_dev, or st_rdev for a block device)
  bool diskless = false;  // ioengine=null: nothing is created or opened
  // Named by the user (filename=): a symbolic link there is followed, as fio does (by-id links
  // to devices). A name hostmark made (directory= and filename_format) is never followed: a
  // link planted there is refused, so a job cannot be pointed at a file outside its directory.
  bool named = false;
};

// One file as a job thread sees it: which target, and the part of it the thread addresses.
struct ThreadFile {
  const TargetFile* target = nullptr;
  std::uint64_t region_offset = 0;
  std::uint64_t region_length = 0;
};

// The file names of thread `jobnum` of `job`: filename= entries (shared by all threads), or
// filename_format expanded ($jobname, $jobnum, $filenum) nrfiles times; directory= prefixed.
std::vector<std::string> thread_file_names(const fio::JobOptions& job, int jobnum);

// What happens to the files a run created, beyond what unlink= asks: fio keeps them (kKeep);
// hostmark's own commands that lay out scratch files through the fio engine remove them.
enum class CreatedFiles { kKeep, kRemove };

class TargetSet {
 public:
  explicit TargetSet(CreatedFiles created = CreatedFiles::kKeep) : created_policy_(created) {}
  ~TargetSet();  // removes what remove_finished() would
  TargetSet(const TargetSet&) = delete;
  TargetSet& operator=(const TargetSet&) = delete;

  // Makes the files of thread `jobnum` ready: existing ones are measured, missing ones created
  // (O_CREAT|O_EXCL: never through a link planted at the name) and laid out (written in full when
  // the job reads them, as fio does; else allocated), and regions computed from
  // size/offset/offset_increment. Layout messages go to `log`. On failure: a run error naming the
  // file ("fio_test: no size= given and the file does not exist"). `stop_requested` is polled
  // between layout chunks: when it says yes, the layout ends with a run error "interrupted while
  // laying out" (a file created for it and partly laid out is removed).
  Expected<std::vector<ThreadFile>> prepare_thread(
      const fio::JobOptions& job, int jobnum, std::ostream& log,
      const std::function<bool()>& stop_requested = {});

  // For ioengine=null: the files exist only as sizes (fio's diskless engines); nothing on disk.
  Expected<std::vector<ThreadFile>> diskless_thread(const fio::JobOptions& job, int jobnum);

  // Drops the page cache of every file of `files` (invalidate=1). Returns a note per file.
  static Status invalidate(const std::vector<ThreadFile>& files);

  // Removes the files of unlink=1 jobs, and the files the run created when constructed with
  // CreatedFiles::kRemove; returns the paths it could not remove.
  std::vector<std::string> remove_finished();
  std::vector<const TargetFile*> all() const;

 private:
  Expected<const TargetFile*> ensure(const std::string& path, std::uint64_t wanted_bytes,
                                     const fio::JobOptions& job, std::ostream& log,
                                     const std::function<bool()>& stop_requested);
  std::map<std::string, std::unique_ptr<TargetFile>> files_;
  CreatedFiles created_policy_;
};

// Opens a target for one thread with the job's flags (O_DIRECT, O_SYNC, read-only when the job
// does not write); -1 for a diskless target. On O_DIRECT refusal: a run error saying the
// filesystem does not support it.
Expected<int> open_target(const TargetFile& target, const fio::JobOptions& job);

// Whether the job's rw writes or trims.
bool job_writes(const fio::JobOptions& job);

}  // namespace hostmark::io
