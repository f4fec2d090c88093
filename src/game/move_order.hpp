#pragma once
// Root move orders: which of several equally valued moves a player makes, and
// the random mover's choice. Game policy shared by matches, fitness games and
// strength measurement, for every game.

#include <cassert>
#include <string_view>
#include <utility>

#include "game/game.hpp"
#include "support/random.hpp"

namespace evalsynth {

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
template <class List>
void thesis_shuffle(List& list, Rng& rng) {
  const int n = static_cast<int>(list.size());
  for (int i = 0; i < n; ++i)
    std::swap(list[static_cast<std::size_t>(i)], list[static_cast<std::size_t>(rng.below(n))]);
}

// The legal moves in the order a player tries them at the root under `order`
// (draws from `rng` only when random). A game may define its own shuffle
// (`root_moves`: Connect4 shuffles all seven columns, full ones included, as
// the thesis's agents did).
template <Game G>
MovesOf<G> root_moves(const G& game, const typename G::Position& p, MoveOrder order, Rng& rng) {
  MovesOf<G> moves;
  if constexpr (HasRootOrder<G>) {
    game.root_moves(p, order, rng, moves);
  } else {
    game.legal_moves(p, moves);
    if (order == MoveOrder::Random) thesis_shuffle(moves, rng);
  }
  return moves;
}

// A uniformly random legal move, as the thesis's random agent (C.4).
// Precondition: the game is not over.
template <Game G>
typename G::Move random_move(const G& game, const typename G::Position& p, Rng& rng) {
  MovesOf<G> moves;
  game.legal_moves(p, moves);
  assert(!moves.empty());
  return moves[static_cast<std::size_t>(rng.below(static_cast<int>(moves.size())))];
}

}  // namespace evalsynth
