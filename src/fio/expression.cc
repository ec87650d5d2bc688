#include "fio/expression.h"

#include <cctype>
#include <limits>
#include <string>

namespace hostmark::fio {
namespace {

Error fail(std::string why) { return usage_error("", std::move(why)); }

// Recursive descent over the text; `pos` is the next unread character.
class Evaluator {
 public:
  Evaluator(std::string_view text, const LiteralParser& literal) : text_(text), literal_(literal) {}

  Expected<std::int64_t> run() {
    auto v = sum();
    if (!v) return v;
    skip_space();
    if (pos_ != text_.size()) return fail(std::string("unexpected '") + text_[pos_] + "'");
    return v;
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool eat(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  Expected<std::int64_t> sum() {
    auto left = product();
    if (!left) return left;
    std::int64_t v = left.value();
    for (;;) {
      bool plus = eat('+');
      if (!plus && !eat('-')) return v;
      auto right = product();
      if (!right) return right;
      std::int64_t r = right.value();
      std::int64_t out = 0;
      if (plus ? __builtin_add_overflow(v, r, &out) : __builtin_sub_overflow(v, r, &out)) {
        return fail("arithmetic overflow");
      }
      v = out;
    }
  }

  Expected<std::int64_t> product() {
    auto left = power();
    if (!left) return left;
    std::int64_t v = left.value();
    for (;;) {
      char op = 0;
      if (eat('*')) op = '*';
      else if (eat('/')) op = '/';
      else if (eat('%')) op = '%';
      else return v;
      auto right = power();
      if (!right) return right;
      std::int64_t r = right.value();
      if (op == '*') {
        if (__builtin_mul_overflow(v, r, &v)) return fail("arithmetic overflow");
      } else {
        if (r == 0) return fail("division by zero");
        v = op == '/' ? v / r : v % r;
      }
    }
  }

  Expected<std::int64_t> power() {
    auto base = unary();
    if (!base) return base;
    if (!eat('^')) return base;
    auto exponent = power();  // right-associative: 2^3^2 = 2^9
    if (!exponent) return exponent;
    if (exponent.value() < 0) return fail("negative exponent");
    std::int64_t v = 1;
    for (std::int64_t i = 0; i < exponent.value(); ++i) {
      if (__builtin_mul_overflow(v, base.value(), &v)) return fail("arithmetic overflow");
    }
    return v;
  }

  Expected<std::int64_t> unary() {
    if (eat('-')) {
      auto v = unary();
      if (!v) return v;
      return -v.value();
    }
    if (eat('+')) return unary();
    if (eat('(')) {
      auto v = sum();
      if (!v) return v;
      if (!eat(')')) return fail("unbalanced parentheses");
      return v;
    }
    skip_space();
    std::size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) {
      ++pos_;
    }
    if (start == pos_) {
      if (pos_ == text_.size()) return fail("expression ends too early");
      return fail(std::string("unexpected '") + text_[pos_] + "'");
    }
    return literal_(text_.substr(start, pos_ - start));
  }

  std::string_view text_;
  const LiteralParser& literal_;
  std::size_t pos_ = 0;
};

}  // namespace

Expected<std::int64_t> evaluate_expression(std::string_view text, const LiteralParser& literal) {
  return Evaluator(text, literal).run();
}

}  // namespace hostmark::fio
