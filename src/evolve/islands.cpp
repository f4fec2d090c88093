// The island model: the population is `islands` equal generational
// populations on a ring, each evolving on its own for `migration_every`
// generations at a time (an epoch) with its own random stream, so that the
// islands can be evolved apart — on the ranks of a cluster
// (synthesis/island_epochs.cpp). At the end of an epoch each island's best
// `migrants` programs take the places of the last as many offspring of the
// next island's new population, so a good program spreads around the ring
// slowly and the islands explore apart in between. This class breeds one
// island; the epochs, the ring and the validation of each island's best are
// the run's (synthesis/).

#include <cassert>

#include "evolve/algorithm.hpp"

namespace evalsynth::evolve {
namespace {

class Islands final : public EvolutionAlgorithm {
 public:
  Islands(const Breeding& breeding, const AlgorithmSettings& settings) : breeding_(breeding), settings_(settings) {
    assert(settings_.islands >= 1 && settings_.migration_every >= 1);
  }

  void select_survivors(Population&) const override {}
  int parts() const override { return settings_.islands; }

  // `population` is one island.
  void breed(Population& population, int, Rng& rng) const override {
    population = next_generation(breeding_, population, settings_.elitism, population.size(), rng);
  }

 private:
  const Breeding& breeding_;
  AlgorithmSettings settings_;
};

}  // namespace

std::unique_ptr<EvolutionAlgorithm> make_islands(const Breeding& breeding, const AlgorithmSettings& settings) {
  return std::make_unique<Islands>(breeding, settings);
}

Population best_of(const Breeding& breeding, const Population& island, std::size_t count) {
  const std::vector<const Individual*> ranked = breeding.selection.ranked(island);
  assert(count <= ranked.size());
  Population best;
  for (std::size_t i = 0; i < count; ++i) best.push_back(*ranked[i]);
  return best;
}

void migrate_along_ring(std::vector<Population>& islands, const std::vector<Population>& emigrants) {
  const std::size_t n = islands.size();
  assert(emigrants.size() == n);
  if (n < 2) return;
  for (std::size_t i = 0; i < n; ++i) {
    Population& to = islands[(i + 1) % n];
    const Population& from = emigrants[i];
    assert(from.size() <= to.size());
    std::copy(from.begin(), from.end(), to.end() - static_cast<std::ptrdiff_t>(from.size()));
  }
}

}  // namespace evalsynth::evolve
