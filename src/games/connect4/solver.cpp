#include "games/connect4/solver.hpp"

#include <bit>
#include <cassert>

#include "games/connect4/opening_book.hpp"

namespace evalsynth::connect4 {
namespace {

// Bounds of a score that is not an immediate win or loss, for the table's
// encoding: a value v in [kMinScore, kMaxScore] is stored as an upper bound
// v - kMinScore + 1 or a lower bound v + kMaxScore - 2 * kMinScore + 2, so
// the two ranges do not overlap and 0 stays "no entry".
constexpr int kMinScore = -kCells / 2 + 3;
constexpr int kMaxScore = (kCells + 1) / 2 - 3;

constexpr std::uint64_t kBottom = bits::kBottomRow;
constexpr std::uint64_t kBoard = bits::kBoard;

// Empty cells where `stones` would complete four.
constexpr std::uint64_t open_threats(std::uint64_t stones, std::uint64_t mask) {
  return bits::winning_cells(stones) & ~mask & kBoard;
}

// Columns from the edges to the centre: moves are added to the sorter in this
// order, and among equally scored moves the last added is tried first.
constexpr int kEdgesToCentre[kColumns] = {0, 6, 1, 5, 2, 4, 3};

constexpr int sign_of(int score) { return (score > 0) - (score < 0); }

// Up to seven moves sorted by score, best first; among equals, the one added
// last first. Insertion sort: no allocation, a handful of comparisons.
class MoveSorter {
 public:
  void add(std::uint64_t move, int score) {
    int at = size_++;
    for (; at > 0 && entries_[at - 1].score > score; --at) entries_[at] = entries_[at - 1];
    entries_[at] = {move, score};
  }
  // 0 when empty.
  std::uint64_t next() { return size_ ? entries_[--size_].move : 0; }

 private:
  struct Entry {
    std::uint64_t move;
    int score;
  };
  Entry entries_[kColumns];
  int size_ = 0;
};

}  // namespace

int Solver::negamax(std::uint64_t current, std::uint64_t mask, int moves, int alpha, int beta) {
  // Precondition: the side to move cannot win with its next stone.
  assert(alpha < beta);
  ++nodes_;
  const std::uint64_t possible = (mask + kBottom) & kBoard;
  const std::uint64_t opponent_threats = open_threats(current ^ mask, mask);
  std::uint64_t next = possible;
  if (const std::uint64_t forced = possible & opponent_threats) {
    if (forced & (forced - 1)) return -(kCells - moves) / 2;  // two threats to stop at once: lost
    next = forced;
  }
  next &= ~(opponent_threats >> 1);  // never play right below an opponent's threat
  if (!next) return -(kCells - moves) / 2;
  if (moves >= kCells - 2) return 0;  // neither side can win in the last two stones

  int min = -(kCells - 2 - moves) / 2;  // the opponent cannot win with its next stone
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  int max = (kCells - 1 - moves) / 2;        // we cannot win with our next stone
  const std::uint64_t key = current + mask;  // unique: the mover's stones plus a marker above each column
  if (const int stored = table_.get(key)) {
    if (stored > kMaxScore - kMinScore + 1) {
      min = stored + 2 * kMinScore - kMaxScore - 2;
      if (alpha < min) {
        alpha = min;
        if (alpha >= beta) return alpha;
      }
    } else {
      max = stored + kMinScore - 1;
    }
  }
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }

  MoveSorter sorter;
  for (int col : kEdgesToCentre)
    if (const std::uint64_t move = next & bits::column(col))
      sorter.add(move, std::popcount(open_threats(current | move, mask | move)));
  while (const std::uint64_t move = sorter.next()) {
    const int score = -negamax(current ^ mask, mask | move, moves + 1, -beta, -alpha);
    if (score >= beta) {
      table_.put(key, static_cast<std::uint8_t>(score + kMaxScore - 2 * kMinScore + 2));
      return score;
    }
    if (score > alpha) alpha = score;
  }
  table_.put(key, static_cast<std::uint8_t>(alpha - kMinScore + 1));
  return alpha;
}

int Solver::solve(const Position& p) {
  assert(!p.is_game_over());
  const int moves = p.moves_played();
  if (use_book_ && moves <= kOpeningBookPlies) return opening_score(p);
  if (p.can_win_now()) return immediate_win_score(moves);
  const bool stored = store_ && moves <= kStoreMaxStones;
  const std::uint64_t key = stored ? p.canonical_key() : 0;
  if (stored)
    if (const std::optional<int> known = store_->exact(key)) return *known;
  const std::uint64_t current = p.stones_of(p.side_to_move()), mask = p.occupied();
  // Bisection with null windows: each search only says whether the score is
  // above a guess. Guesses near 0 first: most positions are close games.
  int min = -(kCells - moves) / 2;
  int max = (kCells + 1 - moves) / 2;
  while (min < max) {
    int guess = min + (max - min) / 2;
    if (guess <= 0 && min / 2 < guess)
      guess = min / 2;
    else if (guess >= 0 && max / 2 > guess)
      guess = max / 2;
    const int r = negamax(current, mask, moves, guess, guess + 1);
    if (r <= guess)
      max = r;
    else
      min = r;
  }
  if (stored) store_->add_exact(key, min);
  return min;
}

int Solver::outcome(const Position& p) {
  assert(!p.is_game_over());
  const int moves = p.moves_played();
  if (use_book_ && moves <= kOpeningBookPlies) return sign_of(opening_score(p));
  if (p.can_win_now()) return 1;
  const bool stored = store_ && moves <= kStoreMaxStones;
  const std::uint64_t key = stored ? p.canonical_key() : 0;
  if (stored)
    if (const std::optional<int> known = store_->outcome(key)) return *known;
  const std::uint64_t current = p.stones_of(p.side_to_move()), mask = p.occupied();
  // negamax(alpha, alpha + 1) returns above alpha exactly when the score is.
  const int outcome = negamax(current, mask, moves, 0, 1) > 0 ? 1 : negamax(current, mask, moves, -1, 0) > -1 ? 0 : -1;
  if (stored) store_->add_outcome(key, outcome);
  return outcome;
}

std::array<int, kColumns> Solver::analyse_outcomes(const Position& p) {
  assert(!p.is_game_over());
  std::array<int, kColumns> outcomes{};
  for (int col = 0; col < kColumns; ++col) {
    int& o = outcomes[static_cast<std::size_t>(col)];
    if (!p.can_play(col))
      o = kFullColumn;
    else if (p.is_winning_move(col))
      o = 1;
    else if (const Position child = p.played(col); child.is_full())
      o = 0;
    else
      o = -outcome(child);
  }
  return outcomes;
}

std::array<int, kColumns> Solver::analyse(const Position& p) {
  assert(!p.is_game_over());
  std::array<int, kColumns> scores{};
  for (int col = 0; col < kColumns; ++col) {
    if (!p.can_play(col)) {
      scores[static_cast<std::size_t>(col)] = kFullColumn;
    } else if (p.is_winning_move(col)) {
      scores[static_cast<std::size_t>(col)] = immediate_win_score(p.moves_played());
    } else {
      const Position child = p.played(col);
      scores[static_cast<std::size_t>(col)] = child.is_full() ? 0 : -solve(child);
    }
  }
  return scores;
}

}  // namespace evalsynth::connect4
