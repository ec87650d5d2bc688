#pragma once
// The SQLite database of `hostmark record`: one row per sample (raw counters, not rates) and
// one row per block device and per top I/O process of each sample. Each sample is written in one
// transaction (WAL, synchronous=NORMAL), so a recorder killed at any moment, SIGKILL included,
// loses at most the sample in flight and never leaves a half-written one; readers may read while it
// records.
#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "monitor/host_sample.h"

namespace hostmark::monitor {

class RecordStore {
 public:
  // Opens (creating the file, its directory and the schema when missing) the store at `path`.
  // Throws Failure naming the path when it cannot be opened or is not a record database.
  static RecordStore open(const std::string& path);
  // Opens an existing store read-only (nothing is written to it); Failure naming the path when
  // it does not exist or is not a record database.
  static RecordStore open_read_only(const std::string& path);

  RecordStore(RecordStore&&) noexcept = default;
  RecordStore& operator=(RecordStore&&) noexcept = default;
  ~RecordStore();

  void append(const HostSample& sample);
  // Removes the samples older than `time_ns`; returns how many.
  std::uint64_t prune_before(std::int64_t time_ns);
  // Calls `f` with each sample whose time is in [from_ns, to_ns], in the order they were
  // written (a wall clock stepped back does not interleave them), one at a time
  // (a week of 1 s samples is never held in memory at once).
  void for_each(std::int64_t from_ns, std::int64_t to_ns,
                const std::function<void(const HostSample&)>& f) const;
  std::uint64_t count() const;
  // Every device name any sample has, sorted.
  std::vector<std::string> disk_names() const;

 private:
  struct Closer {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
  };
  RecordStore(std::unique_ptr<sqlite3, Closer> db, std::string path)
      : db_(std::move(db)), path_(std::move(path)) {}
  void exec(const char* sql) const;
  // The meta table's schema version; Failure naming the path unless it is 1 or 2 (version 1
  // files, before top processes, are read as they are and upgraded when opened to record).
  int check_schema() const;
  void read_processes(std::int64_t sample_id, HostSample& sample) const;

  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
  int schema_version_ = 0;
};

// $XDG_STATE_HOME/hostmark/record.db, else ~/.local/state/hostmark/record.db, from the given
// environment values ("" when unset).
std::string default_record_path(const std::string& xdg_state_home, const std::string& home);
// The same for this process's environment.
std::string default_record_path();

}  // namespace hostmark::monitor
