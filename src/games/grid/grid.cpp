#include "games/grid/grid.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>

namespace evalsynth::grid {
namespace {

struct Cell {
  int row, col;
};

// The image of a cell under symmetry k of a `columns` x `rows` board (4..7
// only on square boards).
Cell image(int k, Cell c, int columns, int rows) {
  const int w = columns - 1, h = rows - 1;
  switch (k) {
    case 1:
      return {c.row, w - c.col};  // mirrored left to right
    case 2:
      return {h - c.row, c.col};  // mirrored top to bottom
    case 3:
      return {h - c.row, w - c.col};  // turned half round
    case 4:
      return {c.col, c.row};  // transposed
    case 5:
      return {w - c.col, h - c.row};  // transposed the other way
    case 6:
      return {c.col, h - c.row};  // a quarter turn
    case 7:
      return {w - c.col, c.row};  // three quarters
    default:
      return c;
  }
}

// The directions (a mask of grid.hpp's bits) that symmetry k maps
// `directions` onto: a mirror swaps the two diagonals, a transposition
// across and up, a quarter turn both.
std::uint8_t mapped_directions(int k, std::uint8_t directions) {
  const bool swap_axes = k >= 4, swap_diagonals = k == 1 || k == 2 || k >= 6;
  auto moved = [&](std::uint8_t bit) -> std::uint8_t {
    if (swap_axes && (bit == kAcross || bit == kUp)) return bit == kAcross ? kUp : kAcross;
    if (swap_diagonals && (bit == kDiagonal || bit == kAntidiagonal))
      return bit == kDiagonal ? kAntidiagonal : kDiagonal;
    return bit;
  };
  std::uint8_t out = 0;
  for (std::uint8_t bit = 1; bit <= kAntidiagonal; bit = static_cast<std::uint8_t>(bit << 1))
    if (directions & bit) out |= moved(bit);
  return out;
}

}  // namespace

Geometry::Geometry(int columns, int rows, int line, std::uint8_t directions, bool gravity)
    : columns_(columns),
      rows_(rows),
      line_(line),
      direction_mask_(directions),
      gravity_(gravity),
      planes_(std::bit_width(static_cast<unsigned>(line))) {
  assert(directions >= 1 && directions <= kAllDirections);
  assert(columns >= 1 && rows >= 1 && columns <= kMaxSide && rows <= kMaxSide && columns * rows <= kMaxCells);
  assert(line >= 1 && line <= kMaxLine && line <= std::max(columns, rows));
  const int n = columns * rows;
  board_ = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  std::uint64_t left = 0, right = 0;
  for (int r = 0; r < rows; ++r) {
    left |= cell(r, 0);
    right |= cell(r, columns - 1);
  }
  not_left_ = board_ & ~left;
  not_right_ = board_ & ~right;
  border_ = left | right;
  for (int c = 0; c < columns; ++c) border_ |= cell(0, c) | cell(rows - 1, c);
  for (int c = 0; c < columns; ++c) bottom_ |= cell(0, c);
  corners_ = cell(0, 0) | cell(0, columns - 1) | cell(rows - 1, 0) | cell(rows - 1, columns - 1);

  std::set<std::uint64_t> seen;
  const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};  // the order of the direction bits
  for (int bit = 0; bit < 4; ++bit) {
    if (!(directions >> bit & 1)) continue;
    const auto& d = steps[bit];
    // A line of one cell is the same in every direction: counted once.
    LineDirection direction{d[0] * columns + d[1], 0};
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) {
        if (!on_board(r + (line - 1) * d[0], c + (line - 1) * d[1])) continue;
        std::uint64_t mask = 0;
        for (int i = 0; i < line; ++i) mask |= cell(r + i * d[0], c + i * d[1]);
        if (seen.insert(mask).second) {
          lines_.push_back(mask);
          direction.starts |= cell(r, c);
        }
      }
    if (direction.starts) {
      directions_.push_back(direction);
      fixed_directions_[directions_.size() - 1] = direction;
    }
  }
  for (int c = 0; c < columns; ++c) {
    column_order_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
    for (int r = 0; r < rows; ++r) column_cells_[static_cast<std::size_t>(c)] |= cell(r, c);
  }
  std::stable_sort(column_order_.begin(), column_order_.begin() + columns,
                   [&](int a, int b) { return std::abs(2 * a - (columns - 1)) < std::abs(2 * b - (columns - 1)); });
  through_begin_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (int cell_index = 0; cell_index < n; ++cell_index) {
    through_begin_[static_cast<std::size_t>(cell_index)] = through_.size();
    for (std::size_t i = 0; i < lines_.size(); ++i)
      if (lines_[i] >> cell_index & 1) through_.push_back(static_cast<std::uint16_t>(i));
  }
  through_begin_[static_cast<std::size_t>(n)] = through_.size();
  for (int c = 0; c < n; ++c) order_.push_back(static_cast<std::uint8_t>(c));
  auto lines_at = [&](int c) {
    return through_begin_[static_cast<std::size_t>(c) + 1] - through_begin_[static_cast<std::size_t>(c)];
  };
  auto distance = [&](int c) {  // twice the distance from the centre, squared
    const int dr = 2 * (c / columns) - (rows - 1), dc = 2 * (c % columns) - (columns - 1);
    return dr * dr + dc * dc;
  };
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return lines_at(a) != lines_at(b) ? lines_at(a) > lines_at(b) : distance(a) < distance(b);
  });

  // The symmetries that keep the rules: under gravity only the mirror left
  // to right; and those that map the directions lines run in onto themselves.
  std::vector<int> kept;
  for (int k = 0; k < (columns == rows ? 8 : 4); ++k)
    if ((!gravity || k <= 1) && mapped_directions(k, directions) == directions) kept.push_back(k);
  symmetries_ = static_cast<int>(kept.size());
  for (int s = 0; s < symmetries_; ++s)
    for (int byte = 0; byte < 8; ++byte)
      for (int value = 0; value < 256; ++value) {
        std::uint64_t out = 0;
        for (int bit = 0; bit < 8; ++bit) {
          const int index = 8 * byte + bit;
          if (!(value >> bit & 1) || index >= n) continue;
          const Cell to = image(kept[static_cast<std::size_t>(s)], {index / columns, index % columns}, columns, rows);
          out |= cell(to.row, to.col);
        }
        image_[static_cast<std::size_t>(s)][static_cast<std::size_t>(byte)][static_cast<std::size_t>(value)] = out;
      }
}

