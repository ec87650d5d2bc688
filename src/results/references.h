#pragma once
// Built-in reference machines: figures published in the articles hostmark grew from (the
// laptop, desktop, servers and VirtualBox VM of the sysbench article, the Raspberry Pi SD card
// and SATA SSD, the NVMe array fio run), each labelled with its source and what it measured,
// under the same figure keys as results/figures.h so that only like-for-like tests meet.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "results/figures.h"

namespace hostmark {

struct ReferenceMachine {
  std::string id;        // "blog-server2-epyc" (what `compare` accepts as an argument)
  std::string label;     // "Server 2: AMD EPYC 7402P, RAID of 3 SATA SSD"
  std::string source;    // the article, its author and licence
  std::string measured;  // the commands that produced the figures
  std::vector<Figure> figures;
};

std::span<const ReferenceMachine> builtin_references();
// nullptr when `id` names no reference.
const ReferenceMachine* find_reference(std::string_view id);

// The references that share at least one figure key with `figures`, closest first (closeness:
// the geometric mean of the ratios over the shared figures, nearest to 1), at most `n`.
std::vector<const ReferenceMachine*> closest_references(const std::vector<Figure>& figures,
                                                        std::size_t n);

}  // namespace hostmark
