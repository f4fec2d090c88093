#pragma once
// Perft: the number of move sequences of exactly `depth` moves from a
// position, as chess engines count them to check a move generator against
// published counts. A finished game has no moves (a win, a loss or a draw
// before `depth` ends its sequences: they count 0 at the full depth); the
// last move list is counted, not walked.

#include <cstdint>
#include <string>
#include <vector>

#include "game/game.hpp"

namespace evalsynth {

template <Game G>
std::uint64_t perft(const G& game, const typename G::Position& p, int depth) {
  if (depth == 0) return 1;
  if (game.status(p) != Status::Ongoing) return 0;
  MovesOf<G> moves;
  game.legal_moves(p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const auto& m : moves) n += perft(game, game.play(p, m), depth - 1);
  return n;
}

// Perft split by the first move (`--divide`): each root move's notation
// with the count below it, in the game's move order.
struct PerftDivision {
  std::string move;
  std::uint64_t count;
};

template <Game G>
std::vector<PerftDivision> perft_divide(const G& game, const typename G::Position& p, int depth) {
  std::vector<PerftDivision> out;
  if (depth < 1 || game.status(p) != Status::Ongoing) return out;
  MovesOf<G> moves;
  game.legal_moves(p, moves);
  for (const auto& m : moves) out.push_back({game.move_text(p, m), perft(game, game.play(p, m), depth - 1)});
  return out;
}

}  // namespace evalsynth
