#pragma once
// Growing random programs from a grammar: every program it builds is derived
// by the grammar, so the evolver never leaves the search space the user chose.

#include <cstdint>
#include <vector>

#include "lang/grammar.hpp"
#include "lang/program.hpp"
#include "support/random.hpp"

namespace evalsynth::evolve {

// Variables visible at a point of a program: (name index, type), innermost last.
using Scope = std::vector<std::pair<std::int32_t, lang::Type>>;

class Grower {
 public:
  explicit Grower(const lang::Grammar& grammar);

  const lang::Grammar& grammar() const { return grammar_; }

  // Appends to `out` a random derivation of `nonterminal`, at most `max_depth`
  // deep. `full` prefers alternatives with operands until the depth runs out
  // (Koza's "full"), otherwise any alternative that fits ("grow").
  void grow(lang::Program& out, int nonterminal, int max_depth, bool full, Rng& rng, Scope& scope) const;

  // A whole program from the start symbol.
  lang::Program program(int max_depth, bool full, Rng& rng) const;

  // The least depth a derivation of `nonterminal` needs.
  int min_depth(int nonterminal) const { return min_depth_[static_cast<std::size_t>(nonterminal)]; }

 private:
  int form_min_depth(const lang::GrammarForm& f) const;
  std::uint8_t pick_player(int operand, Rng& rng) const;
  static std::int32_t fresh_name(lang::Program& out, const Scope& scope);

  const lang::Grammar& grammar_;
  std::vector<int> min_depth_;
};

}  // namespace evalsynth::evolve
