#pragma once
// An exact solver for any game of the engine (Connect4 has its own, faster
// one: solver/solver.hpp): negamax alpha-beta over the whole game tree, with
// a transposition table of bounds keyed by the position's canonical form, so
// positions equal under the game's symmetries are solved once. Meant for
// small games (tic-tac-toe boards, ModNim) and late positions of larger ones.
//
// Scores, from the side to move's view: a win in d more plies (the winning
// move included) scores kExactWin - d, a loss in d plies -(kExactWin - d), a
// draw 0; so the faster win and the slower loss score more, and the sign is
// the value class. A finished position scores from its side to move's view
// with d = 0.
//
// The game needs, besides the Game concept, `canonical(p)`: the position its
// symmetry class is keyed by (a table entry keeps it whole, so two positions
// never share an entry by accident).

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

#include "game/game.hpp"

namespace evalsynth::solver {

inline constexpr int kExactWin = 10000;
// Games longer than this many plies are not solved exactly.
inline constexpr int kExactMaxPlies = kExactWin / 2;

// The value class of a score: 1 win, 0 draw, -1 loss.
constexpr int value_class(int score) { return (score > 0) - (score < 0); }
// Plies until the game ends under perfect play (0 for a draw: it lasts
// as long as the board allows).
constexpr int plies_to_end(int score) { return score == 0 ? 0 : kExactWin - (score > 0 ? score : -score); }

template <class G>
concept ExactlySolvable = Game<G> && requires(const G& g, const typename G::Position& p) {
  { g.canonical(p) } -> std::same_as<typename G::Position>;
};

// Thrown by a search of an ExactSolver past its node limit.
struct NodeLimitReached {};

template <ExactlySolvable G>
class ExactSolver {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit ExactSolver(const G& game, std::size_t table_megabytes = 64)
      : game_(game), table_(std::max<std::size_t>(1024, (table_megabytes << 20) / sizeof(Entry))) {}

  // The score of `p` for its side to move (finished positions too).
  int solve(const Position& p) { return negamax(p, 0, -kInfinity, kInfinity); }

  // Only the value class (1, 0, -1), by two null-window searches around 0:
  // much cheaper than the exact score where wins are far away.
  int outcome(const Position& p) {
    if (negamax(p, 0, 0, 1) >= 1) return 1;
    return negamax(p, 0, -1, 0) <= -1 ? -1 : 0;
  }

  // The score of each legal move for the side to move (the value of the
  // position after it, from the mover's view), in the order of legal_moves.
  // Precondition: the game is not over.
  std::vector<int> analyse(const Position& p) {
    return each_move(p, [&](const Position& c) { return solve(c); });
  }
  // The same, value classes only.
  std::vector<int> analyse_outcomes(const Position& p) {
    return each_move(
        p, [&](const Position& c) { return outcome(c); }, true);
  }

  std::uint64_t nodes() const { return nodes_; }
  void clear_table() { std::fill(table_.begin(), table_.end(), Entry{}); }
  // From now on, a search that takes the node count past `limit` throws
  // NodeLimitReached (the table keeps only finished entries, so it stays
  // valid): how `positions` probes how far back the solver reaches.
  void limit_nodes(std::uint64_t limit) { node_limit_ = limit; }

 private:
  static constexpr int kInfinity = kExactWin + 1;

  struct Entry {
    Position position{};
    std::int16_t lower = -kInfinity, upper = kInfinity;  // position-relative bounds
    bool used = false;
  };

  template <class Value>
  std::vector<int> each_move(const Position& p, Value value, bool classes = false) {
    MovesOf<G> moves;
    game_.legal_moves(p, moves);
    std::vector<int> scores;
    scores.reserve(moves.size());
    for (const Move& m : moves) {
      const int child = value(game_.play(p, m));
      // The child's value is its own side to move's, a ply later.
      scores.push_back(classes ? -child : -shrink(child));
    }
    return scores;
  }

  // One ply further from the end: a win or loss in d plies seen from the
  // position before it.
  static int shrink(int score) { return score > 0 ? score - 1 : score < 0 ? score + 1 : 0; }

  // Scores in the search are relative to the root (a win at ply k from it
  // scores kExactWin - k); the table keeps them relative to the position.
  static int to_table(int score, int ply) {
    return score > kExactMaxPlies ? score + ply : score < -kExactMaxPlies ? score - ply : score;
  }
  static int from_table(int score, int ply) {
    return score > kExactMaxPlies ? score - ply : score < -kExactMaxPlies ? score + ply : score;
  }

  // Fail-soft negamax: the exact score if it lies in (alpha, beta), else a
  // bound on the side beyond it.
  int negamax(const Position& p, int ply, int alpha, int beta) {
    if (++nodes_ > node_limit_) throw NodeLimitReached{};
    const Status status = game_.status(p);
    if (status != Status::Ongoing) {
      if (status == Status::Drawn) return 0;
      const bool mover_won = (status == Status::XWon) == (game_.side_to_move(p) == Side::X);
      return mover_won ? kExactWin - ply : -(kExactWin - ply);
    }
    assert(ply < kExactMaxPlies);
    MovesOf<G> forced;
    if constexpr (HasFastWinTests<G>) {
      if (game_.has_winning_move(p)) return kExactWin - ply - 1;
      // The opponent's winning cells: two or more lose (one stone blocks
      // one), one must be filled.
      if constexpr (requires { game_.forced_moves(p, forced); })
        if (game_.forced_moves(p, forced) >= 2) return -(kExactWin - ply - 2);
    }
    const Position key = game_.canonical(p);
    Entry& entry = table_[static_cast<std::size_t>(game_.key(key) % table_.size())];
    int lower = -kInfinity, upper = kInfinity;
    if (entry.used && entry.position == key) {
      lower = from_table(entry.lower, ply);
      upper = from_table(entry.upper, ply);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
    }
    const int alpha0 = std::max(alpha, lower), beta0 = std::min(beta, upper);
    int a = alpha0;
    int best = -kInfinity;
    auto try_move = [&](const Move& m) {  // false: stop trying moves
      const int score = -negamax(game_.play(p, m), ply + 1, -beta0, -std::max(a, best));
      if (score > best) {
        best = score;
        if (best >= beta0) return false;
        a = std::max(a, best);
      }
      return true;
    };
    if (!forced.empty()) {
      try_move(forced[0]);
    } else if constexpr (HasSearchOrder<G>) {
      game_.for_each_search_move(p, try_move);
    } else {
      MovesOf<G> moves;
      game_.legal_moves(p, moves);
      for (const Move& m : moves)
        if (!try_move(m)) break;
    }
    // Merge what this search proved with what the entry knew of this position.
    if (best <= alpha0)
      upper = std::min(upper, best);
    else if (best >= beta0)
      lower = std::max(lower, best);
    else
      lower = upper = best;
    entry = {key, static_cast<std::int16_t>(to_table(lower, ply)), static_cast<std::int16_t>(to_table(upper, ply)),
             true};
    return best;
  }

  G game_;
  std::vector<Entry> table_;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = std::numeric_limits<std::uint64_t>::max();
};

}  // namespace evalsynth::solver
