#pragma once
// Machine-readable `hostmark stat` output, streamed one report at a time and always closed
// well-formed (also after Ctrl-C):
//  - iostat's JSON (-o JSON): sysstat 12.6's document and keys, numbers with two decimals;
//  - hostmark's JSON (--output-format=json): {"schema": "hostmark.stat", "reports": [...]}
//    with full-precision numbers and units in the key names;
//  - CSV (--output-format=csv): time,object,metric,value,unit, one row per number.
#include <memory>
#include <ostream>

#include "output/stat_frame.h"

namespace hostmark {

std::unique_ptr<StatWriter> make_stat_iostat_json_writer(const StatView& view, std::ostream& out);
std::unique_ptr<StatWriter> make_stat_json_writer(const StatView& view, std::ostream& out);
std::unique_ptr<StatWriter> make_stat_csv_writer(const StatView& view, std::ostream& out);

}  // namespace hostmark
