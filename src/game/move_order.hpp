#pragma once
// Root move orders: which of several equally valued moves a player makes, and
// the random mover's choice. Game policy shared by matches, fitness games and
// strength measurement.

#include <cassert>
#include <string_view>
#include <utility>

#include "game/position.hpp"
#include "game/search.hpp"
#include "support/random.hpp"

namespace evalsynth {

// How a player orders the columns it tries at the root, which decides between
// equally valued moves.
enum class MoveOrder {
  LeftToRight,  // columns 1..7, as the ADATE specification (Appendix A)
  Random,       // shuffled anew for every move, as the thesis's Java agents (C.5)
};

// Their names on command lines and in specs.
inline constexpr std::pair<std::string_view, MoveOrder> kMoveOrderWords[] = {{"random", MoveOrder::Random},
                                                                             {"left-to-right", MoveOrder::LeftToRight}};

// The word of a value in a word table such as kMoveOrderWords.
template <class T, std::size_t N>
constexpr std::string_view word_of(const std::pair<std::string_view, T> (&words)[N], T value) {
  for (const auto& [word, v] : words)
    if (v == value) return word;
  return "?";
}

// The thesis's Java shuffle (C4IBEFAgent.randomize): for each index swap with a
// uniformly random index. Not a uniform permutation, but the one the published
// tables were made with, so it is what decides ties here too.
inline ColumnOrder thesis_shuffle(Rng& rng) {
  ColumnOrder order = kLeftToRight;
  for (int i = 0; i < kColumns; ++i) std::swap(order[i], order[rng.below(kColumns)]);
  return order;
}

// The root order for one move under `order` (draws from `rng` only when random).
inline ColumnOrder root_order(MoveOrder order, Rng& rng) {
  return order == MoveOrder::Random ? thesis_shuffle(rng) : kLeftToRight;
}

// A uniformly random playable column, as the thesis's random agent (C.4).
// Precondition: some column is playable.
inline int random_column(const Position& p, Rng& rng) {
  int playable[kColumns];
  int count = 0;
  for (int col = 0; col < kColumns; ++col)
    if (p.can_play(col)) playable[count++] = col;
  assert(count > 0);
  return playable[rng.below(count)];
}

}  // namespace evalsynth
