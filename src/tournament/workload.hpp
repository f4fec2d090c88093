#pragma once
// The thesis's fitness workload (Stenmark 2005, §4.1): every start board gives
// four games against IBEF searching at depth 2 — the candidate as X and as O,
// at depths 1 and 2.

#include <cstdint>
#include <vector>

#include "tournament/player.hpp"

namespace evalsynth {

struct GameConfig {
  Side candidate_side;
  int candidate_depth;
  int opponent_depth;
};

inline const std::vector<GameConfig>& thesis_game_configs() {
  static const std::vector<GameConfig> configs = {
      {Side::X, 1, 2}, {Side::O, 1, 2}, {Side::X, 2, 2}, {Side::O, 2, 2}};
  return configs;
}

// 711 boards as in the thesis's training + validation sets: the 57 shallow
// boards and 654 boards from seeded random-vs-random games.
std::vector<Position> thesis_sized_board_set(std::uint64_t seed);

}  // namespace evalsynth
