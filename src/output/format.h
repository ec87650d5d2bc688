#pragma once
// Output formats shared by every command (--output-format, --output) and the one place a
// Result is turned into bytes for the chosen format.
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "core/error.h"
#include "output/atomic_file.h"
#include "results/result.h"

namespace hostmark {

enum class OutputFormat { kNormal, kJson, kCsv };

// "normal", "json", "csv" (fio's spelling). Usage error naming --output-format otherwise.
Expected<OutputFormat> parse_output_format(std::string_view text);

struct OutputOptions {
  OutputFormat format = OutputFormat::kNormal;
  std::string path;  // --output=FILE; "" means standard output
};

// Where formatted output goes: the --output file, or the given stream (stdout).
// The file is replaced atomically (output/atomic_file.h): it appears, whole, at close(); until
// then, and for good when the command fails before close() or close() fails, the file keeps its
// old content. open() fails with a run error naming the file when it cannot be created.
class OutputSink {
 public:
  static Expected<std::shared_ptr<OutputSink>> open(const OutputOptions& options,
                                                    std::ostream& stdout_stream);
  std::ostream& stream() { return *out_; }
  // Flushes and puts the file in place; a run error naming the file when the write failed
  // (disk full...), the old file then untouched.
  Expected<bool> close();

 private:
  OutputSink() = default;
  std::unique_ptr<AtomicFile> file_;
  std::ostream* out_ = nullptr;
  std::string path_;
};

// Renders the human text of a command's result (each command knows its own layout).
using TextRenderer = std::function<void(const Result&, std::ostream&)>;

// Writes `result` in `format`: JSON (one document), CSV (one row per metric), or the command's
// normal text through `text`.
void write_result(const Result& result, OutputFormat format, const TextRenderer& text,
                  std::ostream& out);

}  // namespace hostmark
