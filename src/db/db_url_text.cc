// The printable side of database URLs: redaction, a canonical display form, and where the
// password comes from when the URL has none.
#include <fmt/format.h>

#include <cctype>
#include <fstream>

#include "db/db_url.h"

namespace hostmark::db {
namespace {

std::string bracketed(const std::string& host) {
  return host.find(':') != std::string::npos ? fmt::format("[{}]", host) : host;
}

// Encodes what would make the display ambiguous ('@', '/', '?', '&', '%', ' ').
std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '@' || c == '/' || c == '?' || c == '&' || c == '%' || c == ' ' || c == '#' ||
        c == ':') {
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

// %XX sequences decoded; a malformed one is kept as it is.
std::string percent_decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string with_query(std::string base, const std::vector<std::string>& params) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    base += i == 0 ? '?' : '&';
    base += params[i];
  }
  return base;
}

}  // namespace

std::string redact_db_url(std::string_view url) {
  std::string out(url);
  const std::size_t scheme_end = out.find("://");
  if (scheme_end == std::string::npos) return out;
  const std::size_t start = scheme_end + 3;
  // The user part ends at the last '@': a password may hold '/', '?', '#' or '@' unencoded
  // (a malformed URL, but its error line must not print it). When an '@' appears only in the
  // query, this hides more than the password: safe, and only for a URL that is already odd.
  const std::size_t at = out.rfind('@');
  if (at != std::string::npos && at >= start) {
    const std::size_t colon = out.find(':', start);
    if (colon < at) out.replace(colon + 1, at - colon - 1, "***");
  }
  // password=... and sslpassword=... query parameters (libpq URIs), whatever their case or
  // percent-encoding.
  for (std::size_t q = out.find('?'); q != std::string::npos; q = out.find('&', q + 1)) {
    const std::size_t key = q + 1;
    const std::size_t eq = out.find('=', key);
    const std::size_t next = std::min(out.find_first_of("&#", key), out.size());
    if (eq == std::string::npos || eq > next) continue;
    std::string name = percent_decoded(std::string_view(out).substr(key, eq - key));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != "password" && name != "sslpassword") continue;
    out.replace(eq + 1, next - eq - 1, "***");
  }
  return out;
}

std::string display_db_url(const ConnectOptions& o) {
  if (o.kind == DriverKind::kSqlite) return "sqlite:" + o.sqlite_path;
  const bool mysql = o.kind == DriverKind::kMysql;
  std::string s = mysql ? "mysql://" : "postgresql://";
  if (!o.user.empty()) s += fmt::format("{}@", escaped(o.user));
  std::vector<std::string> params;
  const bool socket_dir = !mysql && o.host.starts_with('/');
  if (!socket_dir) s += bracketed(o.host);
  if (o.port != 0 && !socket_dir) s += fmt::format(":{}", o.port);
  s += fmt::format("/{}", escaped(o.database));
  if (socket_dir) params.push_back(fmt::format("host={}", o.host));
  if (socket_dir && o.port != 0) params.push_back(fmt::format("port={}", o.port));
  if (mysql && !o.socket.empty()) params.push_back(fmt::format("socket={}", o.socket));
  if (!o.ssl.empty()) params.push_back(fmt::format("{}={}", mysql ? "ssl" : "sslmode", o.ssl));
  return with_query(std::move(s), params);
}

std::string_view password_env_name(DriverKind kind) {
  switch (kind) {
    case DriverKind::kMysql: return "MYSQL_PWD";
    case DriverKind::kPgsql: return "PGPASSWORD";
    case DriverKind::kSqlite: break;
  }
  return "";
}

void resolve_password(DbUrl& url, const std::optional<std::string>& env_password,
                      const std::optional<std::string>& file_password) {
  if (url.password_in_url || url.options.kind == DriverKind::kSqlite) return;
  if (env_password) {
    url.options.password = *env_password;
  } else if (file_password) {
    url.options.password = *file_password;
  }
}

Status read_url_password_file(DbUrl& url) {
  if (url.password_file.empty()) return Ok{};
  auto password = read_password_file(url.password_file);
  if (!password) return usage_error("password_file", password.error().why);
  url.options.password = std::move(password).value();
  url.password_in_url = true;
  return Ok{};
}

Expected<std::string> read_password_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return usage_error("--password-file", fmt::format("cannot read '{}'", path));
  std::string line;
  std::getline(in, line);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

}  // namespace hostmark::db
