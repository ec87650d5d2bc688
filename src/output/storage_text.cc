#include "output/storage_text.h"

#include <fmt/format.h>

#include <string>

#include "cli/units.h"

namespace hostmark {

void write_storage_header(const StorageTarget& t, std::ostream& out) {
  if (!t.disk.empty()) {
    std::string line = t.disk;
    if (!t.model.empty()) line += fmt::format(" \"{}\"", t.model);
    if (!t.driver.empty()) line += fmt::format(" ({})", t.driver);
    if (t.disk_size_bytes != 0) line += ", " + format_bytes_binary(t.disk_size_bytes);
    line += t.rotational ? ", rotational" : ", non-rotational";
    if (!t.scheduler.empty()) line += ", scheduler " + t.scheduler;
    if (!t.write_cache.empty()) line += ", " + t.write_cache + " cache";
    if (t.virtual_disk) line += ", virtual disk";
    if (!t.backing_file.empty()) line += ", backed by " + t.backing_file;
    out << fmt::format("{:<13}{}\n", "Device:", line);
  }
  if (!t.fs_type.empty()) {
    std::string line = t.fs_type;
    if (!t.device.empty()) line += " on /dev/" + t.device;
    if (!t.mount_point.empty()) line += " at " + t.mount_point;
    if (!t.mount_options.empty()) line += " (" + t.mount_options + ")";
    out << fmt::format("{:<13}{}\n", "Filesystem:", line);
  }
}

void write_storage_warnings(const StorageTarget& t, std::ostream& out) {
  for (const auto& w : t.warnings) out << "warning: " << w.text << '\n';
}

}  // namespace hostmark
