// The generational algorithm: elitism, then offspring of tournament-selected
// parents; every restart_every generations a fresh lineage instead (the hall
// of fame and the caches, kept by the run, carry over).

#include <cassert>

#include "evolve/algorithm.hpp"

namespace evalsynth::evolve {
namespace {

class Generational final : public EvolutionAlgorithm {
 public:
  Generational(const Breeding& breeding, const AlgorithmSettings& settings)
      : breeding_(breeding), settings_(settings) {}

  void select_survivors(Population&) const override {}

  void breed(Population& population, int generation, Rng& rng) const override {
    if (settings_.restart_every > 0 && (generation + 1) % settings_.restart_every == 0) {
      population = breeding_.fresh_population(generation == 0, rng);
      return;
    }
    const std::vector<const Individual*> ranked = breeding_.selection.ranked(population);
    assert(static_cast<std::size_t>(settings_.elitism) <= ranked.size());
    Population next;
    next.reserve(population.size());
    for (int e = 0; e < settings_.elitism; ++e) next.push_back(*ranked[static_cast<std::size_t>(e)]);
    while (next.size() < population.size()) {
      const OperatorId op = breeding_.pick_operator(rng);
      const Individual& parent = breeding_.selection.tournament(population, rng);
      lang::Program child = breeding_.offspring(
          op, parent.program,
          [&]() -> const lang::Program& { return breeding_.selection.tournament(population, rng).program; }, rng);
      const std::uint64_t h = child.canonical_hash();
      next.push_back({std::move(child), h, {}});
    }
    population = std::move(next);
  }

 private:
  const Breeding& breeding_;
  AlgorithmSettings settings_;
};

}  // namespace

std::unique_ptr<EvolutionAlgorithm> make_generational(const Breeding& breeding, const AlgorithmSettings& settings) {
  return std::make_unique<Generational>(breeding, settings);
}

}  // namespace evalsynth::evolve
