#pragma once
// Applying a variation operator (evolve/operators.hpp). Each attempt builds a
// candidate, simplifies it when the simplified form is still derived by the
// grammar, and accepts it only if the grammar derives it, every variable is
// bound, and it fits the size and depth limits; otherwise it tries again, and
// after a few failures returns the parent unchanged. So every offspring obeys
// the grammar and the limits.

#include "evolve/grow.hpp"
#include "evolve/operators.hpp"

namespace evalsynth::evolve {

// The defaults admit the shipped seeds (grammar/examples: at most 301 nodes,
// and IBEF's 42-term sum is 44 deep because a chain a + b + c nests a level
// per operator, like every tree walker sees it).
struct Limits {
  std::size_t max_size = 400;
  int max_depth = 50;
};

class Variation {
 public:
  Variation(const Grower& grower, Limits limits) : grower_(grower), limits_(limits) {}
  Variation(Grower&&, Limits) = delete;  // keeps a reference: the grower must outlive it

  // `second` is used by operators that take a second parent only.
  lang::Program apply(OperatorId op, const lang::Program& parent, const lang::Program& second, Rng& rng) const;

  // Grammar, bound variables, limits.
  bool acceptable(const lang::Program& p) const;

  const Limits& limits() const { return limits_; }
  const lang::Grammar& grammar() const { return grower_.grammar(); }

 private:
  const Grower& grower_;
  Limits limits_;
};

}  // namespace evalsynth::evolve
