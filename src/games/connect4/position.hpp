#pragma once
// A Connect4 position (7 columns x 6 rows) as two 64-bit bitboards.
//
// Bit layout: 7 bits per column, bit index = col * 7 + row, row 0 = bottom.
// The 7th bit of each column (row 6) is a spare that is always zero; it stops
// shifts from carrying a line from one column into the next.
//
//   row 6  .  .  .  .  .  .  .      <- spare bits (6 13 20 27 34 41 48)
//   row 5  5 12 19 26 33 40 47
//   row 4  4 11 18 25 32 39 46
//   row 3  3 10 17 24 31 38 45
//   row 2  2  9 16 23 30 37 44
//   row 1  1  8 15 22 29 36 43
//   row 0  0  7 14 21 28 35 42
//          c0 c1 c2 c3 c4 c5 c6
//
// X (the first player) owns `x_stones`, O owns `o_stones`. Moves are copy-make:
// `played(col)` returns a new position and leaves this one untouched.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>

#include "game/game.hpp"

namespace evalsynth::connect4 {

inline constexpr int kColumns = 7;
inline constexpr int kRows = 6;
inline constexpr int kCells = kColumns * kRows;
inline constexpr int kColumnStride = kRows + 1;

// Which win test a game is played under (see StandardRules, ThesisJavaRules).
enum class RuleSet : std::uint8_t { Standard, ThesisJava };
// Their names on command lines and in specs, the default first.
inline constexpr std::pair<std::string_view, RuleSet> kRuleSetWords[] = {{"standard", RuleSet::Standard},
                                                                         {"thesis-java", RuleSet::ThesisJava}};

namespace bits {
constexpr std::uint64_t cell(int row, int col) { return std::uint64_t{1} << (col * kColumnStride + row); }
constexpr std::uint64_t bottom_cell(int col) { return cell(0, col); }
constexpr std::uint64_t top_cell(int col) { return cell(kRows - 1, col); }
constexpr std::uint64_t column(int col) { return ((std::uint64_t{1} << kRows) - 1) << (col * kColumnStride); }
constexpr std::uint64_t make_bottom_row() {
  std::uint64_t b = 0;
  for (int c = 0; c < kColumns; ++c) b |= bottom_cell(c);
  return b;
}
inline constexpr std::uint64_t kBottomRow = make_bottom_row();
inline constexpr std::uint64_t kBoard = kBottomRow * ((std::uint64_t{1} << kRows) - 1);

// True if `stones` holds four in a row in any direction. Shifts: 1 vertical,
// 7 horizontal, 6 and 8 the two diagonals; the spare row keeps them from wrapping.
constexpr bool has_four(std::uint64_t stones) {
  for (int shift : {1, 7, 6, 8}) {
    const std::uint64_t pairs = stones & (stones >> shift);
    if (pairs & (pairs >> (2 * shift))) return true;
  }
  return false;
}
// Cells (inside the board, occupied or not) that would give `stones` four in a
// row: every gap or end of a line of three in any direction. (In a real game a
// vertical three only ever completes on top.) Mask with the empty or playable
// cells before use.
constexpr std::uint64_t winning_cells(std::uint64_t stones) {
  std::uint64_t cells = 0;
  for (int shift : {1, 7, 6, 8}) {
    std::uint64_t pair = (stones << shift) & (stones << 2 * shift);  // two behind the cell
    cells |= pair & (stones << 3 * shift);                           // three behind
    cells |= pair & (stones >> shift);                               // two behind, one ahead
    pair = (stones >> shift) & (stones >> 2 * shift);                // two ahead
    cells |= pair & (stones << shift);                               // two ahead, one behind
    cells |= pair & (stones >> 3 * shift);                           // three ahead
  }
  return cells & kBoard;
}
}  // namespace bits

// Win rules, as compile-time policies so the search is instantiated per rule
// set and the standard rules pay nothing for the other.
struct StandardRules {
  static constexpr bool has_four(std::uint64_t stones) { return bits::has_four(stones); }
  static constexpr std::uint64_t winning_cells(std::uint64_t stones) { return bits::winning_cells(stones); }
};

// The rules the thesis's Java system actually applied (Stenmark 2005,
// Appendix C): its win test lists 23 of the 24 diagonals, in all seven copies
// of it, and never counts the line through (row, col) = (5,2) (4,3) (3,4)
// (2,5) (0-based, row 0 = bottom). Its published tables were played under
// these rules; only they reproduce every row of Appendix D (results/).
struct ThesisJavaRules {
  static constexpr int kIgnoredLineStart = 2 * kColumnStride + 5;  // (row 5, col 2), lowest bit of the line
  static constexpr std::uint64_t kIgnoredLine =
      bits::cell(5, 2) | bits::cell(4, 3) | bits::cell(3, 4) | bits::cell(2, 5);

