#pragma once
// One training game, of any game. The learner moves greedily by its
// afterstate values (X takes the highest, O the lowest; ties broken at
// random), or with probability epsilon at random, and after each of its
// moves corrects the value of its previous afterstate towards the greedy
// value it now sees (or the result, at the end): the update of the thesis's
// learning agent, which learns the greedy policy's values even when it
// explores. A random move worse than the greedy one is "explored" (the
// n-tuple learners' traces stop there). Against an opponent the learner
// plays one side; in self-play it plays both, and each move corrects the
// position before it.
//
// An afterstate that ends the game is valued by its result. In games with
// fast win tests (game/game.hpp: only a win ends the game early, a full
// board draws) only wins are tested before moving, as the thesis's Connect4
// learner did; a drawn afterstate is valued by the learner.

#include <array>

#include "learn/td_learners.hpp"
#include "support/random.hpp"
#include "tournament/player.hpp"

namespace evalsynth::learn {

template <Game G>
struct EpisodeSettings {
  const Player<G>* opponent = nullptr;  // null: self-play
  Side learner_side = Side::X;          // with an opponent
  double alpha = 0, epsilon = 0;
};

inline Outcome outcome_of(Status s) { return s == Status::XWon ? 1 : s == Status::OWon ? -1 : 0; }

// The learner's value of playing `m` in `p`, from X's view.
template <Game G, class Td>
double move_value(const G& game, Td& td, const typename G::Position& p, const typename G::Move& m) {
  const Side side = game.side_to_move(p);
  if constexpr (HasFastWinTests<G>) {
    if (game.wins_at_once(p, m)) return Td::terminal_value(side == Side::X ? 1 : -1);
  } else {
    const Status after = game.status(game.play(p, m));
    if (after != Status::Ongoing) return Td::terminal_value(outcome_of(after));
  }
  return td.afterstate_value(p, m);
}

template <Game G, class Td>
Outcome play_episode(const G& game, Td& td, const EpisodeSettings<G>& settings, Rng& rng) {
  using Move = typename G::Move;
  typename G::Position p = game.start();
  td.start(p);
  SearchCounters counters;
  while (true) {
    const Side side = game.side_to_move(p);
    Move move{};
    if (settings.opponent && side != settings.learner_side) {
      move = choose_move(game, *settings.opponent, p, MoveOrder::Random, rng, counters);
    } else {
      // Greedy value for the side to move, over the moves in the game's order.
      MovesOf<G> moves;
      game.legal_moves(p, moves);
      std::array<double, G::kMaxMoves> mine{};
      double best = 0;
      std::size_t best_index = 0, ties = 0;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const double v = move_value(game, td, p, moves[i]);
        mine[i] = side == Side::X ? v : -v;
        if (ties == 0 || mine[i] > best) {
          best = mine[i];
          best_index = i;
          ties = 1;
        } else if (mine[i] == best && rng.below(static_cast<int>(++ties)) == 0) {
          best_index = i;
        }
      }
      td.update(side == Side::X ? best : -best, settings.alpha);
      std::size_t chosen = best_index;
      if (rng.unit() < settings.epsilon) {
        const Move random = random_move(game, p, rng);
        for (std::size_t i = 0; i < moves.size(); ++i)
          if (moves[i] == random) chosen = i;
      }
      move = moves[chosen];
      td.remember(p, move, mine[chosen] < best);
    }
    td.moved(p, move);
    p = game.play(p, move);
    if (const Status status = game.status(p); status != Status::Ongoing) {
      const Outcome outcome = outcome_of(status);
      td.update(Td::terminal_value(outcome), settings.alpha);
      return outcome;
    }
  }
}

}  // namespace evalsynth::learn
