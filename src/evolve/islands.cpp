// The island model: the population is `islands` equal generational
// populations on a ring. Each breeds from its own programs only, with its
// own random stream (drawn from the run's generator once a generation, so
// the run stays a function of its seed), and every `migration_every`
// generations each island's best `migrants` programs replace the worst as
// many of the next island's, before breeding — so a good program spreads
// around the ring slowly and the islands explore apart in between. The run
// validates each island's best (Synthesis::validate_top), and the answer is
// the best validation performer over all islands.

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

  void breed(Population& population, int generation, Rng& rng) const override {
    const auto n = static_cast<std::size_t>(settings_.islands);
    assert(population.size() % n == 0);
    const std::size_t size = population.size() / n;
    std::vector<Population> islands(n);
    for (std::size_t i = 0; i < n; ++i)
      islands[i].assign(population.begin() + static_cast<std::ptrdiff_t>(i * size),
                        population.begin() + static_cast<std::ptrdiff_t>((i + 1) * size));
    if ((generation + 1) % settings_.migration_every == 0 && n > 1) migrate(islands);
    const std::uint64_t streams = rng.next();
    Population next;
    next.reserve(population.size());
    for (std::size_t i = 0; i < n; ++i) {
      Rng island_rng(mix_seed({streams, i}));
      for (Individual& child : next_generation(breeding_, islands[i], settings_.elitism, size, island_rng))
        next.push_back(std::move(child));
    }
    population = std::move(next);
  }

 private:
  // Along the ring, all at once: island i's best replace island i+1's worst.
  void migrate(std::vector<Population>& islands) const {
    const std::size_t n = islands.size();
    const auto k = static_cast<std::size_t>(settings_.migrants);
    std::vector<std::vector<Individual>> emigrants(n);
    std::vector<std::vector<std::size_t>> worst(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::vector<const Individual*> ranked = breeding_.selection.ranked(islands[i]);
      assert(k < ranked.size());
      for (std::size_t j = 0; j < k; ++j) emigrants[i].push_back(*ranked[j]);
      for (std::size_t j = 0; j < k; ++j)
        worst[i].push_back(static_cast<std::size_t>(ranked[ranked.size() - 1 - j] - islands[i].data()));
    }
    for (std::size_t i = 0; i < n; ++i) {
      Population& to = islands[(i + 1) % n];
      for (std::size_t j = 0; j < k; ++j) to[worst[(i + 1) % n][j]] = emigrants[i][j];
    }
  }

  const Breeding& breeding_;
  AlgorithmSettings settings_;
};

}  // namespace

std::unique_ptr<EvolutionAlgorithm> make_islands(const Breeding& breeding, const AlgorithmSettings& settings) {
  return std::make_unique<Islands>(breeding, settings);
}

}  // namespace evalsynth::evolve
