#include "fio/workload_values.h"

#include <array>
#include <cmath>
#include <string>

#include "fio/values.h"

namespace hostmark::fio {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    std::size_t at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

struct RwName {
  std::string_view name;
  RwMode mode;
};
constexpr std::array<RwName, 11> kRwNames{{
    {"read", {true, false, false, false, 1}},
    {"write", {false, true, false, false, 1}},
    {"trim", {false, false, true, false, 1}},
    {"randread", {true, false, false, true, 1}},
    {"randwrite", {false, true, false, true, 1}},
    {"randtrim", {false, false, true, true, 1}},
    {"rw", {true, true, false, false, 1}},
    {"readwrite", {true, true, false, false, 1}},
    {"randrw", {true, true, false, true, 1}},
    {"trimwrite", {false, true, true, false, 1}},
    {"randtrimwrite", {false, true, true, true, 1}},
}};

// One zoned list "60/10:30/20:10/70" for one direction.
Expected<std::vector<Zone>> parse_zones(std::string_view text, bool absolute, unsigned kb_base) {
  std::vector<Zone> zones;
  double access_total = 0;
  double size_total = 0;
  for (std::string_view item : split(text, ':')) {
    std::size_t slash = item.find('/');
    if (slash == std::string_view::npos) return invalid(in_quotes(item) + " is not access%/size");
    auto access = parse_double(item.substr(0, slash));
    if (!access || access.value() < 0 || access.value() > 100)
      return invalid(in_quotes(item) + " is not access%/size");
    Zone z;
    z.access_percent = access.value();
    if (absolute) {
      auto bytes = parse_number(item.substr(slash + 1), kb_base);
      if (!bytes) return bytes.error();
      z.size_bytes = bytes.value();
    } else {
      auto size = parse_double(item.substr(slash + 1));
      if (!size || size.value() < 0 || size.value() > 100)
        return invalid(in_quotes(item) + " is not access%/size%");
      z.size_percent = size.value();
      size_total += size.value();
    }
    access_total += z.access_percent;
    zones.push_back(z);
  }
  if (std::fabs(access_total - 100) > 1e-9)
    return invalid("zone access percentages add up to " + std::to_string(access_total) +
                   ", not 100");
  if (!absolute && std::fabs(size_total - 100) > 1e-9) {
    return invalid("zone size percentages add up to " + std::to_string(size_total) + ", not 100");
  }
  return zones;
}

}  // namespace

Expected<RwMode> parse_rw(std::string_view text, unsigned kb_base) {
  std::size_t colon = text.find(':');
  std::string_view name = text.substr(0, colon);
  for (const RwName& n : kRwNames) {
    if (n.name != name) continue;
    RwMode mode = n.mode;
    if (colon == std::string_view::npos) return mode;
    std::string_view suffix = text.substr(colon + 1);
    if (!mode.random) {  // rw=read:512k: a hole after each I/O; ":-4k" goes back
      const bool back = !suffix.empty() && suffix.front() == '-';
      auto gap = parse_number(back ? suffix.substr(1) : suffix, kb_base, "size");
      if (!gap) return gap.error();
      if (gap.value() > static_cast<std::uint64_t>(INT64_MAX))
        return invalid(in_quotes(text) + ": the ':N' offset increment is too large");
      mode.gap =
          back ? -static_cast<std::int64_t>(gap.value()) : static_cast<std::int64_t>(gap.value());
      return mode;
    }
    auto nr = parse_number(suffix, kb_base, "number");
    if (!nr) return nr.error();
    if (nr.value() < 1 || nr.value() > 0xffffffffULL)
      return invalid(in_quotes(text) + ": the ':N' must be at least 1");
    mode.sequencer = static_cast<std::uint32_t>(nr.value());
    return mode;
  }
  return invalid(in_quotes(text) +
                 " is not an I/O pattern (read, write, trim, randread, randwrite, randtrim, rw, "
                 "readwrite, randrw, "
                 "trimwrite, randtrimwrite)");
}

