// LocalRows: LOAD DATA LOCAL INFILE served from memory, and only the rows it was armed with.
#include "db/mysql_local_rows.h"

#include <gtest/gtest.h>

#include <string>

namespace hostmark::db {
namespace {

std::string read_rows(void* state) {
  std::string got;
  char buf[4];
  int n = 0;
  while ((n = LocalRows::read(state, buf, sizeof buf)) > 0)
    got.append(buf, static_cast<std::size_t>(n));
  return got;
}

TEST(LocalRows, ServesTheArmedRowsInPiecesThenEnds) {
  LocalRows rows;
  rows.arm("1\tab\n2\tcd\n");
  void* state = nullptr;
  ASSERT_EQ(LocalRows::init(&state, LocalRows::kName, &rows), 0);
  EXPECT_EQ(read_rows(state), "1\tab\n2\tcd\n");
  LocalRows::end(state);
  // Disarmed by the end of the request: a second request for the same name is refused.
  EXPECT_NE(LocalRows::init(&state, LocalRows::kName, &rows), 0);
}

TEST(LocalRows, RefusesAnyOtherFileAndWhenNotArmed) {
  LocalRows rows;
  void* state = nullptr;
  EXPECT_NE(LocalRows::init(&state, LocalRows::kName, &rows), 0);  // nothing armed
  rows.arm("x\n");
  EXPECT_NE(LocalRows::init(&state, "/etc/passwd", &rows), 0);  // a hostile server's request
  EXPECT_NE(LocalRows::init(&state, nullptr, &rows), 0);
  char message[64];
  EXPECT_NE(LocalRows::error(state, message, sizeof message), 0);
  EXPECT_NE(std::string(message).find("no local file"), std::string::npos);
}

}  // namespace
}  // namespace hostmark::db
