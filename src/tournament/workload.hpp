#pragma once
// The thesis's fitness workload (Stenmark 2005, §4.1): every start board gives
// four games against IBEF searching at depth 2 — the candidate as X and as O,
// at depths 1 and 2.

#include <cstdint>
#include <vector>

#include "tournament/fitness.hpp"

namespace evalsynth {

// 711 boards as in the thesis's training + validation sets: the 57 shallow
// boards and 654 boards from seeded random-vs-random games.
std::vector<connect4::Position> thesis_sized_board_set(std::uint64_t seed);

// The whole workload on those boards, columns tried left to right.
FitnessTask<connect4::Game> thesis_workload(std::uint64_t seed);

}  // namespace evalsynth
