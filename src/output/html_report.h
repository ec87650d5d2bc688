#pragma once
// `hostmark report`'s page: one self-contained HTML document (inline CSS and SVG, no script, no
// URL to fetch) with a section per result (context, options, storage targets, server, notes and
// warnings, a table of every phase's metrics, charts) and, for several results, a comparison of
// their figures side by side. Only formats: the figures and references are given.
#include <ostream>
#include <string>
#include <vector>

#include "results/figures.h"
#include "results/references.h"
#include "results/result.h"

namespace hostmark {

struct ReportEntry {
  std::string source;  // where the result came from: "result 12 (sqlite /x/results.db)", a path
  Result result;
  std::vector<Figure> figures;                      // result_figures(result)
  std::vector<const ReferenceMachine*> references;  // closest references, closest first
};

struct ReportInput {
  std::vector<ReportEntry> entries;
  std::string generated_utc;     // ISO 8601 time the report was made
  std::string hostmark_version;  // of the binary making the report
};

void write_html_report(const ReportInput& input, std::ostream& out);

}  // namespace hostmark
