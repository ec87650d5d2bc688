#include "output/fio_report.h"

#include <fmt/format.h>

namespace hostmark {

Expected<FioFormats> parse_fio_formats(std::string_view format_list) {
  FioFormats f;
  bool any = false;
  std::size_t start = 0;
  while (start <= format_list.size()) {
    const std::size_t comma = format_list.find(',', start);
    const std::string_view name = format_list.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (name == "normal") f.normal = true;
    else if (name == "json") f.json = true;
    else if (name == "json+") f.json_plus = true;
    else if (name == "terse") f.terse = true;
    else
      return usage_error("--output-format",
                         fmt::format("'{}' is not one of normal, json, json+, terse", name));
    any = true;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (!any) return usage_error("--output-format", "no format given");
  return f;
}

Status write_fio_output(const fio::FioRun& run, std::string_view format_list, std::ostream& out) {
  const Expected<FioFormats> parsed = parse_fio_formats(format_list);
  if (!parsed) return parsed.error();
  const FioFormats& f = parsed.value();
  if (f.terse) write_fio_terse(run, out);
  if (f.json || f.json_plus)
    out << fio_json(run, f.json_plus)
               .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
        << '\n';
  if (f.normal) write_fio_normal(run, out);
  out.flush();
  return Ok{};
}

}  // namespace hostmark
