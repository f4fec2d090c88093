#include "export/js_game_features.hpp"

#include <cassert>
#include <iterator>

#include "export/expression_writer.hpp"
#include "games/grid/line_features.hpp"
#include "lang/builtin_board_net.hpp"

namespace evalsynth::exporter {
namespace {

using grid::LineFeature;

// A line feature's value over the board `b` and, where it says so, the
// board's line counts `line_counts` (play_grid_features.js).
std::string grid_feature(int id, int player) {
  const std::string side = player ? "O" : "X";
  const auto f = static_cast<LineFeature>(id);
  if (f <= LineFeature::Windows7)
    return "lineWindows(line_counts, " + side + ", " +
           std::to_string(id - static_cast<int>(LineFeature::Windows1) + 1) + ")";
  switch (f) {
    case LineFeature::Threats:
      return "line_counts.threats[" + side + "]";
    case LineFeature::Forks:
      return "line_counts.forks[" + side + "]";
    case LineFeature::Lines:
      return "lineWindows(line_counts, " + side + ", LINE)";
    case LineFeature::Stones:
      return "gridStones(b, " + side + ")";
    case LineFeature::Centre:
      return "gridCentre(b, " + side + ")";
    case LineFeature::Corners:
      return "gridCorners(b, " + side + ")";
    case LineFeature::Edges:
      return "gridEdges(b, " + side + ")";
    case LineFeature::Moves:
      return "b.moves";
    case LineFeature::ToMove:
      return "toMove(b)";
    case LineFeature::Mobility:
      return "legalMoveCount(b)";
    case LineFeature::OpenLines:
      return "openLines(line_counts, " + side + ")";
    case LineFeature::Neighbours:
      return "neighbourCells(b, " + side + ")";
    default:
      assert(false && "a line feature the page does not know");
      return "0";
  }
}

// ModNim's features, in its library's order: sticks(), limit(), moves(), to_move().
std::string modnim_feature(int id) {
  static constexpr const char* kValues[] = {"b.sticks", "LIMIT", "b.moves", "toMove(b)"};
  assert(id >= 0 && id < 4 && "a ModNim feature the page does not know");
  return id >= 0 && id < 4 ? kValues[id] : "0";
}

// Checkers' features, in its library's order (games/checkers/features.cpp).
std::string checkers_feature(int id, int player) {
  static constexpr const char* kOfSide[] = {"checkersMen",      "checkersKings",   "checkersBackRank",
                                            "checkersAdvance",  "checkersCentre",  "checkersEdge",
                                            "checkersMobility", "checkersJumpers", "checkersExposed"};
  static constexpr const char* kOfBoard[] = {"b.plies", "toMove(b)", "b.quiet"};
  constexpr int sided = static_cast<int>(std::size(kOfSide));
  assert(id >= 0 && id < sided + 3 && "a checkers feature the page does not know");
  if (id >= 0 && id < sided) return std::string(kOfSide[id]) + (player ? "(b, O)" : "(b, X)");
  return id >= sided && id < sided + 3 ? kOfBoard[id - sided] : "0";
}

// Othello's features, in its library's order (games/othello/features.cpp).
std::string othello_feature(int id, int player) {
  static constexpr const char* kOfSide[] = {"othelloDiscs",    "othelloMobility", "othelloPotentialMobility",
                                            "othelloFrontier", "othelloCorners",  "othelloXSquares",
                                            "othelloCSquares", "othelloEdges",    "othelloStable"};
  static constexpr const char* kOfBoard[] = {"othelloEmpties(b)", "b.plies", "toMove(b)"};
  constexpr int sided = static_cast<int>(std::size(kOfSide)), of_board = static_cast<int>(std::size(kOfBoard));
  assert(id >= 0 && id < sided + of_board && "an Othello feature the page does not know");
  if (id >= 0 && id < sided) return std::string(kOfSide[id]) + (player ? "(b, O)" : "(b, X)");
  return id >= sided && id < sided + of_board ? kOfBoard[id - sided] : "0";
}

std::string feature_value(GameFamily family, int id, int player) {
  switch (family) {
    case othello::kFamily:
      return othello_feature(id, player);
    case modnim::kFamily:
      return modnim_feature(id);
    case checkers::kFamily:
      return checkers_feature(id, player);
    default:
      return grid_feature(id, player);
  }
}

}  // namespace

std::string js_game_feature_statements(const lang::Program& program, const std::set<std::pair<int, int>>& features) {
  std::string out;
  std::string locals;
  bool line_counts = false;
  for (const auto& [id, player] : features) {
    // A network built into the language reads its data (js_board_nets).
    const std::string name(program.features()[id].name);
    const std::string value = lang::builtin_board_net(program.features().family, name)
                                  ? "boardNetValue(b, boardNets." + name + ")"
                                  : feature_value(program.family(), id, player);
    line_counts = line_counts || value.find("line_counts") != std::string::npos;
    locals += "  const " + feature_local(program.features(), id, player) + " = " + value + ";\n";
  }
  if (line_counts) out += "  const line_counts = countLines(b);\n";
  return out + locals;
}

bool is_js_game_local(const std::string& name) {
  return name == "line_counts" || name == "sticks" || name == "limit" || name == "quiet" || name == "GAME";
}

}  // namespace evalsynth::exporter
