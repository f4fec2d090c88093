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

#include "tournament/labelled.hpp"

namespace evalsynth {

struct PositionSetOptions {
  int count = 1000;
  int first_ply = 8, last_ply = 36;  // moves made from the start
  bool decisive = false;             // only positions where a mistake is possible
  bool random_games = false;         // games of uniformly random moves, not mixed players
  // How many more moves the game lasts under perfect play (Connect4:
  // connect4::moves_left; other games: until a win, drawn ones count as
  // lasting longer than any bound but the default).
  int fewest_moves_left = 0, most_moves_left = kNoMovesLeftBound;
  std::uint64_t seed = 1;
  int threads = 0;
  std::size_t table_mb = 64;  // per thread
  bool progress = false;
  // Other games than Connect4: the exact solver's nodes for one position, 0
  // for no limit; a position beyond it is left out of the set (counted in
  // PositionSetCounts), so a game whose hard positions take hours still
  // gets its sets in bounded time.
  std::uint64_t node_limit = 0;
};

struct PositionSetCounts {
  int beyond_limit = 0;  // positions drawn but left unlabelled: beyond node_limit
};

// Positions of `game` from games of mixed players (the random mover and the
// game's reference evaluators at depths 1-4), labelled by the game's solver.
// `exclude` (and their symmetric images) never appear in the set. With
// `starts`, each game begins at one of them, drawn at random, and the plies
// of `options` count the moves made after it (0: the start itself); without,
// at the game's start.
template <Game G>
std::vector<LabelledOf<G>> make_position_set(const G& game, const PositionSetOptions& options,
                                             const std::vector<LabelledOf<G>>& exclude,
                                             const std::vector<LabelledOf<G>>& starts = {},
                                             PositionSetCounts* counts = nullptr);

// The earliest ply from which the exact solver labels `game`'s positions
// within a fixed number of nodes each: going back ply by ply from
// `from_ply` (the game's static guess of its reach), seeded random games'
// positions are solved until one takes more; where most at `from_ply`
// itself take more, forward instead to the first ply where most do not (at
// most `last_ply`). So `positions` draws its sets from as early in the game
// as the solver affords, never from where labelling would not end. The same
// game gives the same ply everywhere (one solver, a fixed table). Games
// with their own solver (Connect4) keep `from_ply`.
template <Game G>
int earliest_labelled_ply(const G& game, int from_ply, int last_ply);

}  // namespace evalsynth
