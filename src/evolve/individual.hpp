#pragma once
// A member of the population: a program, its canonical hash (the key of every
// cache) and its fitness on the training games.

#include <cstdint>
#include <vector>

#include "lang/program.hpp"
#include "tournament/fitness.hpp"

namespace evalsynth::evolve {

struct Individual {
  lang::Program program;
  std::uint64_t hash = 0;
  Fitness training;
};

using Population = std::vector<Individual>;

}  // namespace evalsynth::evolve
