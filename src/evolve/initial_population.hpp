#pragma once
// The first population of a lineage: the seeds, then (for the run's first
// generation only) the programs of a saved run, then ramped half-and-half
// growth (depths 2..init_depth, full and grow alternately), duplicates left
// out; if growth cannot fill it, members are repeated.

#include <vector>

#include "evolve/individual.hpp"
#include "evolve/variation.hpp"

namespace evalsynth::evolve {

struct PopulationSources {
  const std::vector<lang::Program>& seeds;
  const std::vector<lang::Program>& seed_population;
};

Population initial_population(const PopulationSources& sources, bool with_seed_population, const Grower& grower,
                              const Variation& variation, int size, int init_depth, Rng& rng);

}  // namespace evalsynth::evolve
