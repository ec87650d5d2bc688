#pragma once
// Rows handed to the server by LOAD DATA LOCAL INFILE from memory (libmariadb's local infile
// handler, installed by MysqlConnection with this object as its user data), for
// MysqlConnection::copy_rows. The handler serves only the name it was armed with
// and only while armed: a server that asks for any other "local file" (the classic LOAD DATA
// LOCAL abuse by a hostile server) gets an error, never a file of this machine.
#include <cstddef>
#include <string_view>

namespace hostmark::db {

class LocalRows {
 public:
  // The file name LOAD DATA LOCAL INFILE must use.
  static constexpr const char* kName = "hostmark-rows";

  // Serves `rows` to the next request for kName; disarmed at its end.
  void arm(std::string_view rows) {
    rows_ = rows;
    at_ = 0;
    armed_ = true;
  }
  void disarm() { armed_ = false; }

  // libmariadb's callbacks (public for the tests): init answers 0 to serve, non-zero to refuse.
  static int init(void** state, const char* filename, void* self);
  static int read(void* state, char* buf, unsigned int len);
  static void end(void* state);
  static int error(void* state, char* message, unsigned int len);

 private:
  std::string_view rows_;
  std::size_t at_ = 0;
  bool armed_ = false;
};

}  // namespace hostmark::db
