// Part of the exporter's runtime (see popcount.hpp): the line features of the
// k-in-a-row boards (mnk games, adjacent4), copied into exported headers of
// their programs after the board's constants (kLine, kBoard, kBorder,
// kCorners, kNotLeft, kNotRight, kColumns, kLineCount, kLines), which the
// exporter writes for the game's board. Bit row * kColumns + col is the
// cell (row, col), row 0 the bottom. The same values as evalsynth's
// games/grid/line_features.cpp (tested).

// The board's lines of kLine cells, counted by the stones each holds when it
// holds none of the other side's; the empty cells completing a line (threats)
// and those on two lines a stone would bring one short (forks), by side.
struct LineCounts {
  int x[kMaxLine + 1] = {}, o[kMaxLine + 1] = {};
  std::uint64_t threats_x = 0, threats_o = 0, forks_x = 0, forks_o = 0;
};

inline LineCounts count_lines(std::uint64_t x, std::uint64_t o) {
  LineCounts c;
  const std::uint64_t empty = ~(x | o);
  std::uint64_t once_x = 0, once_o = 0;
  for (int i = 0; i < kLineCount; ++i) {
    const std::uint64_t line = kLines[i];
    const int nx = popcount(x & line), no = popcount(o & line);
    if (no == 0) {
      ++c.x[nx];
      if (nx == kLine - 1) c.threats_x |= line & empty;
      if (kLine >= 2 && nx == kLine - 2) {
        c.forks_x |= once_x & line & empty;
        once_x |= line & empty;
      }
    }
    if (nx == 0) {
      ++c.o[no];
      if (no == kLine - 1) c.threats_o |= line & empty;
      if (kLine >= 2 && no == kLine - 2) {
        c.forks_o |= once_o & line & empty;
        once_o |= line & empty;
      }
    }
  }
  return c;
}

// The cells next to `cells` (8-neighbourhood), `cells` left out.
inline std::uint64_t neighbours(std::uint64_t cells) {
  const std::uint64_t row = cells | ((cells << 1) & kNotLeft) | ((cells >> 1) & kNotRight);
  return (row | (row << kColumns) | (row >> kColumns)) & kBoard & ~cells;
}
