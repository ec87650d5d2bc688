#pragma once
// Pieces of the HTML report shared by its files (output/html_*.cc); see output/html_report.h.
#include <string>
#include <vector>

#include "output/html_report.h"

namespace hostmark {

struct HtmlCell {
  std::string text;  // plain text, escaped when written
  bool numeric = false;
};

// <table class="css_class"> with a header row and the rows; every text escaped.
std::string html_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<HtmlCell>>& rows,
                       const std::string& css_class = "");

// <ul class="css_class"> of escaped items; "" when there are none.
std::string html_list(const std::vector<std::string>& items, const std::string& css_class);

// The context of one result: context, options, storage, server, warnings and notes.
std::string html_result_context(const ReportEntry& entry);
// Its figures: a table of metrics (with units and latency) per phase, and the activity table.
std::string html_result_phases(const ReportEntry& entry);

// The charts of one result (each in a <figure class="chart-box">); "" when it has none.
std::string html_result_charts(const ReportEntry& entry);

// The figures of several results side by side with their difference from the first.
std::string html_comparison(const std::vector<ReportEntry>& entries);

}  // namespace hostmark