  static constexpr bool has_four(std::uint64_t stones) {
    for (int shift : {1, 7, 6, 8}) {
      const std::uint64_t pairs = stones & (stones >> shift);
      std::uint64_t line_starts = pairs & (pairs >> (2 * shift));
      if (shift == 6) line_starts &= ~(std::uint64_t{1} << kIgnoredLineStart);
      if (line_starts) return true;
    }
    return false;
  }
  static constexpr std::uint64_t winning_cells(std::uint64_t stones) {
    std::uint64_t cells = bits::winning_cells(stones);
    // Only the missing cell of the ignored line can be flagged because of it.
    if (std::popcount(stones & kIgnoredLine) == 3) {
      const std::uint64_t gap = kIgnoredLine & ~stones;
      if (!has_four(stones | gap)) cells &= ~gap;
    }
    return cells;
  }
};

class Position {
 public:
  constexpr Position() = default;

  // Builds a position from stone sets; the caller guarantees they are disjoint,
  // inside the board and stacked from the bottom (parsers validate this).
  static constexpr Position from_stones(std::uint64_t x_stones, std::uint64_t o_stones) {
    Position p;
    p.x_ = x_stones;
    p.o_ = o_stones;
    p.moves_ = std::popcount(x_stones) + std::popcount(o_stones);
    return p;
  }

  constexpr std::uint64_t x_stones() const { return x_; }
  constexpr std::uint64_t o_stones() const { return o_; }
  constexpr std::uint64_t occupied() const { return x_ | o_; }
  constexpr std::uint64_t stones_of(Side s) const { return s == Side::X ? x_ : o_; }
  constexpr int moves_played() const { return moves_; }
  constexpr Side side_to_move() const { return (moves_ & 1) ? Side::O : Side::X; }
  constexpr bool is_full() const { return moves_ == kCells; }

  constexpr bool can_play(int col) const { return (occupied() & bits::top_cell(col)) == 0; }

  // The cell a stone dropped in `col` lands on (0 if the column is full).
  constexpr std::uint64_t landing_cell(int col) const {
    return (occupied() + bits::bottom_cell(col)) & bits::column(col);
  }
  // All cells where a stone can be dropped now, one per non-full column.
  constexpr std::uint64_t playable_cells() const { return (occupied() + bits::kBottomRow) & bits::kBoard; }

  // Precondition: can_play(col).
  constexpr Position played(int col) const {
    Position next = *this;
    const std::uint64_t cell = landing_cell(col);
    if (side_to_move() == Side::X)
      next.x_ |= cell;
    else
      next.o_ |= cell;
    ++next.moves_;
    return next;
  }

  // Precondition: can_play(col). True if the side to move wins by playing col.
  template <class Rules = StandardRules>
  constexpr bool is_winning_move(int col) const {
    return Rules::has_four(stones_of(side_to_move()) | landing_cell(col));
  }

  // True if the side to move has a move that wins at once.
  template <class Rules = StandardRules>
  constexpr bool can_win_now() const {
    return (Rules::winning_cells(stones_of(side_to_move())) & playable_cells()) != 0;
  }

  template <class Rules = StandardRules>
  constexpr bool has_won(Side s) const {
    return Rules::has_four(stones_of(s));
  }
  // The side that just moved is the only one that can have four in a row.
  template <class Rules = StandardRules>
  constexpr bool last_mover_won() const {
    return moves_ > 0 && has_won<Rules>(opponent(side_to_move()));
  }
  template <class Rules = StandardRules>
  constexpr bool is_game_over() const {
    return is_full() || last_mover_won<Rules>();
  }

  // +1 X, -1 O, 0 empty: ADATE's sub(board, row, col).
  constexpr int square(int row, int col) const {
    const std::uint64_t c = bits::cell(row, col);
    return (x_ & c) ? 1 : (o_ & c) ? -1 : 0;
  }
  constexpr int height(int col) const { return std::popcount(occupied() & bits::column(col)); }

  // Unique over all positions: X's stones plus one marker bit above each column.
  constexpr std::uint64_t key() const { return x_ + occupied() + bits::kBottomRow; }

  // The position seen in a mirror: column c becomes column 6 - c.
  constexpr Position mirrored() const {
    Position m;
    m.moves_ = moves_;
    for (int col = 0; col < kColumns; ++col) {
      const int shift = (kColumns - 1 - 2 * col) * kColumnStride;  // from col to 6 - col
      const auto move = [shift](std::uint64_t bits) { return shift >= 0 ? bits << shift : bits >> -shift; };
      m.x_ |= move(x_ & bits::column(col));
      m.o_ |= move(o_ & bits::column(col));
    }
    return m;
  }
  // The same for a position and its mirror image.
  constexpr std::uint64_t canonical_key() const { return std::min(key(), mirrored().key()); }

  friend constexpr bool operator==(const Position&, const Position&) = default;

 private:
  std::uint64_t x_ = 0;
  std::uint64_t o_ = 0;
  int moves_ = 0;
};

// Terminal value of a finished game from X's view (precondition: is_game_over()).
template <class Rules = StandardRules>
constexpr int terminal_value(const Position& p) {
  if (p.last_mover_won<Rules>()) return p.side_to_move() == Side::O ? kWinValue : -kWinValue;
  return 0;
}

}  // namespace evalsynth::connect4
