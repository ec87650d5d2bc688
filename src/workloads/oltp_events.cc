// The statements of one event of each OLTP workload, as sysbench 1.0.20's scripts send them:
// each group (point selects, each kind of range, updates, delete/inserts) picks one table
// uniformly and its ids with --rand-type; every statement is counted by what it returned.
#include <fmt/format.h>

#include "workloads/oltp_worker.h"

namespace hostmark::oltp_detail {
namespace {

using db::Param;

constexpr std::size_t kBulkStatementBytes = 512 * 1024;  // sysbench's bulk insert buffer

std::string_view view(const auto& chars) { return {chars.data(), chars.size()}; }

}  // namespace

void Worker::point_selects() {
  const int t = table();
  for (std::uint64_t i = 0; i < spec_.point_selects; ++i) {
    const Param p[] = {id()};
    run(*stmts_[t - 1][kPoint], p);
  }
}

void Worker::ranges(Stmt kind, std::uint64_t repeat) {
  const int t = table();
  for (std::uint64_t i = 0; i < repeat; ++i) {
    const std::int64_t from = id();
    const Param p[] = {from, from + static_cast<std::int64_t>(spec_.range_size) - 1};
    run(*stmts_[t - 1][kind], p);
  }
}

void Worker::index_updates() {
  const int t = table();
  for (std::uint64_t i = 0; i < spec_.index_updates; ++i) {
    const Param p[] = {id()};
    run(*stmts_[t - 1][kIndexUpdate], p);
  }
}

void Worker::non_index_updates() {
  const int t = table();
  for (std::uint64_t i = 0; i < spec_.non_index_updates; ++i) {
    oltp_sql::fill_digit_groups(rng_, c_.data(), c_.size());
    const Param p[] = {view(c_), id()};
    run(*stmts_[t - 1][kNonIndexUpdate], p);
  }
}

void Worker::delete_inserts() {
  const int t = table();
  for (std::uint64_t i = 0; i < spec_.delete_inserts; ++i) {
    const std::int64_t row = id();
    const std::int64_t k = id();
    oltp_sql::fill_digit_groups(rng_, c_.data(), c_.size());
    oltp_sql::fill_digit_groups(rng_, pad_.data(), pad_.size());
    const Param del[] = {row};
    run(*stmts_[t - 1][kDelete], del);
    const Param ins[] = {row, k, view(c_), view(pad_)};
    run(*stmts_[t - 1][kInsert], ins);
  }
}

// oltp_insert: a text INSERT (sysbench does not prepare it). With auto_inc, MySQL is sent id 0
// (AUTO_INCREMENT assigns it) and the others get no id; without, ids come from a sequence of
// unique 32-bit values shifted to SQL INT, as sysbench.rand.unique() gives them.
void Worker::insert() {
  const int t = table();
  const std::uint64_t k = rng_.next(1, spec_.table_size);
  oltp_sql::fill_digit_groups(rng_, c_.data(), c_.size());
  oltp_sql::fill_digit_groups(rng_, pad_.data(), pad_.size());
  text_.clear();
  const db::DriverKind kind = driver_.kind();
  if (spec_.auto_inc && kind != db::DriverKind::kMysql && !oltp_sql::client_ids(spec_, kind)) {
    fmt::format_to(std::back_inserter(text_),
                   "INSERT INTO sbtest{} (k, c, pad) VALUES ({}, '{}', '{}')", t, k, view(c_),
                   view(pad_));
  } else {
    std::int64_t row = 0;
    if (oltp_sql::client_ids(spec_, kind)) {
      // A bijection of 32-bit values: unique while fewer than 2^32 rows are inserted.
      std::uint32_t x = static_cast<std::uint32_t>(unique_ids_.fetch_add(1));
      x = (x ^ (x >> 16)) * 0x45d9f3bU;
      x = (x ^ (x >> 16)) * 0x45d9f3bU;
      x ^= x >> 16;
      row = static_cast<std::int64_t>(x) - 2147483648LL;
    }
    fmt::format_to(std::back_inserter(text_),
                   "INSERT INTO sbtest{} (id, k, c, pad) VALUES ({}, {}, '{}', '{}')", t, row, k,
                   view(c_), view(pad_));
  }
  count(conn_->query(text_));
}

// bulk_insert: each event adds the row (n, n) to this thread's table sbtest<thread + 1>; the
// multi-row INSERT is sent when it reaches sysbench's 512 KiB buffer, and at the end.
void Worker::bulk_insert_row() {
  if (bulk_prefix_ == 0) {
    text_ = fmt::format("INSERT INTO sbtest{} VALUES", thread_index_ + 1);
    bulk_prefix_ = text_.size();
  }
  const std::uint64_t n = ++bulk_rows_;
  const std::size_t before = text_.size();
  fmt::format_to(std::back_inserter(text_), "{}({},{})", before > bulk_prefix_ ? "," : "", n, n);
  if (text_.size() >= kBulkStatementBytes) bulk_insert_flush();
}

void Worker::bulk_insert_flush() {
  if (text_.size() <= bulk_prefix_) return;
  const std::string sql = std::move(text_);
  text_.assign(sql, 0, bulk_prefix_);
  count(conn_->query(sql));
}

void Worker::select_random_points() {
  const double rlen = static_cast<double>(spec_.table_size) / thread_count_;
  const auto lo = static_cast<std::uint64_t>(rlen * thread_index_);
  const auto hi = static_cast<std::uint64_t>(rlen * thread_index_ + rlen);
  params_.clear();
  for (std::uint64_t i = 0; i < spec_.random_points; ++i)
    params_.emplace_back(static_cast<std::int64_t>(rng_.next(lo, hi)));
  run(*select_, params_);
}

void Worker::select_random_ranges() {
  const double rlen = static_cast<double>(spec_.table_size) / thread_count_;
  const auto lo = static_cast<std::uint64_t>(rlen * thread_index_);
  const auto hi = static_cast<std::uint64_t>(rlen * thread_index_ + rlen);
  params_.clear();
  for (std::uint64_t i = 0; i < spec_.number_of_ranges; ++i) {
    const auto v = static_cast<std::int64_t>(rng_.next(lo, hi));
    params_.emplace_back(v);
    params_.emplace_back(v + static_cast<std::int64_t>(spec_.delta));
  }
  run(*select_, params_);
}

void Worker::run_event() {
  const bool trx = needs_trx();
  if (trx) {
    run(*begin_, {});
    in_trx_ = true;
  }
  switch (spec_.kind) {
    case OltpKind::kReadWrite:
    case OltpKind::kReadOnly:
    case OltpKind::kWriteOnly:
      if (spec_.kind != OltpKind::kWriteOnly) {
        point_selects();
        if (spec_.range_selects) {
          ranges(kSimple, spec_.simple_ranges);
          ranges(kSum, spec_.sum_ranges);
          ranges(kOrder, spec_.order_ranges);
          ranges(kDistinct, spec_.distinct_ranges);
        }
      }
      if (spec_.kind != OltpKind::kReadOnly) {
        index_updates();
        non_index_updates();
        delete_inserts();
      }
      break;
    case OltpKind::kPointSelect: point_selects(); break;
    case OltpKind::kUpdateIndex: index_updates(); break;
    case OltpKind::kUpdateNonIndex: non_index_updates(); break;
    case OltpKind::kInsert: insert(); break;
    case OltpKind::kDelete: {
      const int t = table();
      const Param p[] = {id()};
      run(*stmts_[t - 1][kDelete], p);
      break;
    }
    case OltpKind::kSelectRandomPoints: select_random_points(); break;
    case OltpKind::kSelectRandomRanges: select_random_ranges(); break;
    case OltpKind::kBulkInsert: bulk_insert_row(); break;
  }
  if (trx) {
    run(*commit_, {});
    in_trx_ = false;
  }
}

}  // namespace hostmark::oltp_detail
