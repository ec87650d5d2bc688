// The engines by name: one row each, in `--enghelp` order. Adding an engine is adding a row
// (and its factory in engine_factories.h).
#include <fmt/format.h>

#include <array>

#include "engines/engine_factories.h"
#include "engines/io_engine.h"

namespace hostmark::engines {
namespace {

struct EngineRow {
  std::string_view name;
  std::unique_ptr<IoEngine> (*make)(const EngineOptions&);
};

constexpr std::array kEngines = {
    EngineRow{"psync", detail::make_psync},       EngineRow{"sync", detail::make_sync},
    EngineRow{"pvsync2", detail::make_pvsync2},   EngineRow{"libaio", detail::make_libaio},
    EngineRow{"io_uring", detail::make_io_uring}, EngineRow{"mmap", detail::make_mmap},
    EngineRow{"null", detail::make_null},         EngineRow{"posixaio", detail::make_posixaio},
};

constexpr auto kNames = [] {
  std::array<std::string_view, kEngines.size()> names{};
  for (std::size_t i = 0; i < kEngines.size(); ++i) names[i] = kEngines[i].name;
  return names;
}();

}  // namespace

Expected<std::unique_ptr<IoEngine>> make_engine(std::string_view name,
                                                const EngineOptions& options) {
  for (const EngineRow& row : kEngines) {
    if (row.name == name) {
      // null moves no bytes, so nothing to retry: left bare, it measures hostmark's own cost.
      if (name == "null") return row.make(options);
      return detail::make_retrying(row.make(options));
    }
  }
  return usage_error(
      "ioengine", fmt::format("'{}' is not an engine (known: {})", name, fmt::join(kNames, ", ")));
}

std::span<const std::string_view> engine_names() { return kNames; }

}  // namespace hostmark::engines
