#pragma once
// fio's number and time spellings, shared by the fio formatters (fio_normal.cc, fio_terse.cc,
// fio_json.cc). Pure.
#include <cstdint>
#include <string>

namespace hostmark {

// What follows the number and its prefix: nothing, "/s", "B", "bit", "B/s", "bit/s".
enum class FioUnit { kNone, kPerSec, kByte, kBit, kBytePerSec, kBitPerSec };

// fio 3.33's num2str(): `num` (counted in units of `base`, e.g. 1024 when it is KiB) scaled by
// 1000 (or 1024 with `pow2`) until it has at most `max_digits` digits, then printed with as
// many decimals as still fit, rounded the way fio does: to the digits left, carrying into the
// integer part (12.984 MB -> "13.0MB"); with no room for decimals, rounded half up at the
// last division (fio's "carry"). Past the last prefix (P) the prefix is dropped, as in fio.
//   fio_num2str(40600000, 4, 1, true, kBytePerSec)  -> "38.7MiB/s"
//   fio_num2str(13405, 4, 1, false, kNone)           -> "13.4k"
//   fio_num2str(2031616, 4, 1, true, kByte)          -> "1984KiB"
std::string fio_num2str(std::uint64_t num, int max_digits, int base, bool pow2, FioUnit unit);

// ctime(3) without the newline, in local time: "Wed Dec  2 11:18:47 2026".
std::string fio_ctime(std::int64_t unix_s);

}  // namespace hostmark
