#include "io/signature_probe.h"

#include <blkid/blkid.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <memory>

namespace hostmark::io {
namespace {

struct ProbeDeleter {
  void operator()(blkid_struct_probe* p) const { blkid_free_probe(p); }
};
using ProbePtr = std::unique_ptr<blkid_struct_probe, ProbeDeleter>;

std::string lookup(blkid_probe pr, const char* name) {
  const char* value = nullptr;
  std::size_t len = 0;
  if (blkid_probe_lookup_value(pr, name, &value, &len) != 0 || value == nullptr) return "";
  // len counts the terminating NUL.
  return std::string(value, len > 0 && value[len - 1] == '\0' ? len - 1 : len);
}

// "an" before words that are spoken with a leading vowel sound: "an ext4", "an xfs",
// "an LVM2_member", "a dos", "a swap", "a btrfs".
const char* article_for(const std::string& word) {
  if (word.empty()) return "a";
  const char c = word[0];
  if (std::strchr("aeiouAEIOU", c) != nullptr) return "an";
  if (c == 'x' && word.size() > 1 && std::strchr("aeiou", word[1]) == nullptr) return "an";
  const bool acronym = word.size() > 1 && (std::isupper(static_cast<unsigned char>(word[1])) ||
                                           std::isdigit(static_cast<unsigned char>(word[1])));
  if (acronym && std::strchr("FHLMNRSX", c) != nullptr) return "an";
  return "a";
}

}  // namespace

Expected<std::optional<Signature>> probe_signature(const std::string& path) {
  errno = 0;
  ProbePtr pr(blkid_new_probe_from_filename(path.c_str()));  // opens O_RDONLY
  if (!pr) {
    return run_error(path, std::string("cannot open for probing: ") +
                               (errno != 0 ? std::strerror(errno) : "blkid failed"));
  }
  blkid_probe_enable_superblocks(pr.get(), 1);
  blkid_probe_set_superblocks_flags(pr.get(), BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE);
  blkid_probe_enable_partitions(pr.get(), 1);
  blkid_probe_set_partitions_flags(pr.get(), 0);
  errno = 0;
  const int rc = blkid_do_safeprobe(pr.get());
  if (rc == 1) return std::optional<Signature>{};
  if (rc == -2) return std::optional<Signature>{Signature{"", "several"}};
  if (rc < 0) {
    return run_error(path, std::string("probing for signatures failed: ") +
                               (errno != 0 ? std::strerror(errno) : "blkid error"));
  }
  if (std::string type = lookup(pr.get(), "TYPE"); !type.empty()) {
    std::string usage = lookup(pr.get(), "USAGE");
    return std::optional<Signature>{Signature{std::move(type), usage.empty() ? "other" : usage}};
  }
  if (std::string pttype = lookup(pr.get(), "PTTYPE"); !pttype.empty()) {
    return std::optional<Signature>{Signature{std::move(pttype), "partition table"}};
  }
  return std::optional<Signature>{Signature{"unknown", "other"}};
}

std::string describe_signature(const Signature& s) {
  if (s.type.empty()) return "several conflicting signatures";
  const std::string a = article_for(s.type);
  if (s.usage == "partition table") return a + " " + s.type + " partition table";
  if (s.usage == "other") return a + " " + s.type + " signature";
  return a + " " + s.type + " " + s.usage + " signature";
}

}  // namespace hostmark::io
