#pragma once
// A shared library opened at run time (dlopen), so `hostmark` starts without loading the
// MariaDB and PostgreSQL client libraries (~6 ms per start-up when linked) and runs on a host
// that lacks them until a database command needs one. Symbols are typed from the library's own
// header: `auto f = lib.symbol<decltype(mysql_init)>("mysql_init");`.
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace hostmark::db {

class SharedLibrary {
 public:
  // Tries each name in turn ("libmariadb.so.3", ...). The error names the library and says
  // which Debian package provides it (`package`).
  static Expected<SharedLibrary> open(const std::vector<std::string>& names,
                                      std::string_view package);
  SharedLibrary(SharedLibrary&& other) noexcept;
  SharedLibrary& operator=(SharedLibrary&& other) noexcept;
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;
  ~SharedLibrary();

  // The named function; Failure (run error naming the symbol) when the library lacks it.
  template <class F>
  F* symbol(const char* name) const {
    return reinterpret_cast<F*>(raw_symbol(name));
  }
  const std::string& name() const { return name_; }

  // Keeps the library mapped until the process ends, whatever this object does: unloading a
  // client library drops what its once-per-process initialisation allocated (charsets, OpenSSL
  // state: LeakSanitizer reports them) and runs that initialisation again on the next load.
  void pin() const;

 private:
  SharedLibrary(void* handle, std::string name) : handle_(handle), name_(std::move(name)) {}
  void* raw_symbol(const char* name) const;

  void* handle_ = nullptr;
  std::string name_;
};

}  // namespace hostmark::db
