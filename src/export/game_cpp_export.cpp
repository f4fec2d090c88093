// Standalone C++ headers for programs of the games other than Connect4
// (cpp_export.hpp): the k-in-a-row boards (mnk, adjacent4), ModNim and
// checkers. The
// program's body is written as for Connect4 (expression_writer.hpp); the
// features come from export/runtime/grid_features.hpp with the board's
// constants written for the exported game, or are ModNim's two numbers, or
// checkers' (export/runtime/checkers_features.hpp over square-numbered bits).

#include <cassert>
#include <cstdio>
#include <iterator>
#include <utility>

#include "export/board_net_export.hpp"
#include "export/cpp_export.hpp"
#include "export/expression_writer.hpp"
#include "export/runtime_text.hpp"
#include "games/grid/line_features.hpp"
#include "lang/builtin_board_net.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"

namespace evalsynth::exporter {
namespace {

using grid::LineFeature;

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%016llxULL", static_cast<unsigned long long>(v));
  return buf;
}

std::string comment_lines(const std::string& text, const std::string& indent) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out += "//" + indent + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

// The board's constants, for the runtime's line features.
std::string grid_constants(const grid::Geometry& g) {
  std::string out = "inline constexpr int kColumns = " + std::to_string(g.columns()) +
                    ", kRows = " + std::to_string(g.rows()) + ", kLine = " + std::to_string(g.line()) +
                    ", kMaxLine = " + std::to_string(grid::kMaxLine) + ";\n";
  std::uint64_t left = 0, right = 0;
  for (int r = 0; r < g.rows(); ++r) {
    left |= g.cell(r, 0);
    right |= g.cell(r, g.columns() - 1);
  }
  out += "inline constexpr std::uint64_t kBoard = " + hex(g.board()) + ", kBorder = " + hex(g.border()) +
         ", kCorners = " + hex(g.corners()) + ";\n";
  out += "inline constexpr std::uint64_t kNotLeft = " + hex(g.board() & ~left) +
         ", kNotRight = " + hex(g.board() & ~right) + ";\n";
  out += "inline constexpr int kLineCount = " + std::to_string(g.lines().size()) +
         ";\ninline constexpr std::uint64_t kLines[kLineCount] = {";
  for (std::size_t i = 0; i < g.lines().size(); ++i)
    out += std::string(i ? "," : "") + (i % 4 ? " " : "\n    ") + hex(g.lines()[i]);
  return out + "};\n";
}

// A line feature's value from the locals x, o, legal and line_counts.
std::string grid_feature_expression(const grid::Geometry& g, int id, int player) {
  const std::string mine = player ? "o" : "x", side = player ? ".o" : ".x";
  const auto f = static_cast<LineFeature>(id);
  if (f <= LineFeature::Windows7) {
    const int j = id - static_cast<int>(LineFeature::Windows1) + 1;
    return j <= g.line() ? "line_counts" + side + "[" + std::to_string(j) + "]" : "0";
  }
  switch (f) {
    case LineFeature::Threats:
      return "popcount(line_counts.threats_" + mine + ")";
    case LineFeature::Forks:
      return "popcount(line_counts.forks_" + mine + ")";
    case LineFeature::Lines:
      return "line_counts" + side + "[kLine]";
    case LineFeature::Stones:
      return "popcount(" + mine + ")";
    case LineFeature::Centre:
      return "popcount(" + mine + " & ~kBorder)";
    case LineFeature::Corners:
      return "popcount(" + mine + " & kCorners)";
    case LineFeature::Edges:
      return "popcount(" + mine + " & kBorder & ~kCorners)";
    case LineFeature::Moves:
      return "popcount(x | o)";
    case LineFeature::ToMove:
      return "(popcount(x | o) & 1) ? -1 : 1";
    case LineFeature::Mobility:
      return "popcount(legal)";
    case LineFeature::OpenLines: {
      std::string sum;
      for (int j = 1; j <= g.line(); ++j)
        sum += (j > 1 ? " + " : "") + ("line_counts" + side + "[" + std::to_string(j) + "]");
      return sum;
    }
    case LineFeature::Neighbours:
      return "popcount(neighbours(" + mine + ") & ~(x | o))";
    default:
      return "0";
  }
}

// The cells the side to move may play, as C++ over x and o.
std::string legal_cells_code(const grid::Geometry& g, mnk::Placement placement) {
  switch (placement) {
    case mnk::Placement::Adjacent:
      return "  const std::uint64_t legal = (x | o) ? neighbours(x | o) : kBoard;  // next to a stone\n";
    case mnk::Placement::Drop:
      return "  const std::uint64_t legal = kBoard & ~(x | o) & (" + hex(g.bottom_row()) + " | (x | o) << " +
             std::to_string(g.columns()) + ");  // each column's lowest free cell\n";
    case mnk::Placement::Anywhere:
      break;
  }
  return "  const std::uint64_t legal = kBoard & ~(x | o);\n";
}

std::string grid_header_body(const lang::Program& program, const grid::Geometry& g, mnk::Placement placement,
                             const std::string& name, const std::string& detail) {
  const ProgramBody body = write_program_body(program);
  std::string out = "namespace " + detail + " {\n";
  out += runtime::kPopcount;
  out += runtime::kWrappingInt;
  out += grid_constants(g);
  out += runtime::kGridFeatures;
  out += "}  // namespace " + detail + "\n\n";
  out += "// The value of the position with X's stones `x` and O's stones `o`.\ninline int " + name +
         "([[maybe_unused]] std::uint64_t x, [[maybe_unused]] std::uint64_t o) {\n  using namespace " + detail + ";\n";
  bool lines = false, legal = false;
  for (const auto& [id, player] : body.features) {
    lines = lines || grid_feature_expression(g, id, player).find("line_counts") != std::string::npos;
    legal = legal || static_cast<LineFeature>(id) == LineFeature::Mobility;
  }
  if (legal) out += legal_cells_code(g, placement);
  if (lines) out += "  const LineCounts line_counts = count_lines(x, o);\n";
  if (body.uses_sq)
    out +=
        "  // +1 X, -1 O, 0 empty or off the board; row 0 = bottom.\n"
        "  const auto sq = [x, o](I row, I col) -> I {\n"
        "    if (row.v < 0 || row.v >= kRows || col.v < 0 || col.v >= kColumns) return 0;\n"
        "    const std::uint64_t bit = std::uint64_t{1} << (row.v * kColumns + col.v);\n"
        "    return (x & bit) ? 1 : (o & bit) ? -1 : 0;\n"
        "  };\n";
  for (const auto& [id, player] : body.features)
    out += "  const I " + feature_local(program.features(), id, player) + " = " +
           grid_feature_expression(g, id, player) + ";\n";
  out += body.statements + "}\n\n";
  const std::string rows = std::to_string(g.rows()), columns = std::to_string(g.columns());
  return out +
         "// The same value for a board given cell by cell: board[row][col], row 0 =\n"
         "// bottom, +1 for an X stone, -1 for an O stone, 0 for an empty cell.\ninline int " +
         name + "(const int board[" + rows + "][" + columns +
         "]) {\n  std::uint64_t x = 0, o = 0;\n  for (int row = 0; row < " + rows +
         "; ++row)\n    for (int col = 0; col < " + columns +
         "; ++col) {\n      const std::uint64_t bit = std::uint64_t{1} << (row * " + columns +
         " + col);\n      if (board[row][col] > 0) x |= bit;\n      if (board[row][col] < 0) o |= bit;\n    }\n  "
         "return " +
         name + "(x, o);\n}\n";
}

std::string modnim_header_body(const lang::Program& program, const modnim::Game& game, const std::string& name,
                               const std::string& detail) {
  const ProgramBody body = write_program_body(program);
  std::string out = "namespace " + detail + " {\n";
  out += runtime::kWrappingInt;
  out += "inline constexpr int kLimit = " + std::to_string(game.take()) + ";  // the most sticks a move takes\n";
  out += "}  // namespace " + detail + "\n\n";
  out +=
      "// The value with `sticks_left` sticks on the table after `moves_made` moves\n"
      "// (X moves when that is even).\ninline int " +
      name + "([[maybe_unused]] int sticks_left, [[maybe_unused]] int moves_made) {\n  using namespace " + detail +
      ";\n";
  static constexpr const char* kValues[] = {"sticks_left", "kLimit", "moves_made", "(moves_made & 1) ? -1 : 1"};
  for (const auto& [id, player] : body.features)
    out += "  const I " + feature_local(program.features(), id, player) + " = " + kValues[id] + ";\n";
  return out + body.statements + "}\n";
}

std::string checkers_header_body(const lang::Program& program, const checkers::Game& game, const std::string& name,
                                 const std::string& detail) {
  const ProgramBody body = write_program_body(program);
  std::string out = "namespace " + detail + " {\n";
  out += runtime::kPopcount;
  out += runtime::kWrappingInt;
  out += "inline constexpr int kSize = " + std::to_string(game.size()) + ";  // the board's side\n";
  out += runtime::kCheckersFeatures;
  out += "}  // namespace " + detail + "\n\n";
  out +=
      "// The value of a position: bit s - 1 of `x` and `o` is set when square s holds\n"
      "// a piece of X (Black, who moves first, its men starting on the low numbers)\n"
      "// or of O; `kings_bits` marks the kings among them; `plies_played` moves have\n"
      "// been made (X is to move when it is even) and `quiet_plies` since the last\n"
      "// capture or man's move.\ninline int " +
      name +
      "([[maybe_unused]] std::uint32_t x, [[maybe_unused]] std::uint32_t o, [[maybe_unused]] std::uint32_t "
      "kings_bits,\n    [[maybe_unused]] int plies_played, [[maybe_unused]] int quiet_plies) {\n  using namespace " +
      detail + ";\n";
  if (body.uses_sq)
    out +=
        "  // +1 X, -1 O, 0 empty, a light square or off the board; row 0 = X's back rank.\n"
        "  const auto sq = [x, o](I row, I col) -> I {\n"
        "    const int s = square_at(row.v, col.v);\n"
        "    return s < 0 ? 0 : (x >> s & 1U) ? 1 : (o >> s & 1U) ? -1 : 0;\n"
        "  };\n";
  // In the order of games/checkers/features.cpp: V is the side's pieces, S its view.
  static constexpr std::pair<const char*, const char*> kOfSide[] = {{"popcount(", " & ~kings_bits)"},
                                                                    {"popcount(", " & kings_bits)"},
                                                                    {"back_rank(", ")"},
                                                                    {"advance(", ")"},
                                                                    {"popcount(", " & squares().centre)"},
                                                                    {"popcount(", " & squares().edge)"},
                                                                    {"mobility(", ")"},
                                                                    {"jumpers(", ")"},
                                                                    {"exposed(", ")"}};
  static constexpr const char* kOfBoard[] = {"plies_played", "(plies_played & 1) ? -1 : 1", "quiet_plies"};
  constexpr int sided = static_cast<int>(std::size(kOfSide));
  for (const auto& [id, player] : body.features) {
    assert(id >= 0 && id < sided + 3);
    std::string value;
    if (id < sided) {
      const bool pieces = id < 2 || id == 4 || id == 5;
      const std::string side = pieces ? std::string(player ? "o" : "x")
                                      : std::string("side_view(x, o, kings_bits, ").append(player ? "false)" : "true)");
      value = std::string(kOfSide[id].first).append(side).append(kOfSide[id].second);
    } else {
      value = kOfBoard[id - sided];
    }
    out += "  const I " + feature_local(program.features(), id, player) + " = " + value + ";\n";
  }
  return out + body.statements + "}\n";
}

std::string othello_header_body(const lang::Program& program, const othello::Game& game, const std::string& name,
                                const std::string& detail) {
  const ProgramBody body = write_program_body(program);
  const grid::Geometry& g = game.geometry();
  std::uint64_t first = 0, last = 0;
  for (int row = 0; row < g.rows(); ++row) {
    first |= g.cell(row, 0);
    last |= g.cell(row, g.columns() - 1);
  }
  std::string out = "namespace " + detail + " {\n";
  out += runtime::kPopcount;
  out += runtime::kWrappingInt;
  out += "inline constexpr int kSize = " + std::to_string(game.size()) + ";  // the board's side\n";
  out += "inline constexpr std::uint64_t kBoard = " + hex(g.board()) +
         ", kNotFirstColumn = " + hex(g.board() & ~first) + ",\n    kNotLastColumn = " + hex(g.board() & ~last) +
         ", kBorder = " + hex(g.border()) + ", kCorners = " + hex(g.corners()) + ";\n";
  out += runtime::kOthelloFeatures;
  for (const lang::BuiltinBoardNet* net : lang::builtin_board_nets_read(program))
    out += othello_board_net_definitions(lang::builtin_board_model(*net), net->feature, net->path);
  out += "}  // namespace " + detail + "\n\n";
  out +=
      "// The value of the position with X's (black's) discs `x` and O's (white's) `o`\n"
      "// after `plies_played` moves, passes included (X is to move when it is even).\ninline int " +
      name +
      "([[maybe_unused]] std::uint64_t x, [[maybe_unused]] std::uint64_t o, [[maybe_unused]] int plies_played) {\n"
      "  using namespace " +
      detail + ";\n";
  // The squares by the empty corners, made once where x_squares (feature 5)
  // or c_squares (6) is read.
  bool corner_squares = false;
  for (const auto& [id, player] : body.features) corner_squares = corner_squares || id == 5 || id == 6;
  if (corner_squares) out += "  const CornerSquares around_corners = corner_squares(x | o);\n";
  if (body.uses_sq)
    out +=
        "  // +1 X, -1 O, 0 empty or off the board; row 0 = the diagrams' row 1.\n"
        "  const auto sq = [x, o](I row, I col) -> I {\n"
        "    if (row.v < 0 || row.v >= kSize || col.v < 0 || col.v >= kSize) return 0;\n"
        "    const std::uint64_t bit = std::uint64_t{1} << (row.v * kSize + col.v);\n"
        "    return (x & bit) ? 1 : (o & bit) ? -1 : 0;\n"
        "  };\n";
  for (const auto& [id, player] : body.features) {
    // A network built into the language: its own namespace's value.
    const std::string feature_name(program.features()[id].name);
    if (lang::builtin_board_net(program.features().family, feature_name)) {
      out += "  const I " + feature_local(program.features(), id, player) + " = " + board_net_namespace(feature_name) +
             "::value(x, o, (plies_played & 1) != 0);\n";
      continue;
    }
    // The game's own features, in the order of games/othello/features.cpp.
    const std::string m = player ? "o" : "x", t = player ? "x" : "o", empty = "(kBoard & ~(x | o))";
    const std::string values[] = {"popcount(" + m + ")",
                                  "popcount(moves_of(" + m + ", " + t + "))",
                                  "popcount(neighbours(" + t + ") & " + empty + ")",
                                  "popcount(" + m + " & neighbours" + empty + ")",
                                  "popcount(" + m + " & kCorners)",
                                  "popcount(" + m + " & around_corners.x_squares)",
                                  "popcount(" + m + " & around_corners.c_squares)",
                                  "popcount(" + m + " & kBorder & ~kCorners)",
                                  "popcount(stable_discs(" + m + ", x | o))",
                                  "popcount" + empty,
                                  "plies_played",
                                  "(plies_played & 1) ? -1 : 1"};
    assert(id >= 0 && id < static_cast<int>(std::size(values)));
    out += "  const I " + feature_local(program.features(), id, player) + " = " + values[id] + ";\n";
  }
  out += body.statements + "}\n\n";
  const std::string n = std::to_string(game.size());
  return out +
         "// The same value for a board given cell by cell: board[row][col], row 0 = the\n"
         "// diagrams' row 1 (a1 is board[0][0]), +1 for an X disc, -1 for an O disc, 0 for\n"
         "// an empty cell.\ninline int " +
         name + "(const int board[" + n + "][" + n + "], int plies_played) {\n  std::uint64_t x = 0, o = 0;\n" +
         "  for (int row = 0; row < " + n + "; ++row)\n    for (int col = 0; col < " + n +
         "; ++col) {\n      const std::uint64_t bit = std::uint64_t{1} << (row * " + n +
         " + col);\n      if (board[row][col] > 0) x |= bit;\n      if (board[row][col] < 0) o |= bit;\n    }\n"
         "  return " +
         name + "(x, o, plies_played);\n}\n";
}

}  // namespace

