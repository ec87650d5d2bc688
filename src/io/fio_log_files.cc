// JobLogs' files: their names and text, as fio 3.33's gen_log_name and flush_samples.
#include <fmt/format.h>

#include <iterator>

#include "io/fio_logs.h"
#include "io/whole_file.h"

namespace hostmark::io {
namespace {

// The samples as fio prints them; the last column is fio's priority (0: no real-time class).
std::string sample_text(const std::vector<LogSample>& samples, bool with_offset) {
  std::string text;
  auto out = std::back_inserter(text);
  for (const LogSample& s : samples) {
    if (with_offset) {
      fmt::format_to(out, "{}, {}, {}, {}, {}, 0\n", s.msec, s.value, s.dir, s.bytes, s.offset);
    } else {
      fmt::format_to(out, "{}, {}, {}, {}, 0\n", s.msec, s.value, s.dir, s.bytes);
    }
  }
  return text;
}

// fio's flush_hist_samples: the counts summed in groups of 2^coarseness.
std::string hist_text(const std::vector<HistLog::Line>& lines, std::uint32_t coarseness) {
  const std::size_t stride = std::size_t{1} << coarseness;
  std::string text;
  auto out = std::back_inserter(text);
  for (const auto& line : lines) {
    fmt::format_to(out, "{}, {}, {}", line.msec, line.dir, line.bytes);
    for (std::size_t j = 0; j < HistLog::kBuckets; j += stride) {
      std::uint64_t sum = 0;
      for (std::size_t k = j; k < j + stride && k < HistLog::kBuckets; ++k) sum += line.counts[k];
      fmt::format_to(out, ", {}", sum);
    }
    text += '\n';
  }
  return text;
}

}  // namespace

std::string JobLogs::file_name(const std::string& prefix, const char* kind) const {
  const std::string& base = prefix.empty() ? job_.name : prefix;
  if (job_.per_job_logs) return fmt::format("{}_{}.{}.log", base, kind, thread_number_);
  return fmt::format("{}_{}.log", base, kind);
}

std::vector<std::string> JobLogs::write() const {
  std::vector<std::string> failures;
  const bool append = !job_.per_job_logs;  // fio appends to the shared file
  const auto put = [&](const std::optional<std::string>& prefix, const char* kind,
                       const std::string& text) {
    const std::string path = file_name(*prefix, kind);
    const std::string why = write_whole_file(path, text, append);
    if (!why.empty()) failures.push_back(path + ": could not write the log file: " + why);
  };
  if (lat_) {
    put(job_.lat_log, "lat", sample_text(lat_->samples(), job_.log_offset));
    put(job_.lat_log, "slat", sample_text(slat_->samples(), job_.log_offset));
    put(job_.lat_log, "clat", sample_text(clat_->samples(), job_.log_offset));
  }
  if (hist_) put(job_.hist_log, "clat_hist", hist_text(hist_->lines(), job_.log_hist_coarseness));
  if (bw_) put(job_.bw_log, "bw", sample_text(bw_->samples(), job_.log_offset));
  if (iops_) put(job_.iops_log, "iops", sample_text(iops_->samples(), job_.log_offset));
  return failures;
}

}  // namespace hostmark::io
