#pragma once
// Selection with lexicographic parsimony: a program is better if its training
// fitness is better, and among equally fit programs the smaller one is
// better. Tournament selection draws `tournament_size` members uniformly (with
// replacement) and keeps the best.

#include <vector>

#include "evolve/individual.hpp"
#include "support/random.hpp"

namespace evalsynth::evolve {

class Selection {
 public:
  Selection(Scoring scoring, int tournament_size);

  bool better(const Individual& a, const Individual& b) const;
  // The same from a program's training fitness and size.
  bool better(const Fitness& a, std::size_t size_a, const Fitness& b, std::size_t size_b) const;
  // The population best first (stable: equals keep their order).
  std::vector<const Individual*> ranked(const Population& population) const;
  // Precondition: the population is not empty.
  const Individual& tournament(const Population& population, Rng& rng) const;

  Scoring scoring() const { return scoring_; }

 private:
  Scoring scoring_;
  int tournament_size_;
};

}  // namespace evalsynth::evolve
