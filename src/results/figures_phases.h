#pragma once
// How the phases of each native command (and the suite's steps, which run the same code) become
// figures: one function per family, given the phase name without the suite's "<step>." prefix
// and the settings that the key needs. Internal to results/figures.cc; pure.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "results/figure_keys.h"
#include "results/figures.h"

namespace hostmark::figures_detail {

// The value of option `name` in `r.options`, else `fallback`.
std::string option(const Result& r, std::string_view name, std::string_view fallback);

// "single-thread", "all-threads" (threads from the phase's "threads" metric).
void cpu_phase(const Phase& p, std::string_view name, std::uint64_t max_prime,
               std::vector<Figure>& out);
// "bandwidth", "latency", "sysbench-style".
void memory_phase(const Phase& p, std::string_view name, std::vector<Figure>& out);
// A `hostmark disk` test: "SEQ1M Q8T1 read", "RND4K Q32T16 write", "RND4K Q1T1 mix".
void disk_phase(const Phase& p, std::string_view name, std::vector<Figure>& out);
// The bonnie++-style tests: putc, put_block, rewrite, getc, get_block, seeks, seq_create...
void fs_phase(const Phase& p, std::string_view name, const figure_keys::FsSettings& o,
              std::vector<Figure>& out);
// A `hostmark fio` job (figures_fio.cc): its settings from the result's options.
void fio_phase(const Result& r, const Phase& p, std::vector<Figure>& out);
// `hostmark db`: "read-write", "read-only", "point-select" (tps, qps); `base.test` is ignored.
void db_phase(const Phase& p, std::string_view name, figure_keys::OltpSettings base,
              std::vector<Figure>& out);

}  // namespace hostmark::figures_detail
