#pragma once
// Database URLs of `hostmark db` -> db::ConnectOptions. Pure: no environment, no files.
//
//   sqlite:PATH                  a file (relative or absolute); sqlite:///abs/path too
//   mysql://[user[:password]@][host][:port]/database[?socket=/path&ssl=REQUIRED]
//   mariadb://...                the same
//   postgresql://[user[:password]@][host][:port][/database][?host=/run/postgresql&sslmode=...]
//   postgres://...               the same (libpq's URI conventions: the host may be a socket
//                                directory, given percent-encoded or as ?host=; ?port=, ?user=,
//                                ?password=, ?dbname= are accepted too)
// Every part is percent-decoded; an IPv6 host is written in brackets: mysql://u@[::1]:3306/db.
// Both server schemes take ?password_file=PATH: the password is that file's first line, so it
// never appears in a command line, a shell history or `ps`.
// The password comes from the URL (user:password@, ?password=, ?password_file=), else from
// MYSQL_PWD / PGPASSWORD, else from --password-file (resolve_password); with none, libpq still
// reads ~/.pgpass (PGPASSFILE) itself.
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "db/db_driver.h"

namespace hostmark::db {

struct DbUrl {
  ConnectOptions options;
  bool password_in_url = false;  // the URL itself held a password (even an empty one)
  std::string password_file;     // ?password_file=PATH: read by read_url_password_file
};

// Parses `url`. A bad URL is one usage error naming the URL (its password redacted) and the
// reason: "URL 'mysql://u@h:99999/db': port '99999' is not a number from 1 to 65535".
Expected<DbUrl> parse_db_url(std::string_view url);

// `url` with the password of its user part replaced by "***" (the text unchanged otherwise);
// safe to print even when the URL does not parse.
std::string redact_db_url(std::string_view url);

// A canonical URL for display, without the password: "mysql://sbtest@127.0.0.1:3306/sbtest",
// "postgresql://sbtest@/sbtest?host=/run/postgresql", "sqlite:/var/tmp/x.db".
std::string display_db_url(const ConnectOptions& options);

// The environment variable that holds the password of `kind`'s servers ("MYSQL_PWD",
// "PGPASSWORD"; "" for sqlite).
std::string_view password_env_name(DriverKind kind);

// Applies the password rule to `url`: the URL's own, else `env_password` (the value of
// password_env_name(kind), nullopt when unset), else `file_password` (the first line of
// --password-file, nullopt when not given). Leaves it empty otherwise.
void resolve_password(DbUrl& url, const std::optional<std::string>& env_password,
                      const std::optional<std::string>& file_password);

// Reads the URL's ?password_file= (when given) into its password, as if the URL held it.
// Usage error "password_file: cannot read '<path>'" when it cannot be read.
Status read_url_password_file(DbUrl& url);

// The password in `path`: its first line without the line end. Fails (usage error naming the
// file) when it cannot be read.
Expected<std::string> read_password_file(const std::string& path);

}  // namespace hostmark::db
