#pragma once
// iostat's text layout (sysstat 12.6): the banner, the avg-cpu block, the device table
// (basic, -x extended, -h human with the name last and -x split in four parts), and
// hostmark's extras in the same spirit: sar -b's table (--sar) and free/uptime lines (--mem).
#include <memory>
#include <ostream>

#include "output/stat_frame.h"

namespace hostmark {

std::unique_ptr<StatWriter> make_stat_text_writer(const StatView& view, std::ostream& out);

// "12.3k", "19.3M": `kib` in kB (1024-based steps k, M, G, T, P) with one decimal, right
// aligned in `width` characters including the unit letter (iostat -h's style).
std::string human_kib(double kib, int width);

// free -h's style: "23Gi", "1.1Gi", "810Mi", "0B" (one decimal under 10 of a unit).
std::string free_human(std::uint64_t bytes);

}  // namespace hostmark
