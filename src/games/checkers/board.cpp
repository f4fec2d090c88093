#include "games/checkers/board.hpp"

#include <cassert>

namespace evalsynth::checkers {

Board::Board(int size) : size_(size) {
  assert(size == 4 || size == 6 || size == 8);
  square_of_bit_.fill(-1);
  row_of_bit_.fill(-1);
  column_of_bit_.fill(-1);
  const int half = size / 2;
  for (int row = 0; row < size; ++row)
    for (int k = 0; k < half; ++k) {
      const int square = row * half + k;
      const int bit = row * half + row / 2 + k;
      // The bottom-left corner (row N - 1, column 0) is dark: a square is
      // dark when row + column is odd.
      const int column = row % 2 == 0 ? 2 * k + 1 : 2 * k;
      bit_of_square_[static_cast<std::size_t>(square)] = static_cast<std::int8_t>(bit);
      square_of_bit_[static_cast<std::size_t>(bit)] = static_cast<std::int8_t>(square);
      row_of_bit_[static_cast<std::size_t>(bit)] = static_cast<std::int8_t>(row);
      column_of_bit_[static_cast<std::size_t>(bit)] = static_cast<std::int8_t>(column);
      const std::uint64_t b = std::uint64_t{1} << bit;
      mask_ |= b;
      rows_[static_cast<std::size_t>(row)] |= b;
      if (row == 0 || row == size - 1 || column == 0 || column == size - 1) edge_ |= b;
      const int low = size / 4, high = size - 1 - size / 4;
      if (row >= low && row <= high && column >= low && column <= high) centre_ |= b;
    }
}

int Board::bit_at(int row, int column) const {
  if (row < 0 || row >= size_ || column < 0 || column >= size_ || (row + column) % 2 == 0) return -1;
  return row * (size_ / 2) + row / 2 + column / 2;
}

std::uint64_t Board::x_start() const {
  std::uint64_t bits = 0;
  for (int row = 0; row < rows_of_men(); ++row) bits |= row_bits(row);
  return bits;
}

std::uint64_t Board::o_start() const {
  std::uint64_t bits = 0;
  for (int row = size_ - rows_of_men(); row < size_; ++row) bits |= row_bits(row);
  return bits;
}

const Board& board_of_size(int size) {
  static const Board boards[] = {Board(4), Board(6), Board(8)};
  assert(size == 4 || size == 6 || size == 8);
  return boards[size / 2 - 2];
}

}  // namespace evalsynth::checkers