std::uint64_t Geometry::neighbours(std::uint64_t cells) const {
  const int w = columns_;
  const std::uint64_t east = (cells << 1) & not_left_, west = (cells >> 1) & not_right_;
  const std::uint64_t row = cells | east | west;  // each cell with its left and right neighbours
  const std::uint64_t around = row | (row << w) | (row >> w);
  return around & board_ & ~cells;
}

std::string Geometry::cell_name(int cell) const {
  // Appended, not `std::string + std::string`: GCC 12 warns falsely
  // (-Wrestrict) on that sum here once it is inlined.
  std::string name(1, static_cast<char>('a' + cell % columns_));
  name += std::to_string(cell / columns_ + 1);
  return name;
}

int Geometry::parse_cell(std::string_view text, const TextLocation& where) const {
  const std::string last_column(1, static_cast<char>('a' + columns_ - 1));
  const std::string shape = "columns a to " + last_column + ", rows 1 to " + std::to_string(rows_);
  if (text.size() < 2 || !std::isalpha(static_cast<unsigned char>(text[0])))
    throw InputError(where, "a cell is a column letter and a row number such as b2 (" + shape + "), not '" +
                                std::string(text) + "'");
  const int col = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])) || row > 100)
      throw InputError(where, "a cell is a column letter and a row number such as b2 (" + shape + "), not '" +
                                  std::string(text) + "'");
    row = row * 10 + (text[i] - '0');
  }
  if (col < 0 || col >= columns_ || row < 1 || row > rows_)
    throw InputError(where, "cell '" + std::string(text) + "' is off the board (" + shape + ")");
  return (row - 1) * columns_ + col;
}

std::string Geometry::text(const Stones& s) const {
  const int width = rows_ >= 10 ? 2 : 1;
  std::string out;
  for (int r = rows_ - 1; r >= 0; --r) {
    std::string number = std::to_string(r + 1);
    out += std::string(static_cast<std::size_t>(width) - number.size(), ' ') + number;
    for (int c = 0; c < columns_; ++c) {
      const std::uint64_t bit = cell(r, c);
      out += (s.x & bit) ? " X" : (s.o & bit) ? " O" : " .";
    }
    out += '\n';
  }
  out += std::string(static_cast<std::size_t>(width), ' ');
  for (int c = 0; c < columns_; ++c) out += std::string(" ") + static_cast<char>('a' + c);
  return out + '\n';
}

const Geometry& grid_geometry(int columns, int rows, int line, std::uint8_t directions, bool gravity) {
  using Shape = std::tuple<int, int, int, int, bool>;
  static std::mutex mutex;
  static std::map<Shape, std::unique_ptr<const Geometry>>* shapes =
      new std::map<Shape, std::unique_ptr<const Geometry>>;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = (*shapes)[{columns, rows, line, directions, gravity}];
  if (!slot) slot = std::make_unique<const Geometry>(columns, rows, line, directions, gravity);
  return *slot;
}

CellBoard grid_cell_board(const Geometry& g, int states) {
  CellBoard board;
  board.cells = g.cells();
  board.states = states;
  for (int s = 0; s < g.symmetries(); ++s) {
    std::vector<std::uint8_t> image;
    for (int cell = 0; cell < g.cells(); ++cell)
      image.push_back(static_cast<std::uint8_t>(std::countr_zero(g.transform(s, std::uint64_t{1} << cell))));
    board.symmetries.push_back(std::move(image));
  }
  for (int cell = 0; cell < g.cells(); ++cell) {
    std::vector<std::uint8_t> around;
    for (std::uint64_t n = g.neighbours(std::uint64_t{1} << cell); n; n &= n - 1)
      around.push_back(static_cast<std::uint8_t>(std::countr_zero(n)));
    board.neighbours.push_back(std::move(around));
  }
  return board;
}

}  // namespace evalsynth::grid
