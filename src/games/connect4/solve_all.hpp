#pragma once
// Solving many positions in parallel (oneTBB), each worker with a solver and
// transposition table of its own (memory: threads x table). Scores are exact,
// so they do not depend on the number of threads; node counts and times do.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "game/solve_options.hpp"
#include "games/connect4/position.hpp"

namespace evalsynth::connect4 {

struct SolvedPosition {
  int score = 0;                      // the position's value
  std::array<int, kColumns> moves{};  // each move's value (analyse only)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Precondition: no position is finished.
std::vector<SolvedPosition> solve_all(const std::vector<Position>& positions, const SolveOptions& options);

}  // namespace evalsynth::connect4
