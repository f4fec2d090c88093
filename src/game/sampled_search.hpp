#pragma once
// The four-in-a-row design document's "neighbouring state search" (Ledger
// and Kneeland): at each node the evaluator values every child, and the
// children searched further are drawn at random, the good ones (for the side
// to move) more often than the bad: "very favorable nodes at about 75% of
// the time and very unfavorable nodes at about 25% of the time with a
// continuous distribution between them". So it searches deeper than
// alpha-beta in the same time, and may miss the one reply that refutes a
// move.
//
// Read here as: below the root, the children of a node are ranked by the
// evaluator, best first for the side to move, and the child of rank r among
// n is searched with probability 0.75 - 0.5 r / (n - 1) (each drawn on its
// own, so about half of them are; if none is drawn, the best is); the
// searched children are then visited best first with alpha-beta windows.
// The root searches every move, as the document's first function does. A
// node whose children are leaves takes the best of their values (already
// known: sampling them would only lose information). The conventions are
// AlphaBeta's (game/search.hpp): values from X's view, wins worth
// kWinValue, a move that wins at once taken at once, the first best root
// move in the root order chosen. The draws come from the caller's
// generator, so a seeded game replays.

#include <algorithm>
#include <array>
#include <cassert>
#include <utility>

#include "game/game.hpp"
#include "game/search.hpp"
#include "support/random.hpp"

namespace evalsynth {

template <Game G, class E>
requires PositionEvaluator<E, typename G::Position>
class SampledSearch {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr double kBestChance = 0.75, kWorstChance = 0.25;

  SampledSearch(const G& game, const E& evaluator, Rng& rng) : game_(game), evaluator_(evaluator), rng_(rng) {}
  SampledSearch(G&&, const E&, Rng&) = delete;
  SampledSearch(const G&, E&&, Rng&) = delete;

  // Precondition: the game is not over at `root`, depth >= 1, `root_order`
  // lists legal moves only (not empty).
  SearchResult<Move> search(const Position& root, int depth, const MovesOf<G>& root_order) {
    assert(game_.status(root) == Status::Ongoing && depth >= 1 && !root_order.empty());
    int best = -kInfinity;
    Move best_move = root_order[0];
    for (const Move& m : root_order) {
      const int score = move_value(root, m, depth, best, kInfinity);
      if (score > best) {
        best = score;
        best_move = m;
      }
    }
    return {best_move, game_.side_to_move(root) == Side::X ? best : -best};
  }

  const SearchCounters& counters() const { return counters_; }

  // The chance that the child of rank `rank` (0 best) among `n` is searched.
  static double search_chance(std::size_t rank, std::size_t n) {
    if (n <= 1) return 1;
    return kBestChance - (kBestChance - kWorstChance) * static_cast<double>(rank) / static_cast<double>(n - 1);
  }

 private:
  static constexpr int kInfinity = 1'000'000;

  // The value of the child `parent` after `m` for the side that moved, with
  // `depth` plies including that move.
  int move_value(const Position& parent, const Move& m, int depth, int alpha, int beta) {
    ++counters_.nodes;
    if constexpr (HasFastWinTests<G>) {
      if (game_.wins_at_once(parent, m)) return kWinValue;
    }
    const Position child = game_.play(parent, m);
    if (const Status status = game_.status(child); status != Status::Ongoing) {
      const int value = final_value(status);
      return game_.side_to_move(child) == Side::X ? -value : value;
    }
    if (depth == 1) return static_value(child);
    return -negamax(child, depth - 1, -beta, -alpha);
  }

  // The evaluator's value of an unfinished `child` for the side that moved into it.
  int static_value(const Position& child) {
    ++counters_.evaluations;
    const int v = clamp_heuristic(evaluator_(child));
    return game_.side_to_move(child) == Side::X ? -v : v;
  }

  // Value of the unfinished `p` for its side to move, depth >= 1.
  int negamax(const Position& p, int depth, int alpha, int beta) {
    MovesOf<G> moves;
    game_.legal_moves(p, moves);
    // Each child's value for the side to move: final, or the evaluator's.
    std::array<std::pair<int, std::size_t>, G::kMaxMoves> ranked;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ++counters_.nodes;
      if constexpr (HasFastWinTests<G>) {
        if (game_.wins_at_once(p, moves[i])) return kWinValue;  // nothing beats it
      }
      const Position child = game_.play(p, moves[i]);
      const Status status = game_.status(child);
      if (status != Status::Ongoing) {
        const int value = final_value(status);
        if ((game_.side_to_move(child) == Side::X ? -value : value) == kWinValue) return kWinValue;
        ranked[i] = {game_.side_to_move(child) == Side::X ? -value : value, i};
      } else {
        ranked[i] = {static_value(child), i};
      }
    }
    const auto end = ranked.begin() + static_cast<std::ptrdiff_t>(moves.size());
    std::stable_sort(ranked.begin(), end, [](const auto& a, const auto& b) { return a.first > b.first; });
    if (depth == 1) return ranked[0].first;
    // Which children to search: each by its rank's chance, the best if none.
    std::array<bool, G::kMaxMoves> searched{};
    bool any = false;
    for (std::size_t r = 0; r < moves.size(); ++r) {
      searched[r] = rng_.unit() < search_chance(r, moves.size());
      any = any || searched[r];
    }
    if (!any) searched[0] = true;
    int best = -kInfinity;
    for (std::size_t r = 0; r < moves.size(); ++r) {
      if (!searched[r]) continue;
      // A finished child's value is final; an unfinished one is searched on.
      const Position child = game_.play(p, moves[ranked[r].second]);
      const int score = game_.status(child) != Status::Ongoing
                            ? ranked[r].first
                            : -negamax(child, depth - 1, -beta, -std::max(alpha, best));
      if (score > best) {
        best = score;
        if (best >= beta || best == kWinValue) break;
      }
    }
    return best;
  }

  const G& game_;
  const E& evaluator_;
  Rng& rng_;
  SearchCounters counters_;
};

}  // namespace evalsynth
