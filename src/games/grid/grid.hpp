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

#include "game/cell_board.hpp"
#include "game/game.hpp"
#include "support/error.hpp"

namespace evalsynth::grid {

inline constexpr int kMaxCells = 64;
inline constexpr int kMaxSide = 16;
inline constexpr int kMaxLine = 8;
// The directions lines run in, as bits of a mask: across (a row), up (a
// column), the diagonal up and right, the diagonal up and left.
inline constexpr std::uint8_t kAcross = 1, kUp = 2, kDiagonal = 4, kAntidiagonal = 8;
inline constexpr std::uint8_t kAllDirections = 15;

// Two players' stones; the side to move follows from their count (X moves first).
struct Stones {
  std::uint64_t x = 0, o = 0;
  std::uint64_t occupied() const { return x | o; }
  int count() const { return std::popcount(x | o); }
  Side side_to_move() const { return count() % 2 ? Side::O : Side::X; }
  std::uint64_t of(Side s) const { return s == Side::X ? x : o; }
  friend bool operator==(const Stones&, const Stones&) = default;
};

// The lines of one direction, all at once: the cell each line starts at (its
// lowest bit) and the step from one of its cells to the next. A set shifted
// right by i * step lines the line's i-th cells up with its start, so each
// line's count is a few shifts and bitwise operations for all the lines of
// the direction together.
struct LineDirection {
  int step;
  std::uint64_t starts;
};

// Per start cell, how many of a set's cells each line of a direction holds,
// as bit planes (plane b holds bit b of the count; `planes` of them, as many
// as a line's length needs).
struct LineCounts4 {
  std::uint64_t plane[4] = {};
  int planes = 4;
  // The starts whose line holds exactly n.
  std::uint64_t equal(int n) const {
    std::uint64_t m = ~std::uint64_t{0};
    for (int b = 0; b < planes; ++b) m &= (n >> b & 1) ? plane[b] : ~plane[b];
    return m;
  }
  // The starts whose line holds some.
  std::uint64_t some() const { return plane[0] | plane[1] | plane[2] | plane[3]; }
};

class Geometry {
 public:
  // Preconditions (checked by the games' parameter parsing): 1 <= columns,
  // rows <= kMaxSide, columns * rows <= kMaxCells, 1 <= line <= kMaxLine and
  // line <= max(columns, rows); `directions` a nonempty mask of the above.
  // Lines run only in `directions`; with `gravity` (stones drop to the
  // lowest free cell of a column, row 1 the bottom) the only symmetry is
  // the mirror left to right, and fewer directions may keep fewer.
  Geometry(int columns, int rows, int line, std::uint8_t directions = kAllDirections, bool gravity = false);

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  int cells() const { return columns_ * rows_; }
  int line() const { return line_; }
  std::uint64_t board() const { return board_; }
  std::uint64_t border() const { return border_; }      // the cells of the outer ring
  std::uint64_t corners() const { return corners_; }    // the four corners
  std::uint64_t bottom_row() const { return bottom_; }  // row 1
  std::uint8_t direction_mask() const { return direction_mask_; }
  bool gravity() const { return gravity_; }
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
  // The directions that have lines (1 to 4).
  const std::vector<LineDirection>& directions() const { return directions_; }
  // The lines of `d` that hold none of `cells`, at their starts.
  std::uint64_t free_of(const LineDirection& d, std::uint64_t cells) const {
    std::uint64_t touched = 0;
    for (int i = 0; i < line_; ++i) touched |= cells >> (i * d.step);
    return d.starts & ~touched;
  }
  // How many of `cells` each line of `d` holds (bit-sliced adder).
  LineCounts4 counts(const LineDirection& d, std::uint64_t cells) const {
    LineCounts4 c;
    c.planes = planes_;
    for (int i = 0; i < line_; ++i) {
      std::uint64_t carry = cells >> (i * d.step);
      for (int b = 0; b < planes_ && carry; ++b) {
        const std::uint64_t sum = c.plane[b] ^ carry;
        carry &= c.plane[b];
        c.plane[b] = sum;
      }
    }
    for (std::uint64_t& plane : c.plane) plane &= d.starts;
    return c;
  }
  // The cells of the lines of `d` that start at `starts`.
  std::uint64_t cells_of(const LineDirection& d, std::uint64_t starts) const {
    std::uint64_t cells = 0;
    for (int i = 0; i < line_; ++i) cells |= starts << (i * d.step);
    return cells;
  }
  // True if `stones` fill some line.
  bool has_line(std::uint64_t stones) const {
    for (const LineDirection& d : directions_) {
      std::uint64_t full = d.starts;
      for (int i = 0; i < line_ && full; ++i) full &= stones >> (i * d.step);
      if (full) return true;
    }
    return false;
  }
  // The lines `stones` fill.
  int lines_filled(std::uint64_t stones) const {
    int count = 0;
    for (const LineDirection& d : directions_) {
      std::uint64_t full = d.starts;
      for (int i = 0; i < line_ && full; ++i) full &= stones >> (i * d.step);
      count += std::popcount(full);
    }
    return count;
  }
  // Empty cells that would complete a line for `mine` (lines free of `theirs`).
  // For each direction and each place j of a line, the starts whose line is
  // `mine` at every other place (prefix and suffix ANDs of the shifted
  // stones: 3K operations a direction); the cell at j completes it if empty.
  // The search asks this at every node (has_winning_move, forced_moves).
  // The common line lengths get loops of a length known when compiled
  // (unrolled: the search's hot path, game/search.hpp).
  std::uint64_t winning_cells(std::uint64_t mine, std::uint64_t theirs) const {
    switch (line_) {
      case 3:
        return winning_cells_of<3>(mine, theirs);
      case 4:
        return winning_cells_of<4>(mine, theirs);
      case 5:
        return winning_cells_of<5>(mine, theirs);
      default:
        return winning_cells_of<0>(mine, theirs);
    }
  }
  // The cells next to `cells` (8-neighbourhood), `cells` excluded.
  std::uint64_t neighbours(std::uint64_t cells) const;
  // Every cell, those on the most lines first (then nearest the centre): a
  // search that tries them in this order cuts off sooner.
  const std::vector<std::uint8_t>& search_order() const { return order_; }
  // Under gravity at most one cell of a column is playable: the columns,
  // the centre first (ties to the left, as Connect4's search tries them),
  // and the cells of each.
  int column_in_search_order(int i) const { return column_order_[static_cast<std::size_t>(i)]; }
  std::uint64_t column_cells(int col) const { return column_cells_[static_cast<std::size_t>(col)]; }

