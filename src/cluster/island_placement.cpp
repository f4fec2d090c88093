#include "cluster/island_placement.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace evalsynth::cluster {

std::vector<int> place_islands(const std::vector<double>& costs, int ranks) {
  assert(ranks >= 1);
  const auto islands = static_cast<int>(costs.size());
  std::vector<int> rank_of(costs.size());
  if (ranks > islands) {
    std::iota(rank_of.begin(), rank_of.end(), 0);
    return rank_of;
  }
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  std::vector<double> load(static_cast<std::size_t>(ranks), 0.0);
  for (const std::size_t island : order) {
    const auto least = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    rank_of[island] = static_cast<int>(least);
    load[least] += costs[island];
  }
  return rank_of;
}

}  // namespace evalsynth::cluster
