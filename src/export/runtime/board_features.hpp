// Part of the exporter's runtime (see popcount.hpp): the board masks and the
// bitboard features, copied into exported headers of programs that are not
// linear. Bit 7 * col + row is the square (row, col), row 0 the bottom.

inline constexpr std::uint64_t kBoard = 0xFDFBF7EFDFBFULL;  // the 42 squares
inline constexpr std::uint64_t kBottomRow = 0x40810204081ULL;
inline constexpr std::uint64_t kTopRow = 0x810204081020ULL;
inline constexpr std::uint64_t kOddRows = 0x54A952A54A95ULL;  // rows 1, 3, 5 counted from 1
inline constexpr std::uint64_t kEvenRows = 0xA952A54A952AULL;
inline constexpr std::uint64_t kCentreColumn = 0x7E00000ULL;
inline constexpr std::uint64_t kSpareRow = kBottomRow << 6;  // the always-empty bit above each column
inline constexpr std::uint64_t kWindowStarts[4] = {0x1C3870E1C387ULL, 0x7EFDFBFULL, 0xE1C387ULL, 0x70E1C38ULL};

// Empty squares where a stone would complete four in a row for `stones`.
inline std::uint64_t threat_cells(std::uint64_t stones, std::uint64_t occupied) {
  const int shifts[4] = {1, 7, 6, 8};
  std::uint64_t cells = 0;
  for (int shift : shifts) {
    std::uint64_t pair = (stones << shift) & (stones << 2 * shift);
    cells |= pair & (stones << 3 * shift);
    cells |= pair & (stones >> shift);
    pair = (stones >> shift) & (stones >> 2 * shift);
    cells |= pair & (stones << shift);
    cells |= pair & (stones >> 3 * shift);
  }
  return cells & ~occupied & kBoard;
}

// Windows of four holding exactly k of `mine` and none of `theirs`: the four
// squares of every window are added in parallel as 3-bit numbers.
inline int open_windows(std::uint64_t mine, std::uint64_t theirs, int k) {
  const int shifts[4] = {1, 7, 8, 6};
  int total = 0;
  for (int d = 0; d < 4; ++d) {
    const int s = shifts[d];
    const std::uint64_t a = mine, b = mine >> s, c = mine >> 2 * s, e = mine >> 3 * s;
    const std::uint64_t free = ~(theirs | theirs >> s | theirs >> 2 * s | theirs >> 3 * s);
    const std::uint64_t lo1 = a ^ b, hi1 = a & b, lo2 = c ^ e, hi2 = c & e;
    const std::uint64_t ones = lo1 ^ lo2, carry = lo1 & lo2;
    const std::uint64_t twos = hi1 ^ hi2 ^ carry, fours = (hi1 & hi2) | (carry & (hi1 ^ hi2));
    const std::uint64_t wanted = (k & 1 ? ones : ~ones) & (k & 2 ? twos : ~twos) & ~fours;
    total += popcount(kWindowStarts[d] & free & wanted);
  }
  return total;
}

// Column by column: subtracting the bottom row from a set with every
// column's spare bit set is x - 1 on each 6-bit column, never borrowing from
// the next. The lowest cell of `cells` in each column:
inline std::uint64_t lowest_per_column(std::uint64_t cells) { return cells & ~((cells | kSpareRow) - kBottomRow); }
// The cells below the lowest of `cells` in each column (all of a column without one):
inline std::uint64_t below_lowest(std::uint64_t cells) { return ((cells | kSpareRow) - kBottomRow) & ~cells & kBoard; }
