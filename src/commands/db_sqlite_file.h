#pragma once
// The SQLite file of a `hostmark db` run (or the suite's db step): a temporary one in a fresh
// directory, or the user's own, and the storage it lies on.
#include <cstdint>
#include <string>

#include "results/result.h"

namespace hostmark {

class SqliteRunFile {
 public:
  // `path` empty: a new directory hostmark-sqlite.XXXXXX under `temp_parent` holding hostmark.db
  // (Failure, run error naming the directory, when it cannot be made). Otherwise the user's
  // file, removed at the end only when it did not exist before the run.
  SqliteRunFile(const std::string& path, const std::string& temp_parent);
  ~SqliteRunFile() { remove(); }
  SqliteRunFile(const SqliteRunFile&) = delete;
  SqliteRunFile& operator=(const SqliteRunFile&) = delete;

  const std::string& path() const { return path_; }
  bool temporary() const { return !temp_dir_.empty(); }
  // Bytes of the database with its -wal file, now.
  std::uint64_t bytes() const;
  // Removes what the run created (the file with its -wal/-shm, the temporary directory).
  // Idempotent and noexcept: also called just before a second Ctrl-C ends the process.
  void remove() noexcept;

 private:
  std::string path_;
  std::string temp_dir_;
  bool remove_file_ = false;
};

// Where `hostmark db` makes its temporary SQLite directory: $TMPDIR when set and not empty,
// else /var/tmp (a disk filesystem on most hosts, where /tmp is often tmpfs).
std::string sqlite_temp_parent();

// The storage under the database file `path` with the warnings that matter to a database
// (tmpfs, network filesystem, loop device, virtual disk, volatile write cache); the page-cache
// warnings of raw I/O tests do not apply (a database reads through its cache on purpose).
StorageTarget sqlite_storage(const std::string& path, const Context& context);

}  // namespace hostmark
