#pragma once
// Text for HTML and SVG markup: escaping and the one way numbers are printed in reports.
#include <string>
#include <string_view>

namespace hostmark {

// `text` with &, <, >, " and ' replaced by character references, so it is safe both as element
// content and inside a double- or single-quoted attribute. Control characters other than tab,
// newline and carriage return (not allowed in HTML text) become U+FFFD.
std::string html_escape(std::string_view text);

// A number for a table cell or an axis label: up to 4 significant digits for small values, no
// exponent below 1e15, thousands not grouped ("1234", "0.0123", "12.35"); "-" when not finite.
std::string format_report_number(double value);

}  // namespace hostmark
