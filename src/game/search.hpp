#pragma once
// Depth-limited alpha-beta minimax with the thesis's conventions
// (Stenmark 2005, Appendix A and C.5):
//  - values from X's view; X maximizes, O minimizes;
//  - a won game is worth +-kWinValue whatever its depth, a full board 0;
//  - at the cutoff depth the evaluator scores the position, clamped to
//    [-kMaxHeuristic, kMaxHeuristic];
//  - depth 1 looks at the positions after each own move;
//  - the move chosen is the FIRST move in the root order whose value is best.
//
// `Rules` is the win test (StandardRules, or ThesisJavaRules to replay the
// thesis's games); the board-full draw is the same under both.
//
// Only the root order decides between equally valued moves: below the root the
// search returns exact values whenever they could change the root's choice, so
// interior nodes may use any order. They try the centre first (more cut-offs)
// and stop at once when the side to move can win (its value is then exactly
// kWinValue, which no other move can beat).

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>

#include "game/evaluators.hpp"
#include "game/position.hpp"

namespace evalsynth {

using ColumnOrder = std::array<int, kColumns>;
inline constexpr ColumnOrder kLeftToRight = {0, 1, 2, 3, 4, 5, 6};
inline constexpr ColumnOrder kCentreFirst = {3, 2, 4, 1, 5, 0, 6};

struct SearchResult {
  int move = -1;  // column 0..6
  int value = 0;  // from X's view
};

struct SearchCounters {
  std::uint64_t nodes = 0;        // positions reached by a move
  std::uint64_t evaluations = 0;  // evaluator calls at the cutoff
};

constexpr int clamp_heuristic(int v) { return std::clamp(v, -kMaxHeuristic, kMaxHeuristic); }

template <Evaluator E, class Rules = StandardRules>
class AlphaBeta {
 public:
  explicit AlphaBeta(const E& evaluator, Rules = {}) : evaluator_(evaluator) {}
  // The search keeps a reference to its evaluator: a temporary would dangle.
  explicit AlphaBeta(E&&, Rules = {}) = delete;

  // Precondition: !root.is_game_over(), depth >= 1.
  SearchResult search(const Position& root, int depth, const ColumnOrder& root_order) {
    assert(!root.is_game_over() && depth >= 1);
    int best = -kInfinity;
    int best_move = -1;
    for (int col : root_order) {
      if (!root.can_play(col)) continue;
      int score;
      if (root.is_winning_move<Rules>(col)) {
        ++counters_.nodes;
        score = kWinValue;
      } else {
        // Window (best, inf): a move is taken only if strictly better, and
        // fail-soft returns <= best for any move that is not.
        score = child_value(root.played(col), depth, best, kInfinity);
      }
      if (score > best) {
        best = score;
        best_move = col;
      }
    }
    return {best_move, root.side_to_move() == Side::X ? best : -best};
  }

  const SearchCounters& counters() const { return counters_; }

 private:
  static constexpr int kInfinity = 1'000'000;

  // Value, for the side that just moved into `child`, of the position `child`
  // (which is not won), with `depth` plies including the move just made.
  int child_value(const Position& child, int depth, int alpha, int beta) {
    ++counters_.nodes;
    if (child.is_full()) return 0;
    if (depth == 1) {
      ++counters_.evaluations;
      const int v = clamp_heuristic(evaluator_(child));
      return child.side_to_move() == Side::X ? -v : v;
    }
    return -negamax(child, depth - 1, -beta, -alpha);
  }

  // Value of `p` for its side to move; `p` is not finished, depth >= 1.
  int negamax(const Position& p, int depth, int alpha, int beta) {
    if (p.can_win_now<Rules>()) {
      ++counters_.nodes;
      return kWinValue;
    }
    int best = -kInfinity;
    for (int col : kCentreFirst) {
      if (!p.can_play(col)) continue;
      const int score = child_value(p.played(col), depth, std::max(alpha, best), beta);
      if (score > best) {
        best = score;
        if (best >= beta) break;
      }
    }
    return best;
  }

  const E& evaluator_;
  SearchCounters counters_;
};

}  // namespace evalsynth
