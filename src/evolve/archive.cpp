// The ADATE-like archive: for each program size, the best archive-per-size
// programs that are strictly better than every smaller program kept; each
// generation adds `population` offspring, each an archived program changed by
// 1..compound operators in a row, as ADATE expands its programs.

#include <algorithm>
#include <cassert>
#include <optional>

#include "evolve/algorithm.hpp"

namespace evalsynth::evolve {
namespace {

class Archive final : public EvolutionAlgorithm {
 public:
  Archive(const Breeding& breeding, const AlgorithmSettings& settings) : breeding_(breeding), settings_(settings) {}

  // ADATE's acceptance rule: a program stays only if it is better than every
  // smaller program kept, and at most archive-per-size programs of each size
  // stay (the best ones). Ties are broken by hash: the archive depends on
  // nothing but the programs and their fitness.
  void select_survivors(Population& population) const override {
    const Scoring scoring = breeding_.selection.scoring();
    std::vector<const Individual*> order;
    for (const Individual& ind : population) order.push_back(&ind);
    std::sort(order.begin(), order.end(), [&](const Individual* a, const Individual* b) {
      if (a->program.size() != b->program.size()) return a->program.size() < b->program.size();
      if (!a->training.same_as(b->training, scoring)) return a->training.better_than(b->training, scoring);
      return a->hash < b->hash;
    });
    Population archive;
    std::optional<Fitness> best_smaller;  // best kept among strictly smaller sizes
    for (std::size_t i = 0; i < order.size();) {
      const std::size_t size = order[i]->program.size();
      const std::size_t first_kept = archive.size();
      int kept = 0;
      for (; i < order.size() && order[i]->program.size() == size; ++i) {
        const Individual& ind = *order[i];
        const bool duplicate = archive.size() > first_kept && archive.back().hash == ind.hash;
        if (duplicate || kept == settings_.archive_per_size) continue;
        if (best_smaller && !ind.training.better_than(*best_smaller, scoring)) continue;
        archive.push_back(ind);
        ++kept;
      }
      if (archive.size() > first_kept)
        best_smaller = archive[first_kept].training;  // the best of this size, sorted first
    }
    assert(!archive.empty() || population.empty());
    population = std::move(archive);
  }

  void breed(Population& population, int /*generation*/, Rng& rng) const override {
    const std::size_t archived = population.size();
    assert(archived > 0);
    const auto random_member = [&]() -> const lang::Program& {
      return population[static_cast<std::size_t>(rng.below(static_cast<int>(archived)))].program;
    };
    for (int n = 0; n < breeding_.population_size; ++n) {
      lang::Program child = random_member();
      const int steps = 1 + rng.below(settings_.compound);
      for (int k = 0; k < steps; ++k)
        child = breeding_.offspring(breeding_.pick_operator(rng), child, random_member, rng);
      const std::uint64_t h = child.canonical_hash();
      population.push_back({std::move(child), h, {}});
    }
  }

 private:
  const Breeding& breeding_;
  AlgorithmSettings settings_;
};

}  // namespace

std::unique_ptr<EvolutionAlgorithm> make_archive(const Breeding& breeding, const AlgorithmSettings& settings) {
  return std::make_unique<Archive>(breeding, settings);
}

}  // namespace evalsynth::evolve
