#pragma once
// Perft: the number of move sequences of a given length from a position
// (leaves counted from the last move list, as published counts are). It
// checks a move generator against known counts and times it.

#include <cstdint>

#include "games/checkers/checkers.hpp"

namespace evalsynth::checkers {

inline std::uint64_t perft(const Game& g, const Position& p, int depth) {
  if (depth == 0) return 1;
  Moves moves;
  g.legal_moves(p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const Move& m : moves) n += perft(g, g.play(p, m), depth - 1);
  return n;
}

}  // namespace evalsynth::checkers
