#pragma once
// The parts every family's built-in grammar shares (each record's
// default_grammar() puts them together, grammar/README.md says what they
// mean): arithmetic with lets, logic, the players, and the cells `sq(row,
// col)` reads.

#include <string>
#include <string_view>

namespace evalsynth::grammar_text {

// `int ::= ...` with constants, sq(row, col) and `feature`, at the weights
// the feature grammars of grammar/ use.
extern const std::string_view kArithmetic;
// `bool ::= ...` and `player ::= x | o`.
extern const std::string_view kLogic;
// `row` and `col` over a board of `rows` x `columns`.
std::string cells(int rows, int columns);
// The opening lines: `game NAME` and a comment naming what the grammar holds.
std::string heading(const std::string& game, std::string_view holds);

}  // namespace evalsynth::grammar_text
