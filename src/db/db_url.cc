#include "db/db_url.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace hostmark::db {
namespace {

// A parse failure inside this file; parse_db_url turns it into the usage error naming the URL.
struct UrlProblem {
  std::string why;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s, std::string_view part) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size() || hex_value(s[i + 1]) < 0 || hex_value(s[i + 2]) < 0)
      throw UrlProblem{fmt::format("bad percent-encoding in the {}", part)};
    out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
    i += 2;
  }
  return out;
}

// `why` with each '...' value that the redacted URL `shown` does not hold replaced by '***':
// in a URL that held a password, a value the parser quotes may be a piece of it (a password
// with an unencoded '/' is parsed as a port or a database name).
std::string without_hidden_values(const std::string& why, std::string_view shown) {
  std::string out;
  std::size_t i = 0;
  while (i < why.size()) {
    const std::size_t open = why.find('\'', i);
    const std::size_t close = open == std::string::npos ? open : why.find('\'', open + 1);
    if (close == std::string::npos) break;
    const std::string_view value = std::string_view(why).substr(open + 1, close - open - 1);
    out.append(why, i, open + 1 - i);
    out += shown.find(value) == std::string_view::npos ? "***" : value;
    out += '\'';
    i = close + 1;
  }
  out.append(why, std::min(i, why.size()));
  return out;
}

unsigned parse_port(std::string_view s) {
  unsigned port = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), port);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || port == 0 || port > 65535)
    throw UrlProblem{fmt::format("port '{}' is not a number from 1 to 65535", s)};
  return port;
}

// "on", "off", or libmariadb's SSL mode names in upper case; --mysql-ssl's spellings.
std::string mysql_ssl(std::string_view value) {
  std::string v = lower(value);
  std::replace(v.begin(), v.end(), '-', '_');
  if (v == "off" || v == "disabled" || v == "false" || v == "0") return "off";
  if (v == "on" || v == "true" || v == "1") return "on";
  for (const char* mode : {"preferred", "required", "verify_ca", "verify_identity"}) {
    if (v == mode) {
      std::string upper = v;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return upper;
    }
  }
  throw UrlProblem{fmt::format(
      "ssl '{}' is not one of off, on, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY", value)};
}

std::string pgsql_sslmode(std::string_view value) {
  const std::string v = lower(value);
  for (const char* mode : {"disable", "allow", "prefer", "require", "verify-ca", "verify-full"})
    if (v == mode) return v;
  throw UrlProblem{fmt::format(
      "sslmode '{}' is not one of disable, allow, prefer, require, verify-ca, verify-full", value)};
}

// Sets `field` from a query parameter, refusing a value the URL already gave elsewhere.
void set_once(std::string& field, std::string value, std::string_view name) {
  if (!field.empty()) throw UrlProblem{fmt::format("{} is given twice", name)};
  field = std::move(value);
}

DbUrl parse_sqlite(std::string_view rest) {
  std::string_view path = rest;
  if (rest.starts_with("//")) {
    const std::size_t slash = rest.find('/', 2);
    const std::string_view host =
        rest.substr(2, slash == std::string_view::npos ? slash : slash - 2);
    if (!host.empty() && host != "localhost")
      throw UrlProblem{fmt::format("a sqlite URL has no host ('{}'): write sqlite:PATH", host)};
    path = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
  }
  if (path.find_first_of("?#") != std::string_view::npos)
    throw UrlProblem{"a sqlite URL takes no parameters (percent-encode '?' and '#' in names)"};
  DbUrl url;
  url.options.kind = DriverKind::kSqlite;
  url.options.sqlite_path = percent_decode(path, "path");
  if (url.options.sqlite_path.empty())
    throw UrlProblem{"no database file: write sqlite:PATH or sqlite:///absolute/path"};
  if (url.options.sqlite_path == ":memory:" || url.options.sqlite_path.starts_with("file:"))
    throw UrlProblem{
        "give a file path: each connection would see its own in-memory database (use /dev/shm "
        "for a file in memory)"};
  return url;
}

// host[:port] or [v6]:port, percent-decoded host.
void parse_host_port(std::string_view hostport, ConnectOptions& o) {
  std::string_view host = hostport;
  std::string_view port;
  if (hostport.starts_with('[')) {
    const std::size_t close = hostport.find(']');
    if (close == std::string_view::npos) throw UrlProblem{"'[' of an IPv6 address is not closed"};
    host = hostport.substr(1, close - 1);
    const std::string_view after = hostport.substr(close + 1);
    if (!after.empty() && !after.starts_with(':'))
      throw UrlProblem{fmt::format("unexpected '{}' after the IPv6 address", after)};
    if (!after.empty()) port = after.substr(1);
    if (host.empty()) throw UrlProblem{"empty IPv6 address '[]'"};
  } else {
    const std::size_t colon = hostport.find(':');
    if (colon != std::string_view::npos) {
      if (hostport.find(':', colon + 1) != std::string_view::npos)
        throw UrlProblem{"write an IPv6 address in brackets: [::1]:5432"};
      host = hostport.substr(0, colon);
      port = hostport.substr(colon + 1);
      if (port.empty()) throw UrlProblem{"':' is not followed by a port"};
    }
    if (host.find(',') != std::string_view::npos)
      throw UrlProblem{"several hosts are not supported: give one"};
  }
  o.host = percent_decode(host, "host");
  if (!port.empty()) o.port = parse_port(port);
}

