#pragma once
// bonnie++ 2.00a's faces of an fs Result (phases named like bonnie++'s CSV fields: putc,
// put_block, rewrite, getc, get_block, seeks, seq_create, seq_stat, seq_read, seq_delete, ran_*):
// its 80-column text table and its CSV line (format 1.98, read by bon_csv2html/bon_csv2txt).
// Formatting only: every number comes from the Result.
#include <ostream>
#include <string>

#include "results/result.h"

namespace hostmark::fsbench {

// A test that ran less than this is shown as "+++++" (too fast to time), as bonnie++ does.
inline constexpr double kTooFastS = 0.5;

// The two bonnie++ tables (data tests, file tests), each only when its tests ran.
void write_bonnie_table(const Result& r, std::ostream& out);

// One CSV line, 50 fields, no trailing newline.
std::string bonnie_csv_line(const Result& r);

// bonnie++'s short forms: 628 -> "628k", 12345 -> "12.1m" (KiB/s); 26352 us -> "26352us",
// 1299000 us -> "1299ms".
std::string bonnie_kib_rate(double kib_per_s);
std::string bonnie_latency(std::uint64_t ns);

// The full figures of every test (rate with its unit, %CPU, p99 and worst latency, time).
void write_fs_details(const Result& r, std::ostream& out);

}  // namespace hostmark::fsbench
