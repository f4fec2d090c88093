#pragma once
// Labelled position sets made by the project itself: positions from games of
// mixed players (the random mover, IBEF and ADATE-2005 at depths 1-4 with the
// thesis's random move order, each move replaced by a random one with
// probability 1/8; or, on request, games of random moves only), taken at a ply drawn uniformly from a range, distinct
// up to mirror images, labelled by the solver with every move's value. Optionally only positions where the choice
// matters (the moves' values are not all wins, all draws or all losses), or only those whose game lasts a given number
// of moves more under perfect play. Seeded: the same options give the same set for any thread count.

#include <cstdint>
#include <string>
#include <vector>

#include "solver/labelled_positions.hpp"

namespace evalsynth {

struct PositionSetOptions {
  int count = 1000;
  int first_ply = 8, last_ply = 36;                     // stones on the board
  bool decisive = false;                                // only positions where a mistake is possible
  bool random_games = false;                            // games of uniformly random moves, not mixed players
  int fewest_moves_left = 0, most_moves_left = kCells;  // solver::moves_left in this range
  std::uint64_t seed = 1;
  int threads = 0;
  std::size_t table_mb = 64;  // per thread
  bool progress = false;
};

// `exclude` (and their mirror images) never appear in the set.
std::vector<solver::LabelledPosition> make_position_set(const PositionSetOptions& options,
                                                        const std::vector<solver::LabelledPosition>& exclude);

// The move string of the mirror image (column c becomes 8 - c).
std::string mirrored_moves(const std::string& moves);

}  // namespace evalsynth
