#include "export/cpp_export.hpp"

#include <cassert>
#include <cstdio>
#include <set>
#include <sstream>

#include "export/expression_writer.hpp"
#include "export/ntuple_export.hpp"
#include "export/runtime_text.hpp"
#include "games/connect4/features.hpp"
#include "games/connect4/position.hpp"
#include "lang/compiled.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"

namespace evalsynth::exporter {
namespace {

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%016llxULL", static_cast<unsigned long long>(v));
  return buf;
}

// Wraps `text` into comment lines of at most `width` characters.
std::string comment_block(const std::string& text, const std::string& indent, std::size_t width = 96) {
  std::string out, line;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += "//" + indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += "//" + indent + line + "\n";
  return out;
}

std::string bit_layout_comment() {
  std::string out =
      "// Bitboards: bit (7 * col + row) is the square in column col (0 = left) and\n"
      "// row row (0 = bottom); x_stones has X's stones, o_stones O's:\n"
      "//\n"
      "//            col 0  1  2  3  4  5  6\n";
  for (int row = connect4::kRows - 1; row >= 0; --row) {
    char line[80];
    int at = std::snprintf(line, sizeof line, "//   row %d:   ", row);
    for (int col = 0; col < connect4::kColumns; ++col)
      at += std::snprintf(line + at, sizeof line - static_cast<std::size_t>(at), "%3d",
                          col * connect4::kColumnStride + row);
    out += std::string(line) + (row == connect4::kRows - 1 ? "   (top)\n" : row == 0 ? "   (bottom)\n" : "\n");
  }
  return out + "//\n// Bits 6, 13, 20, 27, 34, 41, 48 (above each column) and 49..63 must be 0.\n";
}

std::string board_overload(const std::string& name) {
  return "// The same value for a board given square by square: board[row][col], row 0 =\n"
         "// bottom, +1 for an X stone, -1 for an O stone, 0 for an empty square.\n"
         "inline int " +
         name +
         "(const int board[6][7]) {\n"
         "  std::uint64_t x = 0, o = 0;\n"
         "  for (int row = 0; row < 6; ++row)\n"
         "    for (int col = 0; col < 7; ++col) {\n"
         "      const std::uint64_t bit = std::uint64_t{1} << (7 * col + row);\n"
         "      if (board[row][col] > 0) x |= bit;\n"
         "      if (board[row][col] < 0) o |= bit;\n"
         "    }\n"
         "  return " +
         name +
         "(x, o);\n"
         "}\n";
}

// The exported function's first lines, up to its body.
std::string function_opening(const std::string& name, const std::string& detail) {
  return "// The value of the position with X's stones `x` and O's stones `o`.\ninline int " + name +
         "([[maybe_unused]] std::uint64_t x, [[maybe_unused]] std::uint64_t o) {\n  using namespace " + detail + ";\n";
}

std::string linear_code(const connect4::LinearEvaluator& linear, const std::string& name, const std::string& detail) {
  const connect4::SquareWeights& w = linear.weights();
  // Bit planes of the weights, as LinearEvaluator builds them.
  std::vector<std::uint64_t> positive, negative;
  for (int row = 0; row < connect4::kRows; ++row)
    for (int col = 0; col < connect4::kColumns; ++col) {
      const int weight = w[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
      const unsigned magnitude = static_cast<unsigned>(weight < 0 ? -weight : weight);
      for (int k = 0; magnitude >> k; ++k) {
        if (static_cast<std::size_t>(k) >= positive.size())
          positive.resize(static_cast<std::size_t>(k) + 1), negative.resize(static_cast<std::size_t>(k) + 1);
        if (magnitude >> k & 1U)
          (weight > 0 ? positive : negative)[static_cast<std::size_t>(k)] |= connect4::bits::cell(row, col);
      }
    }
  std::string out = "namespace " + detail + " {\n" + std::string(runtime::kPopcount) +
                    "// The program is linear in the squares: value = kBias + the sum over squares of\n"
                    "// kWeights[row][col] * (+1 X, -1 O, 0 empty), row 0 = bottom.\n"
                    "inline constexpr int kWeights[6][7] = {\n";
  for (int row = 0; row < connect4::kRows; ++row) {
    out += "    {";
    for (int col = 0; col < connect4::kColumns; ++col)
      out += (col ? ", " : "") + std::to_string(w[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]);
    out += row == 0 ? "},  // row 0 (bottom)\n" : row == connect4::kRows - 1 ? "},  // row 5 (top)\n" : "},\n";
  }
  out += "};\ninline constexpr std::int32_t kBias = " + std::to_string(linear.bias()) + ";\n";
  if (!positive.empty()) {
    out +=
        "// Computed as bit planes: plane k holds the squares whose |weight| has bit k\n"
        "// set, by the weight's sign, so the sum takes a few popcounts.\n"
        "inline constexpr int kPlanes = " +
        std::to_string(positive.size()) + ";\ninline constexpr std::uint64_t kPositive[kPlanes] = {";
    for (std::size_t k = 0; k < positive.size(); ++k) out += (k ? ", " : "") + hex(positive[k]);
    out += "};\ninline constexpr std::uint64_t kNegative[kPlanes] = {";
    for (std::size_t k = 0; k < negative.size(); ++k) out += (k ? ", " : "") + hex(negative[k]);
    out += "};\n";
  }
  out += "}  // namespace " + detail + "\n\n";
  out += function_opening(name, detail);
  if (positive.empty()) return out + "  return kBias;\n}\n";
  return out +
         "  int sum = 0;\n"
         "  for (int k = kPlanes - 1; k >= 0; --k)\n"
         "    sum = 2 * sum + popcount(x & kPositive[k]) - popcount(o & kPositive[k]) - popcount(x & kNegative[k]) + "
         "popcount(o & kNegative[k]);\n"
         "  return static_cast<std::int32_t>(static_cast<std::uint32_t>(kBias) + static_cast<std::uint32_t>(sum));\n"
         "}\n";
}

std::string general_code(const lang::Program& program, const std::string& name, const std::string& detail) {
  const ProgramBody body = write_program_body(program);
  bool playable_used = false, occupied_used = body.uses_height;
  for (const auto& [id, player] : body.features) {
    const auto f = static_cast<lang::Feature>(id);
    playable_used = playable_used || f == lang::Feature::PlayableThreats;
    occupied_used = occupied_used || is_threat_feature(f) || f == lang::Feature::Moves || f == lang::Feature::ToMove ||
                    f == lang::Feature::Mobility;
  }
  std::string out = "namespace " + detail + " {\n";
  out += runtime::kPopcount;
  out += runtime::kWrappingInt;
  out += runtime::kBoardFeatures;
  for (const auto& [id, player] : body.features)  // a program reads one network at most
    if (const auto network = lang::network_of_feature(id)) out += ntuple_definitions(*network);
  out += "}  // namespace " + detail + "\n\n";
  out += function_opening(name, detail);
  if (occupied_used) out += "  const std::uint64_t occupied = x | o;\n";
  if (playable_used)
    out += "  const std::uint64_t playable = (occupied + kBottomRow) & kBoard;  // where the next stones land\n";
  if (body.uses_sq)
    out +=
        "  // +1 X, -1 O, 0 empty or off the board; row 0 = bottom.\n"
        "  const auto sq = [x, o](I row, I col) -> I {\n"
        "    if (row.v < 0 || row.v >= 6 || col.v < 0 || col.v >= 7) return 0;\n"
        "    const std::uint64_t bit = std::uint64_t{1} << (7 * col.v + row.v);\n"
        "    return (x & bit) ? 1 : (o & bit) ? -1 : 0;\n"
        "  };\n";
  if (body.uses_height)
    out +=
        "  // Stones in a column; 0 off the board.\n"
        "  const auto height = [occupied](I col) -> I {\n"
        "    if (col.v < 0 || col.v >= 7) return 0;\n"
        "    return popcount(occupied & (std::uint64_t{0x3F} << (7 * col.v)));\n"
        "  };\n";
  std::set<int> threat_players;
  for (const auto& [id, player] : body.features)
    if (const auto f = static_cast<lang::Feature>(id); is_threat_feature(f)) {
      threat_players.insert(player);
      // These compare the player's threats with the opponent's.
      if (f == lang::Feature::LowestThreats || f == lang::Feature::GoodThreats) threat_players.insert(1 - player);
    }
  for (int player : threat_players)
    out += std::string("  const std::uint64_t threats_of_") + (player ? "o" : "x") + " = threat_cells(" +
           (player ? "o" : "x") + ", occupied);\n";
  for (const auto& [id, player] : body.features)
    out += "  const I " + feature_local(program.features(), id, player) + " = " +
           feature_expression(static_cast<lang::Feature>(id), player) + ";\n";
  return out + body.statements + "}\n";
}

}  // namespace

bool is_usable_identifier(const std::string& name) {
  if (name.empty() || name.size() > 100 || name.front() == '_' || name.find("__") != std::string::npos) return false;
  if (!std::isalpha(static_cast<unsigned char>(name.front()))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return !is_cpp_keyword(name);
}

std::string identifier_from(const std::string& text) {
  // Letters and digits kept, every other run of characters one '_'.
  std::string name;
  for (char c : text) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (keep)
      name += c;
    else if (!name.empty() && name.back() != '_')
      name += '_';
  }
  if (!name.empty() && name.back() == '_') name.pop_back();
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front()))) name = "eval_" + name;
  if (!is_usable_identifier(name)) name += "_eval";
  return name;
}

