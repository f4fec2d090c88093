#pragma once
// Variation operators. Each builds a candidate, simplifies it when the
// simplified form is still derived by the grammar, and accepts it only if the
// grammar derives it, every variable is bound, and it fits the size and depth
// limits; otherwise it tries again, and after a few failures returns the
// parent unchanged. So every offspring obeys the grammar and the limits.

#include <array>
#include <string_view>

#include "evolve/grow.hpp"

namespace evalsynth::evolve {

enum class Operator : std::uint8_t {
  Crossover,         // subtree crossover with a second parent
  SubtreeMutation,   // a subtree replaced by a freshly grown one
  PointMutation,     // one operator or feature swapped for a compatible one
  ConstantMutation,  // a constant nudged
  Hoist,             // a subtree becomes the whole program
  Shrink,            // a subtree replaced by one of its own subtrees
  Replace,           // ADATE R: a subtree replaced by a copy of another in the program
  Abstract,          // ADATE ABSTR: a repeated subexpression bound once by a let
  EmbedIf,           // ADATE EMB: a subexpression wrapped in if c then it else other
  EmbedLet,          // ADATE EMB: a subexpression wrapped in a let whose variable it uses
};
inline constexpr int kOperatorCount = 10;
std::string_view operator_name(Operator op);

struct Limits {
  std::size_t max_size = 300;
  int max_depth = 30;
};

class Variation {
 public:
  Variation(const Grower& grower, Limits limits) : grower_(grower), limits_(limits) {}

  // `second` is used by Crossover only.
  lang::Program apply(Operator op, const lang::Program& parent, const lang::Program& second, Rng& rng) const;

  // Grammar, bound variables, limits.
  bool acceptable(const lang::Program& p) const;

  const Limits& limits() const { return limits_; }

 private:
  std::optional<lang::Program> attempt(Operator op, const lang::Program& parent, const lang::Program& second, Rng& rng) const;
  std::optional<lang::Program> crossover(const lang::Program& a, const lang::Program& b, Rng& rng) const;
  std::optional<lang::Program> subtree_mutation(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> point_mutation(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> constant_mutation(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> hoist(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> shrink(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> replace(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> abstract(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> embed_if(const lang::Program& p, Rng& rng) const;
  std::optional<lang::Program> embed_let(const lang::Program& p, Rng& rng) const;

  // A random nonterminal of the grammar deriving values of `type`, or -1.
  int nonterminal_of_type(lang::Type type, Rng& rng) const;
  std::vector<lang::Node> grown(int nonterminal, int depth, Rng& rng, lang::Program& names_owner) const;

  const Grower& grower_;
  Limits limits_;
};

}  // namespace evalsynth::evolve
