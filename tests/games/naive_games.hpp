#pragma once
// Independent, deliberately plain implementations of the new games' rules for
// the tests to check the bitboard games against: a 2-D array, moves found by
// scanning every cell, lines found by walking from every cell in every
// direction, no symmetry and no shortcut. And a brute-force minimax (no
// pruning, no table) with the exact solver's score convention.

#include <algorithm>
#include <vector>

namespace naive {

// A k-in-a-row board: mnk (any empty cell), adjacent4 (next to a stone) or
// Connect4 (the lowest empty cell of a column).
struct Board {
  int columns, rows, line;
  bool adjacency = false;
  bool fill = false;  // mnk played to a full board, a point per line
  bool drop = false;  // a stone falls to the lowest empty cell of its column
  std::vector<int> cells = std::vector<int>(static_cast<std::size_t>(columns * rows), 0);  // +1 X, -1 O, 0 empty
  int moves = 0;

  int at(int r, int c) const { return cells[static_cast<std::size_t>(r * columns + c)]; }
  bool inside(int r, int c) const { return r >= 0 && r < rows && c >= 0 && c < columns; }
  int to_move() const { return moves % 2 == 0 ? 1 : -1; }

  // Lines of `line` cells all of `who`.
  int lines_of(int who) const {
    int count = 0;
    const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c)
        for (const auto& d : directions) {
          bool all = true;
          for (int i = 0; i < line && all; ++i) {
            const int rr = r + i * d[0], cc = c + i * d[1];
            all = inside(rr, cc) && at(rr, cc) == who;
          }
          count += all;
        }
    // A line of one cell is found in all four directions.
    return line == 1 ? count / 4 : count;
  }
  // 1 X won, -1 O won, 0 drawn, 2 going on.
  int result() const {
    const bool full = moves == columns * rows;
    if (fill) {
      if (!full) return 2;
      const int x = lines_of(1), o = lines_of(-1);
      return x > o ? 1 : o > x ? -1 : 0;
    }
    if (lines_of(1) > 0) return 1;
    if (lines_of(-1) > 0) return -1;
    return full ? 0 : 2;
  }
  std::vector<int> legal() const {
    std::vector<int> out;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) {
        if (at(r, c) != 0 || (drop && r > 0 && at(r - 1, c) == 0)) continue;
        bool next_to_stone = moves == 0 || !adjacency;
        for (int dr = -1; dr <= 1 && !next_to_stone; ++dr)
          for (int dc = -1; dc <= 1 && !next_to_stone; ++dc)
            next_to_stone = (dr || dc) && inside(r + dr, c + dc) && at(r + dr, c + dc) != 0;
        if (next_to_stone) out.push_back(r * columns + c);
      }
    return out;
  }
  Board played(int cell) const {
    Board next = *this;
    next.cells[static_cast<std::size_t>(cell)] = to_move();
    ++next.moves;
    return next;
  }
};

// Move sequences of `depth` plies from `b` (stopping at finished games).
inline long long perft(const Board& b, int depth) {
  if (depth == 0 || b.result() != 2) return 1;
  long long total = 0;
  for (int cell : b.legal()) total += perft(b.played(cell), depth - 1);
  return total;
}

// Move sequences of exactly `depth` plies, as evalsynth perft counts them:
// a finished game has no moves.
template <class State>
long long perft_exact(const State& s, int depth) {
  if (depth == 0) return 1;
  if (s.result() != 2) return 0;
  long long total = 0;
  for (int m : s.legal()) total += perft_exact(s.played(m), depth - 1);
  return total;
}

// ModNim(K, M) as a count and a turn.
struct Nim {
  int sticks, take, plies = 0;
  int result() const { return sticks > 0 ? 2 : (plies % 2 == 0 ? 1 : -1); }  // the side to move won
  std::vector<int> legal() const {
    std::vector<int> out;
    for (int n = 1; n <= take && n <= sticks; ++n) out.push_back(n);
    return out;
  }
  Nim played(int n) const { return {sticks - n, take, plies + 1}; }
  int to_move() const { return plies % 2 == 0 ? 1 : -1; }
};

// The exact value for the side to move, as solver/exact_solver.hpp scores it:
// a win in d plies kWin - d, a loss -(kWin - d), a draw 0.
template <class State>
int minimax(const State& s, int win) {
  const int r = s.result();
  if (r != 2) return r == 0 ? 0 : (r == s.to_move() ? win : -win);
  int best = -2 * win;
  for (int m : s.legal()) {
    const int v = -minimax(s.played(m), win);
    best = std::max(best, v > 0 ? v - 1 : v < 0 ? v + 1 : 0);
  }
  return best;
}

}  // namespace naive
