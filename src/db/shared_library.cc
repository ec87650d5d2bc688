#include "db/shared_library.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <utility>

namespace hostmark::db {

Expected<SharedLibrary> SharedLibrary::open(const std::vector<std::string>& names,
                                            std::string_view package) {
  std::string last_error;
  for (const auto& n : names) {
    if (void* h = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL)) return SharedLibrary(h, n);
    if (const char* e = dlerror()) last_error = e;
  }
  return run_error(
      names.empty() ? std::string("library") : names.front(),
      fmt::format("cannot load it ({}); install Debian's {} package", last_error, package));
}

SharedLibrary::SharedLibrary(SharedLibrary&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)), name_(std::move(other.name_)) {}

SharedLibrary& SharedLibrary::operator=(SharedLibrary&& other) noexcept {
  if (this != &other) {
    if (handle_ != nullptr) dlclose(handle_);
    handle_ = std::exchange(other.handle_, nullptr);
    name_ = std::move(other.name_);
  }
  return *this;
}

SharedLibrary::~SharedLibrary() {
  if (handle_ != nullptr) dlclose(handle_);
}

void SharedLibrary::pin() const {
  // A second reference with RTLD_NODELETE (RTLD_NOLOAD: the library is already loaded); the
  // handle it returns needs no dlclose.
  dlopen(name_.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

void* SharedLibrary::raw_symbol(const char* name) const {
  dlerror();
  void* p = dlsym(handle_, name);
  if (p == nullptr) throw Failure(run_error(name_, fmt::format("has no symbol '{}'", name)));
  return p;
}

}  // namespace hostmark::db
