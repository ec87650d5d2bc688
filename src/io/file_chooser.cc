#include "io/file_chooser.h"

#include <cstdlib>
#include <string>

namespace hostmark::io {

namespace {

// The number after "name:", or `fallback` when absent or not a number.
double suffix_number(std::string_view text, double fallback) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return fallback;
  const std::string digits(text.substr(colon + 1));
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  return end != digits.c_str() ? v : fallback;
}

}  // namespace

FileChooser::FileChooser(std::string_view service_type, std::uint32_t files, std::uint64_t seed)
    : files_(files == 0 ? 1 : files) {
  const std::string_view name = service_type.substr(0, service_type.find(':'));
  fio::RandomDistribution spec;
  if (name == "sequential") {
    kind_ = Kind::kSequential;
  } else if (name == "random") {
    kind_ = Kind::kRandom;
  } else if (name == "zipf") {
    spec.kind = fio::Distribution::kZipf;
    spec.param = suffix_number(service_type, 1.1);
  } else if (name == "pareto") {
    spec.kind = fio::Distribution::kPareto;
    spec.param = suffix_number(service_type, 0.2);
  } else if (name == "normal" || name == "gauss") {
    spec.kind = fio::Distribution::kNormal;
    spec.param = suffix_number(service_type, 25);
  }
  if (spec.kind != fio::Distribution::kRandom) {
    kind_ = Kind::kDistribution;
    distribution_ = BlockDistribution(spec, fio::Dir::kRead, files_, 1, seed);
  } else if (kind_ != Kind::kSequential) {
    const double n = suffix_number(service_type, 1);
    per_switch_ = n >= 1 && n < 4e9 ? static_cast<std::uint32_t>(n) : 1;
  }
  restart();
}

void FileChooser::restart() {
  left_ = 0;
  // Round robin advances before its first I/O, so start "before" file 0.
  current_ = kind_ == Kind::kRoundRobin ? files_ - 1 : 0;
}

}  // namespace hostmark::io
