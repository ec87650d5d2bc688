#pragma once
// The human text of a `hostmark disk` result: the device and filesystem on top, one row per
// test and direction (Read MB/s | Write MB/s in decimal megabytes, IOPS, mean and p99 latency
// in microseconds), the notes, an interrupted mark, then the storage warnings.
#include <ostream>

#include "results/result.h"

namespace hostmark::storage {

void write_disk_text(const Result& result, std::ostream& out);

}  // namespace hostmark::storage
