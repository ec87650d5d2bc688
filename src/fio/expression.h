#pragma once
// fio's arithmetic in option values: "(4*1024)", "(1k+512)", "(2^10)". Integers only, with
// + - * / % ^ (power, right-associative), unary minus and parentheses; / and % truncate toward
// zero. Each literal (digits, optional "0x", optional unit letters) is turned into a number by
// the caller's `literal` function, so "(4k*2)" means 8192 with kb_base=1024.
#include <cstdint>
#include <functional>
#include <string_view>

#include "core/error.h"

namespace hostmark::fio {

using LiteralParser = std::function<Expected<std::int64_t>(std::string_view literal)>;

// `text` is the whole expression without the outer parentheses. On failure the Error's `why`
// says what is wrong ("division by zero", "unbalanced parentheses"); `what` is empty.
Expected<std::int64_t> evaluate_expression(std::string_view text, const LiteralParser& literal);

}  // namespace hostmark::fio