void parse_query(std::string_view query, DbUrl& url) {
  ConnectOptions& o = url.options;
  const bool mysql = o.kind == DriverKind::kMysql;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const std::string key = lower(percent_decode(pair.substr(0, eq), "parameter name"));
    const std::string value = eq == std::string_view::npos
                                  ? std::string()
                                  : percent_decode(pair.substr(eq + 1), "parameter " + key);
    if (mysql && key == "socket") {
      o.socket = value;
    } else if (mysql &&
               (key == "ssl" || key == "ssl-mode" || key == "ssl_mode" || key == "sslmode")) {
      o.ssl = mysql_ssl(value);
    } else if (!mysql && key == "sslmode") {
      o.ssl = pgsql_sslmode(value);
    } else if (!mysql && key == "host") {
      set_once(o.host, value, "the host");
    } else if (!mysql && key == "port") {
      if (o.port != 0) throw UrlProblem{"the port is given twice"};
      o.port = parse_port(value);
    } else if (!mysql && key == "user") {
      set_once(o.user, value, "the user");
    } else if (key == "password_file") {
      if (url.password_in_url || !url.password_file.empty())
        throw UrlProblem{"the password is given twice"};
      if (value.empty()) throw UrlProblem{"password_file= names no file"};
      url.password_file = value;
    } else if (!mysql && key == "password") {
      if (url.password_in_url || !url.password_file.empty())
        throw UrlProblem{"the password is given twice"};
      o.password = value;
      url.password_in_url = true;
    } else if (!mysql && key == "dbname") {
      set_once(o.database, value, "the database");
    } else {
      throw UrlProblem{fmt::format(
          "unknown parameter '{}' ({} URLs take {})", key, mysql ? "mysql" : "postgresql",
          mysql ? "socket=, ssl= and password_file="
                : "host=, port=, user=, password=, password_file=, dbname=, sslmode=")};
    }
  }
}

DbUrl parse_server(std::string_view scheme, std::string_view rest, DriverKind kind) {
  if (!rest.starts_with("//"))
    throw UrlProblem{fmt::format("write {}://[user[:password]@]host[:port]/database", scheme)};
  rest.remove_prefix(2);
  if (rest.find('#') != std::string_view::npos) throw UrlProblem{"a '#' fragment is not allowed"};
  const std::size_t q = rest.find('?');
  const std::string_view query =
      q == std::string_view::npos ? std::string_view() : rest.substr(q + 1);
  rest = rest.substr(0, q);
  const std::size_t slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  const std::string_view path =
      slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);

  DbUrl url;
  url.options.kind = kind;
  ConnectOptions& o = url.options;
  const std::size_t at = authority.rfind('@');
  if (at != std::string_view::npos) {
    const std::string_view userinfo = authority.substr(0, at);
    const std::size_t colon = userinfo.find(':');
    o.user = percent_decode(userinfo.substr(0, colon), "user");
    if (colon != std::string_view::npos) {
      o.password = percent_decode(userinfo.substr(colon + 1), "password");
      url.password_in_url = true;
    }
  }
  parse_host_port(at == std::string_view::npos ? authority : authority.substr(at + 1), o);
  o.database = percent_decode(path, "database");
  if (o.database.find('/') != std::string::npos)
    throw UrlProblem{fmt::format("database '{}' holds a '/'", o.database)};
  parse_query(query, url);
  if (url.password_in_url && !url.password_file.empty())
    throw UrlProblem{"the password is given twice"};
  if (kind == DriverKind::kMysql) {
    if (o.database.empty()) throw UrlProblem{"no database: write mysql://user@host/DATABASE"};
    if (!o.socket.empty() && o.host.empty()) o.host = "localhost";
  }
  return url;
}

}  // namespace

Expected<DbUrl> parse_db_url(std::string_view text) {
  const std::string what = text.empty() ? "URL ''" : redact_db_url(text);
  try {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos)
      throw UrlProblem{
          "not a database URL: write sqlite:PATH, mysql://user@host/db or "
          "postgresql://user@host/db"};
    const std::string scheme = lower(text.substr(0, colon));
    const std::string_view rest = text.substr(colon + 1);
    if (scheme == "sqlite" || scheme == "sqlite3") return parse_sqlite(rest);
    if (scheme == "mysql" || scheme == "mariadb")
      return parse_server(scheme, rest, DriverKind::kMysql);
    if (scheme == "postgresql" || scheme == "postgres")
      return parse_server(scheme, rest, DriverKind::kPgsql);
    throw UrlProblem{fmt::format(
        "unknown scheme '{}' (sqlite:, mysql://, mariadb://, postgresql://, postgres://)", scheme)};
  } catch (const UrlProblem& p) {
    return usage_error(what, what == text ? p.why : without_hidden_values(p.why, what));
  }
}

}  // namespace hostmark::db
