#include "games/grid/line_features.hpp"

#include <bit>
#include <optional>

namespace evalsynth::grid {
namespace {

constexpr std::array<FeatureInfo, kLineFeatures> kFeatures = {{
    {"windows", true, 1, "lines of k cells holding exactly 1 of p's stones and none of the opponent's"},
    {"windows", true, 2, "lines of k cells holding exactly 2 of p's stones and none of the opponent's"},
    {"windows", true, 3, "lines of k cells holding exactly 3 of p's stones and none of the opponent's"},
    {"windows", true, 4, "lines of k cells holding exactly 4 of p's stones and none of the opponent's"},
    {"windows", true, 5, "lines of k cells holding exactly 5 of p's stones and none of the opponent's"},
    {"windows", true, 6, "lines of k cells holding exactly 6 of p's stones and none of the opponent's"},
    {"windows", true, 7, "lines of k cells holding exactly 7 of p's stones and none of the opponent's"},
    {"threats", true, 0, "empty cells that would complete a line of k for p"},
    {"forks", true, 0, "empty cells on two or more lines that a stone of p there would bring one short of k"},
    {"lines", true, 0, "lines of k cells p has filled (the points of a game played to a full board)"},
    {"stones", true, 0, "p's stones on the board"},
    {"centre", true, 0, "p's stones off the border of the board"},
    {"corners", true, 0, "p's stones in the four corners"},
    {"edges", true, 0, "p's stones on the border, corners left out"},
    {"moves", false, 0, "stones on the board"},
    {"to_move", false, 0, "+1 if X is to move, -1 if O is"},
    {"mobility", false, 0, "the moves the side to move can make"},
    {"open_lines", true, 0, "lines of k cells holding some of p's stones and none of the opponent's"},
    {"neighbours", true, 0, "empty cells next to p's stones"},
}};

// What the line features are read from, direction by direction: each
// side's count of stones in every line, and which lines are free of the
// other side. Computed once per evaluation, only if a line feature is read.
struct LineBasis {
  struct Direction {
    const LineDirection* d;
    LineCounts4 x, o;
    std::uint64_t free_of_x, free_of_o;
  };
  std::array<Direction, 4> directions;  // the first `size` are filled
  std::size_t size = 0;

  LineBasis(const Geometry& g, const Stones& s) {
    for (const LineDirection& d : g.directions())
      directions[size++] = {&d, g.counts(d, s.x), g.counts(d, s.o), g.free_of(d, s.x), g.free_of(d, s.o)};
  }
  // Lines holding exactly j of a side's stones and none of the other's.
  std::int32_t windows(bool x, int j) const {
    std::int32_t n = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const Direction& d = directions[i];
      n += std::popcount(x ? d.free_of_o & d.x.equal(j) : d.free_of_x & d.o.equal(j));
    }
    return n;
  }
  std::int32_t open_lines(bool x) const {
    std::int32_t n = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const Direction& d = directions[i];
      n += std::popcount(x ? d.free_of_o & d.x.some() : d.free_of_x & d.o.some());
    }
    return n;
  }
  // Empty cells completing a line of a side.
  std::uint64_t threats(const Geometry& g, const Stones& s, bool x) const {
    std::uint64_t cells = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const Direction& d = directions[i];
      cells |= g.cells_of(*d.d, x ? d.free_of_o & d.x.equal(g.line() - 1) : d.free_of_x & d.o.equal(g.line() - 1));
    }
    return cells & ~s.occupied() & g.board();
  }
  // Empty cells on two or more lines two short of a side's (free of the
  // other's). Lines of one direction meet a cell at different offsets, so
  // offset by offset: the cells seen once, and those seen again.
  std::uint64_t forks(const Geometry& g, const Stones& s, bool x) const {
    if (g.line() < 2) return 0;
    const std::uint64_t empty = ~s.occupied() & g.board();
    std::uint64_t once = 0, twice = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const Direction& d = directions[i];
      const std::uint64_t two_short = x ? d.free_of_o & d.x.equal(g.line() - 2) : d.free_of_x & d.o.equal(g.line() - 2);
      for (int k = 0; k < g.line(); ++k) {
        const std::uint64_t at = (two_short << (k * d.d->step)) & empty;
        twice |= once & at;
        once |= at;
      }
    }
    return twice;
  }
};

// The same counts line by line, for boards of few lines (tic-tac-toe's 8),
// where one pass over them costs less than the directions' bit planes.
struct LineTally {
  std::array<std::int32_t, kMaxLine + 1> x{}, o{};  // lines free of the other side, by stones held
  std::uint64_t threats_x = 0, threats_o = 0, forks_x = 0, forks_o = 0;

