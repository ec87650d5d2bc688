#pragma once
// uid -> user name from a passwd file (root/etc/passwd), read once: no NSS, so fixture trees
// and a statically linked program work alike. Users that only a directory service knows show
// as their number, as ps does for unknown uids.
#include <string>
#include <string_view>
#include <unordered_map>

namespace hostmark::monitor {

class UserNames {
 public:
  UserNames() = default;
  // From passwd(5) text: "name:x:uid:gid:...", one user a line; malformed lines are skipped.
  static UserNames parse(std::string_view passwd_text);
  // Reads root/etc/passwd (no users when it cannot be read).
  static UserNames load(const std::string& root);

  // The name of `uid`, or its decimal number when unknown.
  std::string name(unsigned uid) const;

 private:
  std::unordered_map<unsigned, std::string> names_;
};

}  // namespace hostmark::monitor
