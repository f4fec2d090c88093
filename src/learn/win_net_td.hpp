#pragma once
// How the four-in-a-row design document trains its network
// (model/win_net.hpp): "For each turn in a game, the heuristic function was
// evaluated for each possible successor state and the best one was chosen.
// Then, a round of back propagation was run with the net being corrected
// from the output for the last move toward the output of the current move.
// At the end of the game, a round of back propagation is run again, this
// time with the correction being from the evaluation of the last state and
// either the vector {1,0} or {0,1} depending on how the results turned out."
//
// So: the side to move takes the move whose position has its own highest
// chance of winning (a move that wins at once is worth 1; ties at random;
// with probability epsilon a random move, an option the document does not
// have); after each move the previous position's outputs are pulled towards
// the new position's, and at the end the final position's towards the result:
// {1,0} X won, {0,1} O won, {0,0} a draw (the document names no draw
// target: neither side won). Every position of the game is learned from,
// whoever moved into it, so against an opponent its moves teach too.

#include <array>

#include "learn/episode.hpp"
#include "model/win_net.hpp"

namespace evalsynth::learn {

template <model::StoneGridGame G>
class WinNetTd {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit WinNetTd(model::WinNet& net) : net_(net) {}

  // One game (the episode driver's place: learn/training.cpp).
  Outcome play_game(const G& game, const EpisodeSettings<G>& settings, Rng& rng) {
    Position p = game.start();
    Position previous{};
    bool has_previous = false;
    SearchCounters counters;
    while (true) {
      const Side side = game.side_to_move(p);
      const Move move = settings.opponent && side != settings.learner_side
                            ? choose_move(game, *settings.opponent, p, MoveOrder::Random, rng, counters)
                            : greedy_move(game, p, settings.epsilon, rng);
      const Position next = game.play(p, move);
      const Status status = game.status(next);
      if (has_previous) net_.train(previous.x, previous.o, net_.outputs(next), settings.alpha);
      if (status != Status::Ongoing) {
        const model::WinNet::Outputs result{status == Status::XWon ? 1.0 : 0.0, status == Status::OWon ? 1.0 : 0.0};
        net_.train(next.x, next.o, result, settings.alpha);
        return outcome_of(status);
      }
      previous = next;
      has_previous = true;
      p = next;
    }
  }

  // The move to the position where the side to move's own output is
  // highest (a win at once first); with probability `epsilon` a random move.
  Move greedy_move(const G& game, const Position& p, double epsilon, Rng& rng) const {
    MovesOf<G> moves;
    game.legal_moves(p, moves);
    if (epsilon > 0 && rng.unit() < epsilon)
      return moves[static_cast<std::size_t>(rng.below(static_cast<int>(moves.size())))];
    const Side side = game.side_to_move(p);
    const std::size_t mine = side == Side::X ? 0 : 1;
    model::WinNet::Hidden sums;
    net_.hidden_sums(p.x, p.o, sums);
    double best = -1;
    std::size_t best_index = 0, ties = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const double v = wins_at_once(game, p, moves[i]) ? 1.0 : net_.outputs_with_stone(sums, moves[i], side)[mine];
      if (ties == 0 || v > best) {
        best = v;
        best_index = i;
        ties = 1;
      } else if (v == best && rng.below(static_cast<int>(++ties)) == 0) {
        best_index = i;
      }
    }
    return moves[best_index];
  }

 private:
  static bool wins_at_once(const G& game, const Position& p, const Move& m) {
    if constexpr (HasFastWinTests<G>)
      return game.wins_at_once(p, m);
    else
      return game.status(game.play(p, m)) == (game.side_to_move(p) == Side::X ? Status::XWon : Status::OWon);
  }

  model::WinNet& net_;
};

}  // namespace evalsynth::learn
