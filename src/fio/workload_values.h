#pragma once
// Values of fio's workload options that are more than a number: rw=, bssplit=,
// random_distribution=. Failures are usage_error("", why), as in fio/values.h.
#include <string_view>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark::fio {

// read write trim randread randwrite randtrim rw readwrite randrw trimwrite randtrimwrite, with
// an optional ":N" (random modes: a new random offset every N I/Os). A ":N" on a sequential mode
// (fio's offset gap) is reported as not implemented.
Expected<RwMode> parse_rw(std::string_view text, unsigned kb_base);

// "4k/50:64k/50" (one direction); an entry without "/pct" shares what the others leave of 100.
Expected<std::vector<BsSplit>> parse_bssplit_list(std::string_view text, unsigned kb_base);

// random, zipf:theta[:center], pareto:h[:center], normal:sigma[:center],
// zoned:access/size:... and zoned_abs:access/bytes:..., zones per direction split by ','.
Expected<RandomDistribution> parse_random_distribution(std::string_view text, unsigned kb_base);

}  // namespace hostmark::fio
