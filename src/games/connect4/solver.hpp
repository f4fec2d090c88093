#pragma once
// A perfect-play Connect4 solver: the exact game-theoretic value of any
// position that is not finished, with the score convention of Pons's
// benchmark files: positive if the side to move wins, negative if it loses,
// 0 for a draw; a win with the winner's k-th stone (counted over the whole
// game) scores 22 - k, so earlier wins score more.
//
// Design (the known-good one for bitboard solvers): negamax alpha-beta on two
// bitboards (the mover's stones and all stones), null-window searches that
// narrow the score by bisection, a fixed-size transposition table of bounds,
// moves that lose at once pruned (the opponent's open threats and the squares
// below them), moves tried centre first and by the number of threats they
// create. Memory is bounded by the table; a search allocates nothing.

#include <array>
#include <cstddef>
#include <cstdint>

#include "games/connect4/position.hpp"
#include "games/connect4/solved_store.hpp"
#include "games/connect4/transposition_table.hpp"

namespace evalsynth::connect4 {

// A full column in a per-move analysis, as Pons's .analysis files write it.
inline constexpr int kFullColumn = -1000;

class Solver {
 public:
  // With the book (solver/opening_book.hpp), positions of up to 3 stones
  // are answered from it at once; without, everything is searched (how the
  // book itself is made).
  // With a store (solved_store.hpp: the process's, unless told otherwise),
  // solve() and outcome() read it first and keep what they find there.
  explicit Solver(std::size_t table_megabytes = 64, bool use_book = true, SolvedStore* store = process_store())
      : table_(table_megabytes), use_book_(use_book), store_(store) {}

  // Precondition: !p.is_game_over().
  int solve(const Position& p);
  // The score of each move for the side to move (the value of the position
  // after it, from the mover's view), kFullColumn for full columns.
  // Precondition: !p.is_game_over().
  std::array<int, kColumns> analyse(const Position& p);
  // Only the value class of the position for the side to move: 1 (wins), 0
  // (draw) or -1 (loses). Two null-window searches around 0 instead of a
  // bisection of the score: much cheaper in the opening, where exact scores
  // cost the most, and all that perfect play by value class needs.
  // Precondition: !p.is_game_over().
  int outcome(const Position& p);
  // The value class of each move for the side to move (the outcome of the
  // position after it, from the mover's view), kFullColumn for full columns.
  // Precondition: !p.is_game_over().
  std::array<int, kColumns> analyse_outcomes(const Position& p);

  // Search nodes since construction.
  std::uint64_t nodes() const { return nodes_; }
  void clear_table() { table_.clear(); }

 private:
  int negamax(std::uint64_t current, std::uint64_t mask, int moves, int alpha, int beta);

  TranspositionTable table_;
  bool use_book_;
  SolvedStore* store_;
  std::uint64_t nodes_ = 0;
};

// The score of a win for the side to move with its next stone, `moves` stones
// being on the board.
constexpr int immediate_win_score(int moves) { return (kCells + 1 - moves) / 2; }

}  // namespace evalsynth::connect4
