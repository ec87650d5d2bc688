#include "fio/job_file.h"

#include <algorithm>
#include <cctype>

#include "fio/job_builder.h"
#include "fio/values.h"

namespace hostmark::fio {
namespace {

constexpr int kMaxIncludeDepth = 16;

struct Line {
  std::string text;   // trimmed, comments removed, expanded
  std::string where;  // "job.fio:12"
};

// Drops a whole-line comment, or a trailing one: ';' or '#' at the start or after a blank
// (so "filename=a#b" keeps its '#').
std::string_view strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if ((line[i] == ';' || line[i] == '#') &&
        (i == 0 || std::isspace(static_cast<unsigned char>(line[i - 1])))) {
      return trim(line.substr(0, i));
    }
  }
  return line;
}

std::string directory_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

// The file's lines with include directives replaced by the included files' lines.
Status collect_lines(std::string_view text, const std::string& file_name, const ParserEnv& env,
                     int depth, std::vector<Line>& out) {
  std::size_t start = 0;
  int number = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++number;
    std::string where = file_name + ":" + std::to_string(number);
    std::string_view line = strip_comment(trim(raw));
    if (line.empty()) {
      if (end == text.size()) break;
      continue;
    }
    std::string expanded = expand_line(line, env);
    std::string_view l = trim(expanded);
    if (l.size() > 8 && l.substr(0, 7) == "include" &&
        std::isspace(static_cast<unsigned char>(l[7]))) {
      std::string target(trim(l.substr(8)));
      if (target.front() != '/') target = directory_of(file_name) + target;
      if (depth >= kMaxIncludeDepth)
        return usage_error(where, "include: nested too deep (a cycle?)");
      if (!env.read_file) return usage_error(where, "include: cannot read '" + target + "'");
      auto content = env.read_file(target);
      if (!content)
        return usage_error(where, "include: cannot read '" + target + "': " + content.error().why);
      if (Status s = collect_lines(content.value(), target, env, depth + 1, out); !s) return s;
    } else {
      out.push_back(Line{std::string(l), std::move(where)});
    }
    if (end == text.size()) break;
  }
  return Ok{};
}

OptionText option_of(const Line& line) {
  OptionText o;
  o.place = Place{line.where, false};
  std::size_t eq = line.text.find('=');
  if (eq == std::string::npos) {
    o.name = line.text;
  } else {
    o.name = std::string(trim(std::string_view(line.text).substr(0, eq)));
    o.value = std::string(trim(std::string_view(line.text).substr(eq + 1)));
  }
  return o;
}

bool wanted(const std::vector<std::string>* sections, const std::string& name) {
  return sections == nullptr || sections->empty() ||
         std::find(sections->begin(), sections->end(), name) != sections->end();
}

}  // namespace

Status read_job_file(const JobFileRequest& request, const ParserEnv& env, ParsedJobs& out) {
  std::vector<Line> lines;
  if (Status s = collect_lines(request.text, request.file_name, env, 0, lines); !s) return s;

  JobOptions global = request.global;
  bool stonewall_pending = request.stonewall_first_job;
  std::size_t i = 0;
  while (i < lines.size()) {
    const Line& header = lines[i];
    if (header.text.front() != '[') {
      OptionText o = option_of(header);
      return usage_error(header.where, o.name + ": option outside of a [section]");
    }
    if (header.text.back() != ']' || header.text.size() < 3) {
      return usage_error(header.where, in_quotes(header.text) + " is not a [section] header");
    }
    std::string name(trim(std::string_view(header.text).substr(1, header.text.size() - 2)));
    std::vector<OptionText> options;
    for (++i; i < lines.size() && lines[i].text.front() != '['; ++i)
      options.push_back(option_of(lines[i]));

    if (name == "global") {
      if (Status s = apply_section(global, options, out.global_given); !s) return s;
      continue;
    }
    if (!wanted(request.sections, name)) continue;  // as fio: a skipped section is not parsed
    JobOptions job = start_job(global, name, header.where);
    if (stonewall_pending) {
      job.stonewall = true;
      stonewall_pending = false;
    }
    if (Status s = apply_section(job, options, job.given); !s) return s;
    out.jobs.push_back(std::move(job));
  }
  out.run.kb_base = global.kb_base;
  return Ok{};
}

Expected<ParsedJobs> parse_job_file(std::string_view text, const std::string& file_name,
                                    const ParserEnv& env) {
  ParsedJobs out;
  JobFileRequest request;
  request.text = text;
  request.file_name = file_name;
  if (Status s = read_job_file(request, env, out); !s) return s.error();
  return out;
}

}  // namespace hostmark::fio