  LineTally(const Geometry& g, const Stones& s, bool forks) {
    const int k = g.line();
    const std::uint64_t empty = ~s.occupied() & g.board();
    std::uint64_t once_x = 0, once_o = 0;
    for (std::uint64_t line : g.lines()) {
      const int nx = std::popcount(s.x & line), no = std::popcount(s.o & line);
      if (no == 0) {
        ++x[static_cast<std::size_t>(nx)];
        if (nx == k - 1) threats_x |= line & empty;
        if (forks && k >= 2 && nx == k - 2) {
          forks_x |= once_x & line & empty;
          once_x |= line & empty;
        }
      }
      if (nx == 0) {
        ++o[static_cast<std::size_t>(no)];
        if (no == k - 1) threats_o |= line & empty;
        if (forks && k >= 2 && no == k - 2) {
          forks_o |= once_o & line & empty;
          once_o |= line & empty;
        }
      }
    }
  }
  std::int32_t windows(bool side_x, int j) const { return (side_x ? x : o)[static_cast<std::size_t>(j)]; }
  std::int32_t open_lines(bool side_x, int k) const {
    std::int32_t n = 0;
    for (int j = 1; j <= k; ++j) n += windows(side_x, j);
    return n;
  }
};

// Up to this many lines, LineTally; beyond, LineBasis.
constexpr std::size_t kFewLines = 24;

bool reads_lines(LineFeature f) { return f <= LineFeature::Lines || f == LineFeature::OpenLines; }

}  // namespace

FeatureLibrary line_feature_library(std::string_view family) {
  return FeatureLibrary{family, kFeatures, kLineFeatures, true, false, 0, 0};
}

void line_features(const Geometry& g, const Stones& s, std::uint64_t legal, std::span<const FeatureRequest> requests,
                   std::int32_t* values) {
  bool lines = false, forks = false;
  for (const FeatureRequest& r : requests) {
    lines = lines || reads_lines(static_cast<LineFeature>(r.id));
    forks = forks || static_cast<LineFeature>(r.id) == LineFeature::Forks;
  }
  std::optional<LineTally> tally;
  std::optional<LineBasis> basis;
  if (lines && g.lines().size() <= kFewLines)
    tally.emplace(g, s, forks);
  else if (lines)
    basis.emplace(g, s);
  auto windows = [&](bool x, int j) { return tally ? tally->windows(x, j) : basis->windows(x, j); };
  const std::uint64_t corners = g.corners(), edge = g.border();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const bool x = requests[i].player == 0;
    const std::uint64_t mine = x ? s.x : s.o;
    const auto f = static_cast<LineFeature>(requests[i].id);
    std::int32_t v = 0;
    switch (f) {
      case LineFeature::Windows1:
      case LineFeature::Windows2:
      case LineFeature::Windows3:
      case LineFeature::Windows4:
      case LineFeature::Windows5:
      case LineFeature::Windows6:
      case LineFeature::Windows7: {
        const int j = static_cast<int>(f) - static_cast<int>(LineFeature::Windows1) + 1;
        v = j <= g.line() ? windows(x, j) : 0;
        break;
      }
      case LineFeature::Threats:
        v = std::popcount(tally ? (x ? tally->threats_x : tally->threats_o) : basis->threats(g, s, x));
        break;
      case LineFeature::Forks:
        v = std::popcount(tally ? (x ? tally->forks_x : tally->forks_o) : basis->forks(g, s, x));
        break;
      case LineFeature::Lines:
        v = windows(x, g.line());
        break;
      case LineFeature::Stones:
        v = std::popcount(mine);
        break;
      case LineFeature::Centre:
        v = std::popcount(mine & ~edge);
        break;
      case LineFeature::Corners:
        v = std::popcount(mine & corners);
        break;
      case LineFeature::Edges:
        v = std::popcount(mine & edge & ~corners);
        break;
      case LineFeature::Moves:
        v = s.count();
        break;
      case LineFeature::ToMove:
        v = s.side_to_move() == Side::X ? 1 : -1;
        break;
      case LineFeature::Mobility:
        v = std::popcount(legal);
        break;
      case LineFeature::OpenLines:
        v = tally ? tally->open_lines(x, g.line()) : basis->open_lines(x);
        break;
      case LineFeature::Neighbours:
        v = std::popcount(g.neighbours(mine) & ~s.occupied());
        break;
    }
    values[i] = v;
  }
}

}  // namespace evalsynth::grid
