#include "sysinfo/filesystem.h"

#include <fmt/format.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>

#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

std::vector<std::string_view> split_spaces(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t pos = 0;
  while (pos <= line.size()) {
    auto sp = line.find(' ', pos);
    if (sp == std::string_view::npos) sp = line.size();
    fields.push_back(line.substr(pos, sp - pos));
    pos = sp + 1;
  }
  return fields;
}

// One line of mountinfo, without its line end (split_lines drops a CRLF's '\r').
std::optional<MountEntry> parse_line(std::string_view line) {
  const auto f = split_spaces(line);
  // id parent maj:min root mount_point options [optional...] - fstype source super_options
  std::size_t dash = 6;
  while (dash < f.size() && f[dash] != "-") ++dash;
  if (f.size() < 6 || dash + 2 >= f.size()) return std::nullopt;
  MountEntry e;
  e.mount_id = std::atoi(std::string(f[0]).c_str());
  e.parent_id = std::atoi(std::string(f[1]).c_str());
  e.major_minor = std::string(f[2]);
  e.root = decode_octal_escapes(f[3]);
  e.mount_point = decode_octal_escapes(f[4]);
  e.mount_options = std::string(f[5]);
  e.fs_type = decode_octal_escapes(f[dash + 1]);
  e.source = decode_octal_escapes(f[dash + 2]);
  e.super_options = dash + 3 < f.size() ? decode_octal_escapes(f[dash + 3]) : "";
  if (e.mount_point.empty() || e.mount_point[0] != '/') return std::nullopt;
  return e;
}

// True when mount point `mp` holds absolute `path` (equal, or a directory prefix of it).
bool holds(std::string_view mp, std::string_view path) {
  if (mp == "/") return !path.empty() && path[0] == '/';
  if (path.size() < mp.size() || path.substr(0, mp.size()) != mp) return false;
  return path.size() == mp.size() || path[mp.size()] == '/';
}

constexpr std::array<std::pair<std::uint64_t, const char*>, 34> kMagics = {{
    {0xEF53, "ext2/ext3/ext4"}, {0x58465342, "xfs"},
    {0x9123683E, "btrfs"},      {0x01021994, "tmpfs"},
    {0x858458F6, "ramfs"},      {0x794C7630, "overlayfs"},
    {0x2FC12FC1, "zfs"},        {0xF2F52010, "f2fs"},
    {0xCA451A4E, "bcachefs"},   {0x6969, "nfs"},
    {0xFF534D42, "cifs"},       {0xFE534D42, "smb2"},
    {0x65735546, "fuse"},       {0x01021997, "9p"},
    {0x00C36400, "ceph"},       {0x73717368, "squashfs"},
    {0xE0F5E1E2, "erofs"},      {0x4D44, "vfat/msdos"},
    {0x2011BAB0, "exfat"},      {0x5346544E, "ntfs"},
    {0x7366746E, "ntfs3"},      {0x9660, "iso9660"},
    {0x15013346, "udf"},        {0x3153464A, "jfs"},
    {0x52654973, "reiserfs"},   {0x9FA0, "proc"},
    {0x62656572, "sysfs"},      {0x1CD1, "devpts"},
    {0x958458F6, "hugetlbfs"},  {0x63677270, "cgroup2"},
    {0x27E0EB, "cgroup"},       {0x64626720, "debugfs"},
    {0x74726163, "tracefs"},    {0x6E736673, "nsfs"},
}};

// Kernel name of the block device with this "major:minor" ("" when it is not a block device).
std::string mount_block_device_name(const std::string& major_minor) {
  if (major_minor.empty() || major_minor.rfind("0:", 0) == 0) return "";  // anonymous devices
  std::error_code ec;
  const auto target = std::filesystem::read_symlink("/sys/dev/block/" + major_minor, ec);
  return ec ? "" : target.filename().string();
}

}  // namespace

std::vector<MountEntry> parse_mountinfo_entries(std::string_view text) {
  std::vector<MountEntry> entries;
  for (const std::string_view line : split_lines(text)) {
    if (auto e = parse_line(line)) entries.push_back(std::move(*e));
  }
  return entries;
}

std::optional<MountEntry> parse_mountinfo(std::string_view text, std::string_view path) {
  std::optional<MountEntry> best;
  for (auto& e : parse_mountinfo_entries(text)) {
    if (!holds(e.mount_point, path)) continue;
    if (!best || e.mount_point.size() >= best->mount_point.size()) best = std::move(e);
  }
  return best;
}

std::string statfs_type_name(std::uint64_t magic) {
  for (const auto& [m, name] : kMagics)
    if (m == magic) return name;
  return fmt::format("unknown (0x{:x})", magic);
}

Expected<FilesystemInfo> filesystem_info(const std::string& path) {
  const auto fail = [&path](int err) {
    return usage_error("'" + path + "'", std::generic_category().message(err));
  };
  if (path.empty()) return fail(ENOENT);
  char resolved[PATH_MAX];
  if (realpath(path.c_str(), resolved) == nullptr) return fail(errno);
  FilesystemInfo fs;
  fs.path = path;
  fs.resolved_path = resolved;

  struct statfs sf {};
  if (statfs(resolved, &sf) != 0) return fail(errno);
  fs.statfs_type = statfs_type_name(static_cast<std::uint64_t>(sf.f_type) & 0xFFFFFFFFu);
  struct statvfs sv {};
  if (statvfs(resolved, &sv) != 0) return fail(errno);
  const std::uint64_t frsize = sv.f_frsize ? sv.f_frsize : sv.f_bsize;
  fs.size_bytes = static_cast<std::uint64_t>(sv.f_blocks) * frsize;
  fs.free_bytes = static_cast<std::uint64_t>(sv.f_bfree) * frsize;
  fs.available_bytes = static_cast<std::uint64_t>(sv.f_bavail) * frsize;
  fs.block_size_bytes = sv.f_bsize;

  fs.fs_type = fs.statfs_type;
  if (const auto m = parse_mountinfo(read_text_file("/proc/self/mountinfo"), fs.resolved_path)) {
    fs.fs_type = m->fs_type;
    fs.mount_point = m->mount_point;
    fs.source = m->source;
    fs.mount_options = m->mount_options;
    fs.super_options = m->super_options;
    fs.block_device = mount_block_device_name(m->major_minor);
  }
  return fs;
}

}  // namespace hostmark::sysinfo
