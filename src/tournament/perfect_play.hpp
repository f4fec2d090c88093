#pragma once
// Perfect play: the move a perfect player makes, from the game's solver
// (Connect4's own, solver/solver.hpp; for every other game the exact solver
// of solver/exact_solver.hpp). Each thread keeps a solver and its table.

#include "game/game.hpp"
#include "support/random.hpp"

namespace evalsynth {

// A random move among those of the best value class (win > draw > loss);
// with probability `epsilon` instead a random move that does not lose (if
// there is one); with `resist`, when lost, only the moves that lose latest.
// The random draw for epsilon comes first, always, so a game's randomness
// does not depend on the position's value. Precondition: the game is not over.
template <Game G>
typename G::Move perfect_move(const G& game, const typename G::Position& p, double epsilon, Rng& rng,
                              bool resist = false);

}  // namespace evalsynth