bool exports_family(GameFamily family) {
  return family == connect4::kFamily || family == mnk::kFamily || family == adjacent4::kFamily ||
         family == modnim::kFamily || family == checkers::kFamily || family == othello::kFamily;
}

std::string game_cpp_header(const lang::Program& source, const ExportInfo& info) {
  assert(exports_family(info.game.family));
  const lang::Program program = lang::simplify(source);
  std::string guard = "EVALSYNTH_EXPORT_";
  for (char c : info.name) guard += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  guard += "_HPP";
  const std::string game = info.game.text();
  std::string out =
      "// " + info.name + ": an evaluation function of " + game + " exported by evalsynth.\n//\n// Program:\n";
  out += comment_lines(lang::expression_text(source), "   ");
  if (!(program == source))
    out += "// Simplified (what the code below computes, with the same value everywhere):\n" +
           comment_lines(lang::expression_text(program), "   ");
  for (const std::string& line : info.provenance) out += "// " + line + "\n";
  const std::string detail = info.name + "_detail";
  std::string code;
  std::string usage;
  with_game(info.game, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    if constexpr (std::is_same_v<G, checkers::Game>) {
      usage = "//   int " + info.name +
              "(std::uint32_t x, std::uint32_t o, std::uint32_t kings_bits, int plies_played, int quiet_plies);\n"
              "//   bit s - 1 = square s, numbered 1.." +
              std::to_string(g.board().squares()) + " from X's back rank\n";
      code = checkers_header_body(program, g, info.name, detail);
    } else if constexpr (std::is_same_v<G, othello::Game>) {
      usage = "//   int " + info.name +
              "(std::uint64_t x_discs, std::uint64_t o_discs, int plies_played);   bit row * " +
              std::to_string(g.size()) + " + col, a1 = bit 0\n" + "//   int " + info.name + "(const int board[" +
              std::to_string(g.size()) + "][" + std::to_string(g.size()) +
              "], int plies_played);   board[row][col], +1 X, -1 O\n";
      code = othello_header_body(program, g, info.name, detail);
    } else if constexpr (std::is_same_v<G, modnim::Game>) {
      usage = "//   int " + info.name + "(int sticks_left, int moves_made);\n";
      code = modnim_header_body(program, g, info.name, detail);
    } else if constexpr (std::is_base_of_v<grid::StoneGame<G>, G>) {  // the k-in-a-row boards
      const grid::Geometry& geometry = g.geometry();
      usage = "//   int " + info.name + "(const int board[" + std::to_string(geometry.rows()) + "][" +
              std::to_string(geometry.columns()) + "]);   board[row][col], row 0 = bottom, +1 X, -1 O\n" + "//   int " +
              info.name + "(std::uint64_t x_stones, std::uint64_t o_stones);   bit row * " +
              std::to_string(geometry.columns()) + " + col\n";
      mnk::Placement placement = mnk::Placement::Adjacent;  // adjacent4's
      if constexpr (requires { g.placement(); }) placement = g.placement();
      code = grid_header_body(program, geometry, placement, info.name, detail);
    }
  });
  out += "//\n" + usage +
         "//\n// Values are from X's (the first player's) view: larger is better for X.\n"
         "// They are exactly evalsynth's, for every position of " +
         game +
         ". evalsynth's searches\n// clamp them to [-99999, 99999] and score a won game +-100000.\n"
         "//\n// Standalone C++17: no other file of evalsynth is needed.\n\n#ifndef " +
         guard + "\n#define " + guard + "\n\n" +
         (code.find("std::tanh") != std::string::npos ? "#include <cmath>\n" : "") + "#include <cstdint>\n\n";
  return out + code + "\n#endif  // " + guard + "\n";
}

}  // namespace evalsynth::exporter