  // The board's symmetries (the identity first): 4 for a rectangle, 8 for a
  // square, fewer with gravity or lines in some directions only.
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
  // winning_cells() for lines of K cells (K = 0: line_, known at run time).
  template <int K>
  std::uint64_t winning_cells_of(std::uint64_t mine, std::uint64_t theirs) const {
    const int k = K ? K : line_;
    std::uint64_t cells = 0;
    for (const LineDirection d : fixed_directions_) {  // the unused ones start nowhere
      std::uint64_t suffix[kMaxLine + 1];
      suffix[k] = d.starts;
      for (int i = k - 1; i >= 0; --i) suffix[i] = suffix[i + 1] & mine >> (i * d.step);
      std::uint64_t prefix = d.starts;  // mine at places 0..j-1
      for (int j = 0; j < k; ++j) {
        cells |= (prefix & suffix[j + 1]) << (j * d.step);
        prefix &= mine >> (j * d.step);
      }
    }
    return cells & ~mine & ~theirs & board_;
  }

  int columns_, rows_, line_;
  std::uint8_t direction_mask_;
  bool gravity_;
  int planes_;  // bits of a line's count: bit_width(line_)
  std::uint64_t board_, border_, corners_, bottom_ = 0;
  std::uint64_t not_left_, not_right_;  // cells off the left and right edges
  std::vector<std::uint64_t> lines_;
  std::vector<std::uint16_t> through_;
  std::vector<std::uint8_t> order_;
  std::vector<LineDirection> directions_;
  // directions_ without the indirection, padded with directions of no lines.
  std::array<LineDirection, 4> fixed_directions_{};
  std::array<std::uint8_t, kMaxSide> column_order_{};
  std::array<std::uint64_t, kMaxSide> column_cells_{};
  std::vector<std::size_t> through_begin_;
  int symmetries_;
  std::array<std::array<std::array<std::uint64_t, 256>, 8>, 8> image_{};
};

// The shared geometry of a shape (made on first use, never freed).
const Geometry& grid_geometry(int columns, int rows, int line, std::uint8_t directions = kAllDirections,
                              bool gravity = false);

// The grid as the n-tuple learner sees it (game/cell_board.hpp), its
// cells in `states` states.
CellBoard grid_cell_board(const Geometry& g, int states);

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
