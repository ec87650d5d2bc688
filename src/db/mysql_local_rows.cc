#include "db/mysql_local_rows.h"

#include <algorithm>
#include <cstring>

namespace hostmark::db {

int LocalRows::init(void** state, const char* filename, void* self) {
  auto* rows = static_cast<LocalRows*>(self);
  *state = rows;
  const bool serve = rows->armed_ && filename != nullptr && std::strcmp(filename, kName) == 0;
  return serve ? 0 : 1;
}

int LocalRows::read(void* state, char* buf, unsigned int len) {
  auto* rows = static_cast<LocalRows*>(state);
  const std::size_t n = std::min<std::size_t>(len, rows->rows_.size() - rows->at_);
  std::memcpy(buf, rows->rows_.data() + rows->at_, n);
  rows->at_ += n;
  return static_cast<int>(n);
}

void LocalRows::end(void* state) {
  if (state != nullptr) static_cast<LocalRows*>(state)->armed_ = false;
}

int LocalRows::error(void* state, char* message, unsigned int len) {
  const char* text = "hostmark serves no local file but its own rows";
  if (len > 0) {
    std::strncpy(message, text, len - 1);
    message[len - 1] = '\0';
  }
  (void)state;
  return 2000;  // CR_UNKNOWN_ERROR
}

}  // namespace hostmark::db
