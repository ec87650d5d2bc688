#pragma once
// The precompiled header of hostmark_lib (CMake target_precompile_headers): the library headers
// that most sources include and that cost the most to parse. Never included by hand.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
