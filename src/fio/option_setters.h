#pragma once
// Building blocks for the setters in options_*.cc: one template per value kind, bound to a
// JobOptions member, so each table row stays one line.
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "core/error.h"
#include "fio/job_options.h"
#include "fio/values.h"

namespace hostmark::fio::setters {

using fio::invalid;  // the rows' error value (fio/values.h)

template <bool JobOptions::*M>
Status set_bool(JobOptions& job, std::string_view v) {
  auto b = parse_bool(v);
  if (!b) return b.error();
  job.*M = b.value();
  return Ok{};
}

// An integer count in [Min, Max]; units allowed, as fio allows them ("iodepth=1k").
template <class T, std::uint64_t Min = 0, std::uint64_t Max = std::numeric_limits<T>::max()>
Expected<T> count(std::string_view v, unsigned kb_base) {
  auto n = parse_number(v, kb_base, "number");
  if (!n) return n.error();
  if (n.value() < Min) return invalid("must be at least " + std::to_string(Min));
  if (n.value() > Max) return invalid("must be at most " + std::to_string(Max));
  return static_cast<T>(n.value());
}

template <auto M, std::uint64_t Min = 0,
          std::uint64_t Max = std::numeric_limits<std::uint32_t>::max()>
Status set_count(JobOptions& job, std::string_view v) {
  using T = std::remove_reference_t<decltype(job.*M)>;
  auto n = count<T, Min, Max>(v, job.kb_base);
  if (!n) return n.error();
  job.*M = n.value();
  return Ok{};
}

template <std::optional<std::uint32_t> JobOptions::*M>
Status set_opt_count(JobOptions& job, std::string_view v) {
  auto n = count<std::uint32_t>(v, job.kb_base);
  if (!n) return n.error();
  job.*M = n.value();
  return Ok{};
}

template <std::uint64_t JobOptions::*M>
Status set_size(JobOptions& job, std::string_view v) {
  auto n = parse_number(v, job.kb_base);
  if (!n) return n.error();
  job.*M = n.value();
  return Ok{};
}

template <std::uint64_t JobOptions::*M>
Status set_seconds(JobOptions& job, std::string_view v) {
  auto n = parse_time_ns(v, 1'000'000'000);
  if (!n) return n.error();
  job.*M = n.value();
  return Ok{};
}

template <std::uint64_t JobOptions::*M>
Status set_milliseconds(JobOptions& job, std::string_view v) {
  auto n = parse_time_ns(v, 1'000'000);
  if (!n) return n.error();
  job.*M = n.value();
  return Ok{};
}

template <std::string JobOptions::*M>
Status set_string(JobOptions& job, std::string_view v) {
  job.*M = std::string(v);
  return Ok{};
}

template <std::uint32_t JobOptions::*M>
Status set_percent(JobOptions& job, std::string_view v) {
  auto p = parse_percent(v);
  if (!p) return p.error();
  job.*M = p.value();
  return Ok{};
}

// One of a fixed set of words, each standing for a value of `field`; `words` lists them for
// the error ("none, mixed, both, 0, 1, 2").
template <class E, std::size_t N>
Status set_choice(E& field, std::string_view v,
                  const std::array<std::pair<std::string_view, E>, N>& table,
                  std::string_view words) {
  for (const auto& [text, value] : table) {
    if (text == v) {
      field = value;
      return Ok{};
    }
  }
  return invalid(in_quotes(v) + " is not one of " + std::string(words));
}

}  // namespace hostmark::fio::setters
