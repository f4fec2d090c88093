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
    population = next_generation(breeding_, population, settings_.elitism, population.size(), rng);
  }

 private:
  const Breeding& breeding_;
  AlgorithmSettings settings_;
};

}  // namespace

Population next_generation(const Breeding& breeding, const Population& parents, int elitism, std::size_t size,
                           Rng& rng) {
  const std::vector<const Individual*> ranked = breeding.selection.ranked(parents);
  assert(static_cast<std::size_t>(elitism) <= ranked.size());
  Population next;
  next.reserve(size);
  for (int e = 0; e < elitism; ++e) next.push_back(*ranked[static_cast<std::size_t>(e)]);
  while (next.size() < size) {
    const OperatorId op = breeding.pick_operator(rng);
    const Individual& parent = breeding.selection.tournament(parents, rng);
    lang::Program child = breeding.offspring(
        op, parent.program,
        [&]() -> const lang::Program& { return breeding.selection.tournament(parents, rng).program; }, rng);
    const std::uint64_t h = child.canonical_hash();
    next.push_back({std::move(child), h, {}});
  }
  return next;
}

std::unique_ptr<EvolutionAlgorithm> make_generational(const Breeding& breeding, const AlgorithmSettings& settings) {
  return std::make_unique<Generational>(breeding, settings);
}

}  // namespace evalsynth::evolve
