// Part of the exporter's runtime (see popcount.hpp): Othello's features,
// copied into exported headers of Othello programs after the board's
// constants (kSize, kBoard, kNotFirstColumn, kNotLastColumn, kBorder,
// kCorners), which the exporter writes for the board. Bit row * kSize + col
// is the cell (row, col), row 0 the top row of the diagrams (row 1, where
// a1 is bit 0). The same values as evalsynth's games/othello/features.cpp
// (tested).

// The cells one step from `cells` in direction d (E, W, S, N, SE, NW, SW,
// NE as the diagrams are drawn; d and d ^ 1 opposite), none off the board
// or wrapped to another row.
inline std::uint64_t shift(std::uint64_t cells, int d) {
  switch (d) {
    case 0:
      return (cells << 1) & kNotFirstColumn;
    case 1:
      return (cells >> 1) & kNotLastColumn;
    case 2:
      return (cells << kSize) & kBoard;
    case 3:
      return cells >> kSize;
    case 4:
      return (cells << (kSize + 1)) & kNotFirstColumn;
    case 5:
      return (cells >> (kSize + 1)) & kNotLastColumn;
    case 6:
      return (cells << (kSize - 1)) & kNotLastColumn;
    default:
      return (cells >> (kSize - 1)) & kNotFirstColumn;
  }
}

// The cells next to `cells` (8-neighbourhood), `cells` left out.
inline std::uint64_t neighbours(std::uint64_t cells) {
  std::uint64_t around = 0;
  for (int d = 0; d < 8; ++d) around |= shift(cells, d);
  return around & ~cells;
}

// The cells where `mine` may place a disc: an empty cell at the end of a
// line of `theirs` that starts next to one of `mine`.
inline std::uint64_t moves_of(std::uint64_t mine, std::uint64_t theirs) {
  const std::uint64_t empty = kBoard & ~(mine | theirs);
  std::uint64_t moves = 0;
  for (int d = 0; d < 8; ++d) {
    std::uint64_t run = shift(mine, d) & theirs;
    for (int i = 2; i < kSize - 1; ++i) run |= shift(run, d) & theirs;
    moves |= shift(run, d) & empty;
  }
  return moves;
}

// The X-squares (diagonally inside) and C-squares (on the edge) next to
// the empty corners.
struct CornerSquares {
  std::uint64_t x_squares = 0, c_squares = 0;
};

inline CornerSquares corner_squares(std::uint64_t occupied) {
  CornerSquares s;
  for (std::uint64_t c = kCorners & ~occupied; c; c &= c - 1) {
    const std::uint64_t around = neighbours(c & (~c + 1));
    s.c_squares |= around & kBorder;
    s.x_squares |= around & ~kBorder;
  }
  return s;
}

// `mine`'s discs that no sequence of moves can flip: along each of the four
// lines through it, the line is full, or on one side lies the edge or a
// stable disc of its own. Grown from nothing to the least set that keeps
// this, so every disc counted is stable.
inline std::uint64_t stable_discs(std::uint64_t mine, std::uint64_t occupied) {
  std::uint64_t full[4];
  for (int axis = 0; axis < 4; ++axis) {
    std::uint64_t both = kBoard;
    for (int d = 2 * axis; d <= 2 * axis + 1; ++d) {
      const std::uint64_t edge = kBoard & ~shift(kBoard, d ^ 1);
      std::uint64_t ray = occupied & edge;
      for (int i = 1; i < kSize; ++i) ray |= occupied & shift(ray, d ^ 1);
      both &= ray;
    }
    full[axis] = both;
  }
  std::uint64_t stable = 0;
  for (;;) {
    std::uint64_t next = mine;
    for (int axis = 0; axis < 4; ++axis) {
      const int d = 2 * axis, e = 2 * axis + 1;
      const std::uint64_t held_d = (kBoard & ~shift(kBoard, e)) | shift(stable, e);
      const std::uint64_t held_e = (kBoard & ~shift(kBoard, d)) | shift(stable, d);
      next &= full[axis] | held_d | held_e;
    }
    if (next == stable) return stable;
    stable = next;
  }
}