std::string cpp_header(const lang::Program& source, const ExportInfo& info) {
  assert(source.family == info.game.family);
  if (source.family() != connect4::kFamily) return game_cpp_header(source, info);
  const lang::Program program = lang::simplify(source);
  const lang::Connect4Program compiled(program);
  std::string guard = "EVALSYNTH_EXPORT_";
  for (char c : info.name) guard += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  guard += "_HPP";

  std::string out = "// " + info.name + ": a Connect4 evaluation function exported by evalsynth.\n//\n// Program:\n";
  out += comment_block(lang::to_text(source), "   ");
  if (!(program == source))
    out += "// Simplified (what the code below computes, with the same value everywhere):\n" +
           comment_block(lang::to_text(program), "   ");
  for (const std::string& line : info.provenance) out += "// " + line + "\n";
  out +=
      "//\n"
      "//   int " +
      info.name +
      "(const int board[6][7]);\n"
      "//   int " +
      info.name +
      "(std::uint64_t x_stones, std::uint64_t o_stones);\n"
      "//\n"
      "// Values are from X's (the first player's) view: larger is better for X.\n"
      "// They are exactly evalsynth's, for every position. evalsynth's searches\n"
      "// clamp them to [-99999, 99999] and score a won game +-100000.\n"
      "//\n" +
      bit_layout_comment() +
      "//\n// Standalone C++17: no other file of evalsynth is needed.\n\n"
      "#ifndef " +
      guard + "\n#define " + guard + "\n\n" + (lang::network_read(program) ? "#include <cmath>\n" : "") +
      "#include <cstdint>\n\n";
  const std::string detail = info.name + "_detail";
  out += compiled.is_linear() ? linear_code(*compiled.linear(), info.name, detail)
                              : general_code(program, info.name, detail);
  return out + "\n" + board_overload(info.name) + "\n#endif  // " + guard + "\n";
}

