#pragma once
// Strength against perfect play (positions labelled by the solver, or
// Pons's benchmark files): a player's chosen move is a
// mistake if another legal move has a strictly better value sign
// (win > draw > loss) under perfect play. The mistake rate on a set is the
// fraction of its positions where the chosen move is a mistake.
//
// Ties between equally valued moves are broken as in a game: by the root
// move order, shuffled per position with the thesis's shuffle (or left to
// right), seeded from (seed, position index, depth), so results are
// reproducible and do not depend on the thread count.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/connect4/labelled_positions.hpp"
#include "tournament/labelled.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

using connect4::kFullColumn;
using connect4::LabelledPosition;
using connect4::parse_analysis_text;
using connect4::read_analysis_file;

struct StrengthResult {
  int positions = 0;
  int mistakes = 0;
  std::vector<std::uint8_t> mistaken;  // per position, in the set's order: 1 for a mistake
  double rate() const { return positions ? static_cast<double>(mistakes) / positions : 0.0; }
};

// The player (at its own depth) on every position, in parallel.
template <Game G>
StrengthResult measure_strength(const G& game, const Player<G>& player, const std::vector<LabelledOf<G>>& positions,
                                MoveOrder order, std::uint64_t seed, int threads);

// The part of measure_strength a process plays: for each positions[which[k]],
// 1 if the player's move there is a mistake, judged exactly as
// measure_strength judges it (a run's answer is measured this way in chunks
// over its cluster: synthesis/run_game.hpp).
template <Game G>
std::vector<std::uint8_t> judge_positions(const G& game, const Player<G>& player,
                                          const std::vector<LabelledOf<G>>& positions,
                                          const std::vector<std::size_t>& which, MoveOrder order, std::uint64_t seed,
                                          int threads);

// The result of every position's judgement, in the set's order.
StrengthResult strength_of(std::vector<std::uint8_t> mistaken);

}  // namespace evalsynth
