#include "evolve/selection.hpp"

#include <algorithm>
#include <cassert>

namespace evalsynth::evolve {

Selection::Selection(Scoring scoring, int tournament_size) : scoring_(scoring), tournament_size_(tournament_size) {
  assert(tournament_size >= 1);
}

bool Selection::better(const Individual& a, const Individual& b) const {
  return better(a.training, a.program.size(), b.training, b.program.size());
}

bool Selection::better(const Fitness& a, std::size_t size_a, const Fitness& b, std::size_t size_b) const {
  if (!a.same_as(b, scoring_)) return a.better_than(b, scoring_);
  return size_a < size_b;
}

std::vector<const Individual*> Selection::ranked(const Population& population) const {
  std::vector<const Individual*> order;
  order.reserve(population.size());
  for (const Individual& ind : population) order.push_back(&ind);
  std::stable_sort(order.begin(), order.end(),
                   [&](const Individual* a, const Individual* b) { return better(*a, *b); });
  return order;
}

const Individual& Selection::tournament(const Population& population, Rng& rng) const {
  assert(!population.empty());
  const auto draw = [&]() -> const Individual& {
    return population[static_cast<std::size_t>(rng.below(static_cast<int>(population.size())))];
  };
  const Individual* best = &draw();
  for (int k = 1; k < tournament_size_; ++k) {
    const Individual& other = draw();
    if (better(other, *best)) best = &other;
  }
  return *best;
}

}  // namespace evalsynth::evolve
