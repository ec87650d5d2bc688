#include "commands/db_sqlite_file.h"

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/error.h"
#include "storage/storage_context.h"

namespace hostmark {

namespace fs = std::filesystem;

SqliteRunFile::SqliteRunFile(const std::string& path, const std::string& temp_parent) {
  if (!path.empty()) {
    path_ = path;
    std::error_code ec;
    remove_file_ = !fs::exists(path_, ec);
    return;
  }
  std::string dir = temp_parent + "/hostmark-sqlite.XXXXXX";
  if (mkdtemp(dir.data()) == nullptr)
    throw Failure(run_error(temp_parent, "cannot make a directory for the SQLite database"));
  temp_dir_ = dir;
  path_ = dir + "/hostmark.db";
  remove_file_ = true;
}

std::uint64_t SqliteRunFile::bytes() const {
  std::uint64_t total = 0;
  for (const std::string& p : {path_, path_ + "-wal"}) {
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    if (!ec) total += size;
  }
  return total;
}

void SqliteRunFile::remove() noexcept {
  std::error_code ec;
  if (remove_file_) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path_ + suffix, ec);
    remove_file_ = false;
  }
  if (!temp_dir_.empty()) {
    fs::remove_all(temp_dir_, ec);
    temp_dir_.clear();
  }
}

std::string sqlite_temp_parent() {
  const char* dir = std::getenv("TMPDIR");
  return dir == nullptr || *dir == '\0' ? "/var/tmp" : dir;
}

StorageTarget sqlite_storage(const std::string& path, const Context& context) {
  StorageTarget target = storage::describe_storage(path).value();
  storage::MeasureFacts facts;
  facts.reads = true;
  facts.writes = true;
  const bool in_vm = !context.virtualization.empty() && context.virtualization != "none";
  auto warnings = storage::storage_warnings(target, facts, context.memory_bytes, in_vm);
  std::erase_if(warnings, [](const StorageWarning& w) {
    return w.kind == StorageWarningKind::kBufferedIo ||
           w.kind == StorageWarningKind::kPageCacheNotDropped ||
           w.kind == StorageWarningKind::kFileSmallerThanRam ||
           w.kind == StorageWarningKind::kReadFromPageCache;
  });
  target.warnings = std::move(warnings);
  return target;
}

}  // namespace hostmark
