#pragma once
// A board of up to 64 cells, `columns` x `rows`, as bitboards: what the
// k-in-a-row games without gravity share (mnk games, adjacent4). Bit index =
// row * columns + col, row 0 the bottom row, col 0 the left column, so for
// 3 x 3:
//
//   row 2   6 7 8        cells are named as on a chess board: a column
//   row 1   3 4 5        letter and a row number from 1, so bit 4 is b2
//   row 0   0 1 2
//          a b c
//
// A Geometry holds what depends on the board's shape and line length only:
// the lines of k cells (each a mask), the lines through each cell, the
// board's symmetries (as byte lookup tables, so a transform is 8 loads), and
// masks for neighbours. Geometries are made once per shape and shared by all
// game values of that shape (grid_geometry()).

#include <array>
#include <bit>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/game.hpp"
#include "support/error.hpp"

namespace evalsynth::grid {

inline constexpr int kMaxCells = 64;
inline constexpr int kMaxSide = 16;
inline constexpr int kMaxLine = 8;

// Two players' stones; the side to move follows from their count (X moves first).
struct Stones {
  std::uint64_t x = 0, o = 0;
  std::uint64_t occupied() const { return x | o; }
  int count() const { return std::popcount(x | o); }
  Side side_to_move() const { return count() % 2 ? Side::O : Side::X; }
  std::uint64_t of(Side s) const { return s == Side::X ? x : o; }
  friend bool operator==(const Stones&, const Stones&) = default;
};

class Geometry {
 public:
  // Preconditions (checked by the games' parameter parsing): 1 <= columns,
  // rows <= kMaxSide, columns * rows <= kMaxCells, 1 <= line <= kMaxLine and
  // line <= max(columns, rows).
  Geometry(int columns, int rows, int line);

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  int cells() const { return columns_ * rows_; }
  int line() const { return line_; }
  std::uint64_t board() const { return board_; }
  std::uint64_t border() const { return border_; }    // the cells of the outer ring
  std::uint64_t corners() const { return corners_; }  // the four corners
  std::uint64_t cell(int row, int col) const { return std::uint64_t{1} << (row * columns_ + col); }
  bool on_board(int row, int col) const { return row >= 0 && row < rows_ && col >= 0 && col < columns_; }

  // Every line of `line` cells (horizontal, vertical, both diagonals).
  const std::vector<std::uint64_t>& lines() const { return lines_; }
  // The lines through a cell, as indices into lines().
  const std::uint16_t* lines_through(int cell, int& count) const {
    count = static_cast<int>(through_begin_[static_cast<std::size_t>(cell) + 1] -
                             through_begin_[static_cast<std::size_t>(cell)]);
    return through_.data() + through_begin_[static_cast<std::size_t>(cell)];
  }
  // True if `stones` fill a line through `cell` (a stone there included).
  bool completes_line(std::uint64_t stones, int cell) const {
    int count = 0;
    const std::uint16_t* through = lines_through(cell, count);
    for (int i = 0; i < count; ++i) {
      const std::uint64_t line = lines_[through[i]];
      if ((stones & line) == line) return true;
    }
    return false;
  }
  // True if `stones` fill some line.
  bool has_line(std::uint64_t stones) const {
    for (std::uint64_t line : lines_)
      if ((stones & line) == line) return true;
    return false;
  }
  // Empty cells that would complete a line for `mine` (lines free of `theirs`).
  std::uint64_t winning_cells(std::uint64_t mine, std::uint64_t theirs) const {
    std::uint64_t cells = 0;
    for (std::uint64_t line : lines_)
      if (!(line & theirs) && std::popcount(line & mine) == line_ - 1) cells |= line & ~mine;
    return cells;
  }
  // The cells next to `cells` (8-neighbourhood), `cells` excluded.
  std::uint64_t neighbours(std::uint64_t cells) const;
  // Every cell, those on the most lines first (then nearest the centre): a
  // search that tries them in this order cuts off sooner.
  const std::vector<std::uint8_t>& search_order() const { return order_; }

  // The board's symmetries (the identity first): 4 for a rectangle, 8 for a square.
  int symmetries() const { return symmetries_; }
  std::uint64_t transform(int symmetry, std::uint64_t bits) const {
    std::uint64_t out = 0;
    for (int byte = 0; byte < 8; ++byte)
      out |= image_[static_cast<std::size_t>(symmetry)][static_cast<std::size_t>(byte)][(bits >> (8 * byte)) & 0xFF];
    return out;
  }
  // The least image of the stones under the symmetries (by X's stones, then O's).
  Stones canonical(const Stones& s) const {
    Stones best = s;
    for (int k = 1; k < symmetries_; ++k) {
      const Stones t{transform(k, s.x), transform(k, s.o)};
      if (t.x < best.x || (t.x == best.x && t.o < best.o)) best = t;
    }
    return best;
  }

  // "b2" for the cell at row 1, column 1.
  std::string cell_name(int cell) const;
  // The cell a name gives; InputError at `where` otherwise.
  int parse_cell(std::string_view text, const TextLocation& where) const;
  // The board as text, top row first, with row numbers and column letters.
  std::string text(const Stones& s) const;

 private:
  int columns_, rows_, line_;
  std::uint64_t board_, border_, corners_;
  std::uint64_t not_left_, not_right_;  // cells off the left and right edges
  std::vector<std::uint64_t> lines_;
  std::vector<std::uint16_t> through_;
  std::vector<std::uint8_t> order_;
  std::vector<std::size_t> through_begin_;
  int symmetries_;
  std::array<std::array<std::array<std::uint64_t, 256>, 8>, 8> image_{};
};

// The shared geometry of a shape (made on first use, never freed).
const Geometry& grid_geometry(int columns, int rows, int line);

// A mixing hash of the stones: the key of a position.
inline std::uint64_t stones_key(const Stones& s) {
  std::uint64_t h = s.x * 0x9E3779B97F4A7C15ULL ^ (s.o + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 31;
  h *= 0xD6E8FEB86659FD93ULL;
  return h ^ (h >> 32);
}

// A move sequence: cell names one after another ("b2a1c3"). Each move goes
// through `legal`, which checks it and returns the new stones (or throws an
// InputError at its location).
template <class Play>
Stones parse_cell_sequence(const Geometry& g, std::string_view text, const TextLocation& where, Play legal) {
  Stones s;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    TextLocation at = where;
    at.column += static_cast<int>(start);
    if (i == start)
      throw InputError(at, "expected a cell such as b2, not '" + std::string(text.substr(start, 1)) + "'");
    s = legal(s, g.parse_cell(text.substr(start, i - start), at), at);
  }
  return s;
}

}  // namespace evalsynth::grid
