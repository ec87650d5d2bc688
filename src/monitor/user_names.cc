#include "monitor/user_names.h"

#include <charconv>

#include "monitor/proc_file.h"

namespace hostmark::monitor {

UserNames UserNames::parse(std::string_view text) {
  UserNames users;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    const auto c1 = line.find(':');
    if (c1 == std::string_view::npos || c1 == 0) continue;
    const auto c2 = line.find(':', c1 + 1);
    if (c2 == std::string_view::npos) continue;
    const auto c3 = line.find(':', c2 + 1);
    const std::string_view uid_text = line.substr(c2 + 1, c3 - c2 - 1);
    unsigned uid = 0;
    const auto [p, ec] = std::from_chars(uid_text.data(), uid_text.data() + uid_text.size(), uid);
    if (ec != std::errc{} || p != uid_text.data() + uid_text.size()) continue;
    users.names_.emplace(uid, std::string(line.substr(0, c1)));  // the first entry wins
  }
  return users;
}

UserNames UserNames::load(const std::string& root) {
  std::string text;
  if (read_proc_text(root + "/etc/passwd", text) != 0) return {};
  return parse(text);
}

std::string UserNames::name(unsigned uid) const {
  const auto it = names_.find(uid);
  return it != names_.end() ? it->second : std::to_string(uid);
}

}  // namespace hostmark::monitor
