#include "commands/suite_profile.h"

#include <array>

namespace hostmark {
namespace {

constexpr std::uint64_t kSuiteMiB = 1024 * 1024;

constexpr std::array kProfiles = {
    SuiteProfile{"smoke", 300'000'000, true, 1, 1, "0.2", "16M", 32 * kSuiteMiB, 4 * kSuiteMiB, 1,
                 1, 1000, 300'000'000, false},
    SuiteProfile{"quick", 5'000'000'000, true, 2, 1, "5", "256M", 256 * kSuiteMiB, 16 * kSuiteMiB,
                 4, 2, 10000, 5'000'000'000, true},
    SuiteProfile{"full", 10'000'000'000, false, 20, 5, "5", "1G", 1024 * kSuiteMiB, 64 * kSuiteMiB,
                 16, 4, 100000, 10'000'000'000, true},
};

}  // namespace

std::optional<SuiteProfile> find_suite_profile(std::string_view name) {
  for (const auto& p : kProfiles)
    if (p.name == name) return p;
  return std::nullopt;
}

}  // namespace hostmark
