#pragma once
// The board of checkers on N x N squares (N = 4, 6 or 8): only the dark
// squares are played, N / 2 in each row, numbered 1 .. N²/2 in the usual way
// (row by row from X's back rank, left to right on the diagram: on 8 x 8,
// X's men start on 1-12 and O's on 21-32, and the double corners are 1-5 and
// 28-32).
//
// Positions are bitboards in a padded layout: row r's squares take bits
// r * N/2 + r/2 + k (k = 0 .. N/2 - 1, left to right), so a ghost bit follows
// every second row. A diagonal step is then a shift by N/2 or N/2 + 1 (down
// the board, towards O's side) or the same the other way, whatever the row,
// and a step off the board's side lands on a ghost bit or off the board,
// which the mask of real squares removes.

#include <array>
#include <cstdint>

namespace evalsynth::checkers {

inline constexpr int kMaxSize = 8;
inline constexpr int kMaxSquares = kMaxSize * kMaxSize / 2;

class Board {
 public:
  explicit Board(int size);

  int size() const { return size_; }
  int squares() const { return size_ * size_ / 2; }
  // The shifts of the two diagonal directions (down the board: +, up: -).
  int short_shift() const { return size_ / 2; }
  int long_shift() const { return size_ / 2 + 1; }
  std::uint64_t mask() const { return mask_; }  // the real squares' bits

  // Square numbers (0-based here; people read them 1-based) and bits.
  int bit_of(int square) const { return bit_of_square_[static_cast<std::size_t>(square)]; }
  int square_of(int bit) const { return square_of_bit_[static_cast<std::size_t>(bit)]; }
  int row_of_bit(int bit) const { return row_of_bit_[static_cast<std::size_t>(bit)]; }
  int column_of_bit(int bit) const { return column_of_bit_[static_cast<std::size_t>(bit)]; }
  // The bit at a row and column (rows from X's back rank, columns from the
  // left), or -1 for a light square or off the board.
  int bit_at(int row, int column) const;

  // Rows: X's back rank is row 0 and X's men crown on row N - 1; O's the
  // other way round.
  std::uint64_t row_bits(int row) const { return rows_[static_cast<std::size_t>(row)]; }
  // The men each side starts with: rows_of_men() rows from its back rank.
  int rows_of_men() const { return size_ == 8 ? 3 : size_ == 6 ? 2 : 1; }
  std::uint64_t x_start() const;
  std::uint64_t o_start() const;

  // The squares no piece can be jumped on (the edges), and the central ones
  // (rows and columns in the middle half), for the evaluator features.
  std::uint64_t edge() const { return edge_; }
  std::uint64_t centre() const { return centre_; }

 private:
  int size_;
  std::uint64_t mask_ = 0, edge_ = 0, centre_ = 0;
  std::array<std::uint64_t, kMaxSize> rows_{};
  std::array<std::int8_t, kMaxSquares> bit_of_square_{};
  std::array<std::int8_t, 64> square_of_bit_{}, row_of_bit_{}, column_of_bit_{};
};

// The three boards, made once.
const Board& board_of_size(int size);

}  // namespace evalsynth::checkers
