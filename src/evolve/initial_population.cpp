#include "evolve/initial_population.hpp"

#include <algorithm>

namespace evalsynth::evolve {

Population initial_population(const PopulationSources& sources, bool with_seed_population, const Grower& grower,
                              const Variation& variation, int size, int init_depth, Rng& rng) {
  Population population;
  std::vector<std::uint64_t> seen;
  auto add = [&](lang::Program p) {
    const std::uint64_t h = p.canonical_hash();
    if (std::find(seen.begin(), seen.end(), h) != seen.end()) return;
    seen.push_back(h);
    population.push_back({std::move(p), h, {}});
  };
  for (const lang::Program& seed : sources.seeds) add(seed);
  // A saved population seeds the first generation only: restarts exist to
  // grow lineages unlike the ones before.
  if (with_seed_population)
    for (const lang::Program& p : sources.seed_population) {
      if (static_cast<int>(population.size()) == size) break;
      add(p);
    }
  for (int attempt = 0; static_cast<int>(population.size()) < size && attempt < size * 20; ++attempt) {
    const int depth = 2 + attempt % std::max(1, init_depth - 1);
    lang::Program p = grower.program(depth, attempt % 2 == 0, rng);
    if (variation.acceptable(p)) add(std::move(p));
  }
  while (static_cast<int>(population.size()) < size)
    population.push_back(population[population.size() % std::max<std::size_t>(1, population.size())]);
  return population;
}

}  // namespace evalsynth::evolve
