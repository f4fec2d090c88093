// Part of the exporter's runtime (see popcount.hpp): checkers' features,
// copied into exported headers of checkers programs after the board's
// constant kSize (8, 6 or 4), which the exporter writes. The same values as
// evalsynth's games/checkers/features.cpp (tested).
//
// Square s (0-based: people number it s + 1, bit s of a side's pieces) is on
// row s / (kSize / 2) counted from X's back rank (X is Black: it moves first
// and its men start on the low numbers), in column 2 * (s % (kSize / 2)) + 1
// on even rows and 2 * (s % (kSize / 2)) on odd ones (column 0 on the left
// of the usual diagram).

inline constexpr int kHalf = kSize / 2, kSquares = kSize * kHalf;

// The square at a row and column, or -1 for a light square or off the board.
inline int square_at(int row, int column) {
  if (row < 0 || row >= kSize || column < 0 || column >= kSize || (row + column) % 2 == 0) return -1;
  return row * kHalf + column / 2;
}

// What depends on the board only, made once: each square's row and its
// neighbour in each direction (0 and 1 towards O's side, the way X's men
// move; 2 and 3 back), and the squares of the edge and of the centre (the
// middle half of the rows and columns).
struct Squares {
  int row[kSquares] = {};
  int step[kSquares][4] = {};
  std::uint32_t edge = 0, centre = 0;
  Squares() {
    const int low = kSize / 4, high = kSize - 1 - kSize / 4;
    for (int s = 0; s < kSquares; ++s) {
      const int r = s / kHalf, c = 2 * (s % kHalf) + (r % 2 == 0 ? 1 : 0);
      row[s] = r;
      step[s][0] = square_at(r + 1, c - 1);
      step[s][1] = square_at(r + 1, c + 1);
      step[s][2] = square_at(r - 1, c + 1);
      step[s][3] = square_at(r - 1, c - 1);
      if (r == 0 || r == kSize - 1 || c == 0 || c == kSize - 1) edge |= std::uint32_t{1} << s;
      if (r >= low && r <= high && c >= low && c <= high) centre |= std::uint32_t{1} << s;
    }
  }
};

inline const Squares& squares() {
  static const Squares table;
  return table;
}

// One side's view of a position: its pieces, the other side's, the kings,
// and whether it is X (whose men move towards the higher rows).
struct SideView {
  std::uint32_t own, theirs, kings;
  bool is_x;
  bool has(std::uint32_t set, int s) const { return s >= 0 && (set >> s & 1U) != 0; }
  bool empty(int s) const { return s >= 0 && !has(own | theirs, s); }
  // Kings step every way, men forward only.
  bool may_step(int s, int d) const { return has(kings, s) || (d < 2) == is_x; }
};

inline SideView side_view(std::uint32_t x, std::uint32_t o, std::uint32_t kings, bool is_x) {
  return {is_x ? x : o, is_x ? o : x, kings, is_x};
}

// The rows the side's men have come from its back rank, summed.
inline int advance(const SideView& v) {
  int sum = 0;
  for (int s = 0; s < kSquares; ++s)
    if (v.has(v.own & ~v.kings, s)) sum += v.is_x ? squares().row[s] : kSize - 1 - squares().row[s];
  return sum;
}

// The side's men on its back rank.
inline int back_rank(const SideView& v) {
  int count = 0;
  for (int s = 0; s < kSquares; ++s)
    count += v.has(v.own & ~v.kings, s) && squares().row[s] == (v.is_x ? 0 : kSize - 1);
  return count;
}

// The steps the side's pieces could take (a piece and a direction each).
inline int mobility(const SideView& v) {
  int count = 0;
  for (int s = 0; s < kSquares; ++s)
    for (int d = 0; d < 4 && v.has(v.own, s); ++d) count += v.may_step(s, d) && v.empty(squares().step[s][d]);
  return count;
}

// Whether the side's piece on s could jump in direction d.
inline bool can_jump(const SideView& v, int s, int d) {
  const int over = squares().step[s][d];
  return v.may_step(s, d) && v.has(v.theirs, over) && v.empty(squares().step[over][d]);
}

// The side's pieces that could jump now (whoever is to move).
inline int jumpers(const SideView& v) {
  int count = 0;
  for (int s = 0; s < kSquares; ++s)
    count += v.has(v.own, s) && (can_jump(v, s, 0) || can_jump(v, s, 1) || can_jump(v, s, 2) || can_jump(v, s, 3));
  return count;
}

// The side's pieces that a piece of the other side could jump now.
inline int exposed(const SideView& v) {
  const SideView them{v.theirs, v.own, v.kings, !v.is_x};
  std::uint32_t found = 0;
  for (int s = 0; s < kSquares; ++s)
    for (int d = 0; d < 4 && them.has(them.own, s); ++d)
      if (can_jump(them, s, d)) found |= std::uint32_t{1} << squares().step[s][d];
  return popcount(found);
}
