#pragma once
// Board features of the evaluator language: each is a handful of bitboard
// operations and popcounts on a Position. `player` is the side whose stones
// are counted; "opponent" is the other one. Rows are numbered 1..6 from the
// bottom in the descriptions (row 0 in code is row 1 here).

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "games/connect4/position.hpp"

namespace evalsynth::connect4::features {

namespace masks {
// Lowest cell of every window of four in direction `shift` (1 vertical,
// 7 horizontal, 8 up-right, 6 down-right): the window is that cell and the
// three cells shift, 2*shift, 3*shift above it in bit order.
constexpr std::uint64_t window_starts(int shift) {
  std::uint64_t starts = 0;
  for (int row = 0; row < kRows; ++row)
    for (int col = 0; col < kColumns; ++col) {
      const int dr = shift == 1 ? 1 : shift == 8 ? 1 : shift == 6 ? -1 : 0;
      const int dc = shift == 1 ? 0 : 1;
      const int end_row = row + 3 * dr, end_col = col + 3 * dc;
      if (end_row >= 0 && end_row < kRows && end_col < kColumns) starts |= bits::cell(row, col);
    }
  return starts;
}
inline constexpr std::array<int, 4> kShifts = {1, 7, 8, 6};
inline constexpr std::array<std::uint64_t, 4> kWindowStarts = {window_starts(1), window_starts(7), window_starts(8),
                                                               window_starts(6)};
constexpr std::uint64_t rows_mask(int parity) {  // parity 0: rows 1,3,5 (odd); 1: rows 2,4,6 (even)
  std::uint64_t m = 0;
  for (int row = parity; row < kRows; row += 2)
    for (int col = 0; col < kColumns; ++col) m |= bits::cell(row, col);
  return m;
}
inline constexpr std::uint64_t kOddRows = rows_mask(0);
inline constexpr std::uint64_t kEvenRows = rows_mask(1);
inline constexpr std::uint64_t kCentreColumn = bits::column(3);
inline constexpr std::uint64_t kTopRow = bits::kBottomRow << (kRows - 1);
inline constexpr std::uint64_t kSpareRow = bits::kBottomRow << kRows;  // the always-empty bit above each column
}  // namespace masks

// Column-wise bit tricks: subtracting the bottom row from a set with the spare
// bit of every column set is, column by column, x - 1 on a 6-bit number that
// can never borrow from the next column.
// The lowest cell of `cells` in each column.
constexpr std::uint64_t lowest_per_column(std::uint64_t cells) {
  return cells & ~((cells | masks::kSpareRow) - bits::kBottomRow);
}
// The cells below the lowest of `cells` in each column (the whole column
// where it has none).
constexpr std::uint64_t below_lowest(std::uint64_t cells) {
  return ((cells | masks::kSpareRow) - bits::kBottomRow) & ~cells & bits::kBoard;
}

// Windows of four holding exactly k = 1, 2 and 3 of the player's stones and
// none of the opponent's, all three in one pass (an evaluator using several
// shares it). Counts are bit-sliced: the four cells of every window are added
// in parallel as 3-bit numbers.
constexpr std::array<int, 3> open_windows_by_count(std::uint64_t mine, std::uint64_t theirs) {
  std::array<int, 3> total{};
  for (std::size_t d = 0; d < masks::kShifts.size(); ++d) {
    const int s = masks::kShifts[d];
    const std::uint64_t a = mine, b = mine >> s, c = mine >> 2 * s, e = mine >> 3 * s;
    const std::uint64_t free = ~(theirs | theirs >> s | theirs >> 2 * s | theirs >> 3 * s);
    const std::uint64_t lo1 = a ^ b, hi1 = a & b, lo2 = c ^ e, hi2 = c & e;
    const std::uint64_t ones = lo1 ^ lo2, carry = lo1 & lo2;
    const std::uint64_t twos = hi1 ^ hi2 ^ carry, fours = (hi1 & hi2) | (carry & (hi1 ^ hi2));
    const std::uint64_t open = masks::kWindowStarts[d] & free & ~fours;
    total[0] += std::popcount(open & ones & ~twos);
    total[1] += std::popcount(open & ~ones & twos);
    total[2] += std::popcount(open & ones & twos);
  }
  return total;
}
constexpr int open_windows(std::uint64_t mine, std::uint64_t theirs, int k) {
  return open_windows_by_count(mine, theirs)[static_cast<std::size_t>(k - 1)];
}

// Empty cells that would give the player four in a row.
constexpr std::uint64_t threat_cells(const Position& p, Side player) {
  return bits::winning_cells(p.stones_of(player)) & ~p.occupied() & bits::kBoard;
}

// The threat features, from the threat cells (computed once however many of
// them an evaluator uses).
namespace from_threat_cells {
constexpr int threats(std::uint64_t t) { return std::popcount(t); }
// Allis's parity rule: X wants its threats on odd rows (1, 3, 5), O on even ones.
constexpr int odd_threats(std::uint64_t t) { return std::popcount(t & masks::kOddRows); }
constexpr int even_threats(std::uint64_t t) { return std::popcount(t & masks::kEvenRows); }
// Threats the player could fill with its next stone.
constexpr int playable_threats(std::uint64_t t, const Position& p) { return std::popcount(t & p.playable_cells()); }
// Two threats of the player directly on top of each other: the lower one
// filled, the upper wins (a classic winning pattern).
constexpr int stacked_threats(std::uint64_t t) { return std::popcount(t & (t << 1)); }
// Zugzwang control (Allis): as the columns fill up, the lowest threat of a
// column is the one that decides it. Columns whose lowest threat, of either
// side, is the player's (a cell both threaten counts for both).
constexpr int lowest_threats(std::uint64_t mine, std::uint64_t theirs) {
  return std::popcount(lowest_per_column(mine | theirs) & mine);
}
// The player's threats that can win by parity: on the player's rows (X odd,
// O even) with no opponent threat below them in their column.
constexpr int good_threats(std::uint64_t mine, std::uint64_t theirs, Side player) {
  return std::popcount(mine & below_lowest(theirs) & (player == Side::X ? masks::kOddRows : masks::kEvenRows));
}
}  // namespace from_threat_cells

constexpr int threats(const Position& p, Side player) { return from_threat_cells::threats(threat_cells(p, player)); }
constexpr int odd_threats(const Position& p, Side player) {
  return from_threat_cells::odd_threats(threat_cells(p, player));
}
constexpr int even_threats(const Position& p, Side player) {
  return from_threat_cells::even_threats(threat_cells(p, player));
}
constexpr int playable_threats(const Position& p, Side player) {
  return from_threat_cells::playable_threats(threat_cells(p, player), p);
}
constexpr int stacked_threats(const Position& p, Side player) {
  return from_threat_cells::stacked_threats(threat_cells(p, player));
}
constexpr int lowest_threats(const Position& p, Side player) {
  return from_threat_cells::lowest_threats(threat_cells(p, player), threat_cells(p, opponent(player)));
}
constexpr int good_threats(const Position& p, Side player) {
  return from_threat_cells::good_threats(threat_cells(p, player), threat_cells(p, opponent(player)), player);
}
constexpr int centre_stones(const Position& p, Side player) {
  return std::popcount(p.stones_of(player) & masks::kCentreColumn);
}
constexpr int stones(const Position& p, Side player) { return std::popcount(p.stones_of(player)); }
// Columns that are not full (whose top cell is empty).
constexpr int mobility(const Position& p) { return kColumns - std::popcount(p.occupied() & masks::kTopRow); }

}  // namespace evalsynth::connect4::features
