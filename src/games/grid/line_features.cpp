#include "games/grid/line_features.hpp"

#include <bit>

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

struct LineCounts {
  std::array<std::int32_t, kMaxLine + 1> x{}, o{};  // lines free of the other side, by stones held
  std::uint64_t threats_x = 0, threats_o = 0;
  std::uint64_t forks_x = 0, forks_o = 0;
};

LineCounts count_lines(const Geometry& g, const Stones& s, bool forks) {
  LineCounts c;
  const int k = g.line();
  const std::uint64_t empty = ~s.occupied();
  std::uint64_t once_x = 0, once_o = 0;
  for (std::uint64_t line : g.lines()) {
    const int nx = std::popcount(s.x & line), no = std::popcount(s.o & line);
    if (no == 0) {
      ++c.x[static_cast<std::size_t>(nx)];
      if (nx == k - 1) c.threats_x |= line & empty;
      if (forks && k >= 2 && nx == k - 2) {
        c.forks_x |= once_x & line & empty;
        once_x |= line & empty;
      }
    }
    if (nx == 0) {
      ++c.o[static_cast<std::size_t>(no)];
      if (no == k - 1) c.threats_o |= line & empty;
      if (forks && k >= 2 && no == k - 2) {
        c.forks_o |= once_o & line & empty;
        once_o |= line & empty;
      }
    }
  }
  return c;
}

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
  const LineCounts c = lines ? count_lines(g, s, forks) : LineCounts{};
  const std::uint64_t corners = g.corners(), edge = g.border();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const bool x = requests[i].player == 0;
    const std::uint64_t mine = x ? s.x : s.o;
    const auto& counts = x ? c.x : c.o;
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
        v = j <= g.line() ? counts[static_cast<std::size_t>(j)] : 0;
        break;
      }
      case LineFeature::Threats:
        v = std::popcount(x ? c.threats_x : c.threats_o);
        break;
      case LineFeature::Forks:
        v = std::popcount(x ? c.forks_x : c.forks_o);
        break;
      case LineFeature::Lines:
        v = counts[static_cast<std::size_t>(g.line())];
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
        for (int j = 1; j <= g.line(); ++j) v += counts[static_cast<std::size_t>(j)];
        break;
      case LineFeature::Neighbours:
        v = std::popcount(g.neighbours(mine) & ~s.occupied());
        break;
    }
    values[i] = v;
  }
}

}  // namespace evalsynth::grid
