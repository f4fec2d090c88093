// The strict (1+1) hill-climber, the search M²ICAL (Oon 2007) models
// exactly (reliability/): one incumbent; each generation one challenger, an
// offspring of the incumbent by one of the spec's operators, replaces it
// only if its training fitness is strictly better. The comparison is the
// spec's training task (its boards, opponents and positions), so "how many
// games a comparison takes" is set there. The population is the incumbent
// (first) and the challenger; generation 0 evaluates the start alone, and
// after each comparison the survivor is the incumbent alone.

#include <cassert>
#include <utility>

#include "evolve/algorithm.hpp"

namespace evalsynth::evolve {
namespace {

class HillClimb final : public EvolutionAlgorithm {
 public:
  explicit HillClimb(const Breeding& breeding) : breeding_(breeding) {}

  void select_survivors(Population& population) const override {
    assert(!population.empty() && population.size() <= 2);
    // Strictly better: an equal challenger does not move the search, as in
    // the paper's strict hill-climber (a tie is a lost comparison). The loser
    // goes, so only the incumbent is validated and can become the answer.
    if (population.size() == 2 &&
        population[1].training.better_than(population[0].training, breeding_.selection.scoring()))
      std::swap(population[0], population[1]);
    population.resize(1);
  }

  void breed(Population& population, int, Rng& rng) const override {
    assert(population.size() == 1);
    lang::Program child = hill_climb_challenger(breeding_, population[0].program, rng);
    const std::uint64_t h = child.canonical_hash();
    population.push_back({std::move(child), h, {}});
  }

 private:
  const Breeding& breeding_;
};

}  // namespace

std::unique_ptr<EvolutionAlgorithm> make_hill_climb(const Breeding& breeding, const AlgorithmSettings&) {
  return std::make_unique<HillClimb>(breeding);
}

// A one-program search has no second parent: crossover recombines the
// incumbent with itself.
lang::Program hill_climb_challenger(const Breeding& breeding, const lang::Program& incumbent, Rng& rng) {
  const OperatorId op = breeding.pick_operator(rng);
  return breeding.offspring(
      op, incumbent, [&]() -> const lang::Program& { return incumbent; }, rng);
}

}  // namespace evalsynth::evolve