std::string cpp_player(const std::string& header_file_name, const std::string& name) {
  return "// A Connect4 player around " + name + " (" + header_file_name +
         "), written by evalsynth export.\n"
         "//\n"
         "// Build: c++ -std=c++17 -O2 -o " +
         name + "_player " + name +
         "_player.cpp\n"
         "// Use:   " +
         name +
         "_player [DEPTH] < positions\n"
         "//\n"
         "// Reads one position per line as a Pons move string (columns 1-7 from the\n"
         "// empty board, X first, e.g. 4453) and prints the column (1-7) the evaluator\n"
         "// chooses at DEPTH (default 4), searching as evalsynth's players do:\n"
         "// alpha-beta, a won game +-100000 whatever its depth, a full board 0,\n"
         "// evaluations clamped to +-99999, depth 1 = the positions after each own move,\n"
         "// and the first best column from left to right. A bad line or a finished\n"
         "// game prints '-' (and a message on stderr); the exit code is then 1.\n"
         "\n"
         "#include \"" +
         header_file_name +
         "\"\n\n"
         "int evaluate(std::uint64_t x_stones, std::uint64_t o_stones) { return " +
         name + "(x_stones, o_stones); }\n\n" + std::string(runtime::kPlayerMain);
}

}  // namespace evalsynth::exporter
