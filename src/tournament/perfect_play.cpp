#include "tournament/perfect_play.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "solver/exact_solver.hpp"
#include "tournament/evaluators.hpp"

namespace evalsynth {
namespace {

// The choice among the legal moves (in the game's order) given each move's
// value class; `scores()` gives exact scores, asked for only to resist a lost
// position (the latest loss).
template <class Move, class Scores>
Move pick(const std::vector<Move>& moves, const std::vector<int>& outcomes, Scores scores, double epsilon, Rng& rng,
          bool resist) {
  assert(!moves.empty() && moves.size() == outcomes.size());
  const int best = *std::max_element(outcomes.begin(), outcomes.end());
  const bool latest_loss_only = resist && best < 0;
  std::vector<int> exact;
  int best_score = 0;
  if (latest_loss_only) {
    exact = scores();
    best_score = *std::max_element(exact.begin(), exact.end());
  }
  // The random draw comes first, always, so the game's randomness does not
  // depend on the position's value.
  const bool explore = rng.unit() < epsilon;
  std::vector<Move> candidates;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const int s = outcomes[i];
    const bool kept = !latest_loss_only || exact[i] == best_score;
    if (explore ? s >= std::min(best, 0) && kept : s == best && kept) candidates.push_back(moves[i]);
  }
  assert(!candidates.empty());
  return candidates[static_cast<std::size_t>(rng.below(static_cast<int>(candidates.size())))];
}

// Every thread keeps one solver per game (parameters included).
template <class G>
solver::ExactSolver<G>& thread_solver(const G& game) {
  thread_local std::map<std::string, std::unique_ptr<solver::ExactSolver<G>>> solvers;
  auto& slot = solvers[game.name()];
  if (!slot) slot = std::make_unique<solver::ExactSolver<G>>(game, 64);
  return *slot;
}

}  // namespace

template <Game G>
typename G::Move perfect_move(const G& game, const typename G::Position& p, double epsilon, Rng& rng, bool resist) {
  MovesOf<G> legal;
  game.legal_moves(p, legal);
  const std::vector<typename G::Move> moves(legal.begin(), legal.end());
  if constexpr (HasOwnSolver<G>) {
    return pick(
        moves, game.perfect_outcomes(p), [&] { return game.perfect_scores(p); }, epsilon, rng, resist);
  } else {
    solver::ExactSolver<G>& solver = thread_solver(game);
    const std::vector<int> outcomes = solver.analyse_outcomes(p);
    return pick(
        moves, outcomes, [&] { return solver.analyse(p); }, epsilon, rng, resist);
  }
}

#define EVALSYNTH_INSTANTIATE(G) template G::Move perfect_move<G>(const G&, const G::Position&, double, Rng&, bool);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