Expected<std::vector<BsSplit>> parse_bssplit_list(std::string_view text, unsigned kb_base) {
  std::vector<BsSplit> out;
  std::uint32_t given_total = 0;
  std::size_t unset = 0;
  for (std::string_view item : split(text, ':')) {
    if (item.empty()) continue;
    std::size_t slash = item.find('/');
    auto bs = parse_number(item.substr(0, slash), kb_base);
    if (!bs) return bs.error();
    if (bs.value() == 0 || bs.value() > 0xffffffffULL)
      return invalid(in_quotes(item) + ": block size out of range");
    BsSplit s{static_cast<std::uint32_t>(bs.value()), 0};
    if (slash == std::string_view::npos || slash + 1 == item.size()) {
      ++unset;
    } else {
      auto pct = parse_percent(item.substr(slash + 1));
      if (!pct) return pct.error();
      s.percent = pct.value();
      given_total += s.percent;
    }
    out.push_back(s);
  }
  if (out.empty()) return invalid(in_quotes(text) + " is not a block size split");
  if (given_total > 100) return invalid(in_quotes(text) + ": percentages add up to more than 100");
  if (unset > 0) {  // fio shares what is left equally between entries without a percentage
    std::uint32_t share = (100 - given_total) / static_cast<std::uint32_t>(unset);
    for (BsSplit& s : out) {
      if (s.percent == 0) s.percent = share;
    }
  } else if (given_total != 100) {
    return invalid(in_quotes(text) + ": percentages add up to " + std::to_string(given_total) +
                   ", not 100");
  }
  return out;
}

Expected<RandomDistribution> parse_random_distribution(std::string_view text, unsigned kb_base) {
  std::size_t colon = text.find(':');
  std::string_view kind = text.substr(0, colon);
  std::string_view rest =
      colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  RandomDistribution d;
  if (kind == "random") {
    if (!rest.empty()) return invalid(in_quotes(text) + ": 'random' takes no value");
    return d;
  }
  if (kind == "zoned" || kind == "zoned_abs") {
    d.kind = kind == "zoned" ? Distribution::kZoned : Distribution::kZonedAbs;
    auto per_dir = split_per_direction(rest);
    for (int dir = 0; dir < kDirs; ++dir) {
      if (!per_dir[dir]) continue;
      auto zones = parse_zones(*per_dir[dir], d.kind == Distribution::kZonedAbs, kb_base);
      if (!zones) return zones.error();
      d.zones[dir] = std::move(zones).value();
    }
    if (d.zones[0].empty() && d.zones[1].empty() && d.zones[2].empty()) {
      return invalid(in_quotes(text) + ": zoned needs a list of access%/size");
    }
    return d;
  }
  if (kind == "zipf") d.kind = Distribution::kZipf;
  else if (kind == "pareto") d.kind = Distribution::kPareto;
  else if (kind == "normal") d.kind = Distribution::kNormal;
  else
    return invalid(in_quotes(text) +
                   " is not a distribution (random, zipf, pareto, normal, zoned, zoned_abs)");
  auto parts = split(rest, ':');
  if (rest.empty() || parts.size() > 2)
    return invalid(in_quotes(text) + ": expected " + std::string(kind) + ":value[:center]");
  auto param = parse_double(parts[0]);
  if (!param) return param.error();
  d.param = param.value();
  if (d.kind == Distribution::kZipf && d.param == 1.0)
    return invalid("zipf theta must be different from 1.0");
  if (d.kind == Distribution::kPareto && (d.param <= 0 || d.param >= 1))
    return invalid("pareto h must be between 0 and 1");
  if (d.kind == Distribution::kNormal && (d.param < 0 || d.param > 100))
    return invalid("normal sigma must be 0..100 (percent)");
  if (parts.size() == 2) {
    auto center = parse_double(parts[1]);
    if (!center) return center.error();
    if (center.value() < 0 || center.value() > 1)
      return invalid("center must be between 0.00 and 1.00");
    d.center = center.value();
  }
  return d;
}

}  // namespace hostmark::fio
