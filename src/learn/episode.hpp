#pragma once
// One training game. The learner moves greedily by its afterstate values (X
// takes the highest, O the lowest; ties broken at random), or with
// probability epsilon at random, and after each of its moves corrects the
// value of its previous afterstate towards the greedy value it now sees (or
// the result, at the end): the update of the thesis's learning agent, which
// learns the greedy policy's values even when it explores. A random move
// worse than the greedy one is "explored" (the n-tuple learner's traces stop
// there). Against an opponent the learner plays one side; in self-play it
// plays both, and each move corrects the position before it.

#include <array>

#include "learn/td_learners.hpp"
#include "support/random.hpp"
#include "tournament/player.hpp"

namespace evalsynth::learn {

struct EpisodeSettings {
  const Player<Connect4>* opponent = nullptr;  // null: self-play
  Side learner_side = Side::X;                 // with an opponent
  double alpha = 0, epsilon = 0;
};

template <class Td>
Outcome play_episode(Td& td, const EpisodeSettings& settings, Rng& rng) {
  Position p;
  td.start(p);
  SearchCounters counters;
  while (true) {
    const Side side = p.side_to_move();
    int col = -1;
    if (settings.opponent && side != settings.learner_side) {
      col = choose_move(Connect4{}, *settings.opponent, p, MoveOrder::Random, rng, counters);
    } else {
      // Greedy value for the side to move; a winning move ends the search.
      double best = 0;
      std::array<double, kColumns> mine{};
      int best_col = -1, ties = 0;
      for (int c = 0; c < kColumns; ++c) {
        if (!p.can_play(c)) continue;
        const double v =
            p.is_winning_move(c) ? Td::terminal_value(side == Side::X ? 1 : -1) : td.afterstate_value(p, c);
        mine[static_cast<std::size_t>(c)] = side == Side::X ? v : -v;
        const double m = mine[static_cast<std::size_t>(c)];
        if (best_col < 0 || m > best) {
          best = m;
          best_col = c;
          ties = 1;
        } else if (m == best && rng.below(++ties) == 0) {
          best_col = c;
        }
      }
      td.update(side == Side::X ? best : -best, settings.alpha);
      col = best_col;
      if (rng.unit() < settings.epsilon) col = random_move(Connect4{}, p, rng);
      td.remember(p, col, mine[static_cast<std::size_t>(col)] < best);
    }
    const bool wins = p.is_winning_move(col);
    td.moved(p, col);
    p = p.played(col);
    if (wins || p.is_full()) {
      const Outcome outcome = wins ? (side == Side::X ? 1 : -1) : 0;
      td.update(Td::terminal_value(outcome), settings.alpha);
      return outcome;
    }
  }
}

}  // namespace evalsynth::learn
