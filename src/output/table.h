#pragma once
// A plain aligned text table for native commands' human output (markup formats can reuse the
// same rows later). Numbers right-aligned, text left-aligned.
#include <string>
#include <vector>

namespace hostmark {

class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  // Header, a rule, then the rows; columns separated by two spaces; ends with a newline.
  std::string render() const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace hostmark
