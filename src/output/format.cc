#include "output/format.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "output/csv.h"
#include "results/result_to_json.h"

namespace hostmark {

Expected<OutputFormat> parse_output_format(std::string_view text) {
  if (text == "normal") return OutputFormat::kNormal;
  if (text == "json") return OutputFormat::kJson;
  if (text == "csv") return OutputFormat::kCsv;
  return usage_error("--output-format", fmt::format("'{}' is not one of normal, json, csv", text));
}

Expected<std::shared_ptr<OutputSink>> OutputSink::open(const OutputOptions& options,
                                                       std::ostream& stdout_stream) {
  std::shared_ptr<OutputSink> sink(new OutputSink());
  if (options.path.empty() || options.path == "-") {
    sink->out_ = &stdout_stream;
    return sink;
  }
  auto file = AtomicFile::create(options.path);
  if (!file)
    return run_error("--output",
                     fmt::format("cannot create '{}': {}", options.path, file.error().why));
  sink->file_ = std::move(file).value();
  sink->out_ = &sink->file_->stream();
  sink->path_ = options.path;
  return sink;
}

Expected<bool> OutputSink::close() {
  if (file_) {
    const Status committed = file_->commit();
    if (!committed) return committed.error();
    return true;
  }
  errno = 0;
  out_->flush();
  if (!*out_) {
    const std::string why = errno != 0 ? std::strerror(errno) : "write failed";
    return run_error(path_.empty() ? "standard output" : path_, why);
  }
  return true;
}

void write_result(const Result& result, OutputFormat format, const TextRenderer& text,
                  std::ostream& out) {
  switch (format) {
    case OutputFormat::kJson:
      out << result_to_json(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
          << '\n';
      break;
    case OutputFormat::kCsv: write_csv(result, out); break;
    case OutputFormat::kNormal: text(result, out); break;
  }
  out.flush();
}

}  // namespace hostmark
