#include "export/cpp_export.hpp"

#include <cstdio>
#include <set>
#include <sstream>

#include "export/runtime_text.hpp"
#include "game/features.hpp"
#include "game/position.hpp"
#include "lang/compiled.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"

namespace evalsynth::exporter {
namespace {

const std::set<std::string>& cpp_keywords() {
  static const std::set<std::string> words = {
      "alignas",     "alignof",   "and",        "and_eq",    "asm",      "auto",         "bitand",
      "bitor",       "bool",      "break",      "case",      "catch",    "char",         "char8_t",
      "char16_t",    "char32_t",  "class",      "compl",     "concept",  "const",        "consteval",
      "constexpr",   "constinit", "const_cast", "continue",  "co_await", "co_return",    "co_yield",
      "decltype",    "default",   "delete",     "do",        "double",   "dynamic_cast", "else",
      "enum",        "explicit",  "export",     "extern",    "false",    "float",        "for",
      "friend",      "goto",      "if",         "inline",    "int",      "long",         "mutable",
      "namespace",   "new",       "noexcept",   "not",       "not_eq",   "nullptr",      "operator",
      "or",          "or_eq",     "private",    "protected", "public",   "register",     "reinterpret_cast",
      "requires",    "return",    "short",      "signed",    "sizeof",   "static",       "static_assert",
      "static_cast", "struct",    "switch",     "template",  "this",     "thread_local", "throw",
      "true",        "try",       "typedef",    "typeid",    "typename", "union",        "unsigned",
      "using",       "virtual",   "void",       "volatile",  "wchar_t",  "while",        "xor",
      "xor_eq",      "final",     "override",   "main",      "std",      "min",          "max"};
  return words;
}

// Names the generated body uses itself; a let with one of them is renamed.
const std::set<std::string>& body_names() {
  static const std::set<std::string> words = {"x",      "o",       "occupied", "playable", "sq",       "height",
                                              "result", "I",       "minimum",  "maximum",  "absolute", "popcount",
                                              "moves",  "to_move", "mobility", "sum",      "k"};
  return words;
}

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
  for (int row = kRows - 1; row >= 0; --row) {
    char line[80];
    int at = std::snprintf(line, sizeof line, "//   row %d:   ", row);
    for (int col = 0; col < kColumns; ++col)
      at += std::snprintf(line + at, sizeof line - static_cast<std::size_t>(at), "%3d", col * kColumnStride + row);
    out += std::string(line) + (row == kRows - 1 ? "   (top)\n" : row == 0 ? "   (bottom)\n" : "\n");
  }
  return out + "//\n// Bits 6, 13, 20, 27, 34, 41, 48 (above each column) and 49..63 must be 0.\n";
}

std::string feature_local(lang::Feature f, int player) {
  const char* side = player == 0 ? "_x" : "_o";
  switch (f) {
    case lang::Feature::Windows1:
      return std::string("windows1") + side;
    case lang::Feature::Windows2:
      return std::string("windows2") + side;
    case lang::Feature::Windows3:
      return std::string("windows3") + side;
    case lang::Feature::Threats:
      return std::string("threats") + side;
    case lang::Feature::OddThreats:
      return std::string("odd_threats") + side;
    case lang::Feature::EvenThreats:
      return std::string("even_threats") + side;
    case lang::Feature::PlayableThreats:
      return std::string("playable_threats") + side;
    case lang::Feature::StackedThreats:
      return std::string("stacked_threats") + side;
    case lang::Feature::Centre:
      return std::string("centre") + side;
    case lang::Feature::Stones:
      return std::string("stones") + side;
    case lang::Feature::Moves:
      return "moves";
    case lang::Feature::ToMove:
      return "to_move";
    case lang::Feature::Mobility:
      return "mobility";
  }
  return "?";
}

bool is_threat_feature(lang::Feature f) {
  return f == lang::Feature::Threats || f == lang::Feature::OddThreats || f == lang::Feature::EvenThreats ||
         f == lang::Feature::PlayableThreats || f == lang::Feature::StackedThreats;
}
// C++ precedence levels, loosest first.
enum Level { kTernary = 1, kOr, kAnd, kEquality, kRelation, kAdditive, kMultiplicative, kUnary, kPrimary };

// Writes the body of a non-linear program: its lets as named constants, its
// expression with the wrapping integer type's operators.
class BodyWriter {
 public:
  explicit BodyWriter(const lang::Program& program) : program_(program) {}

  std::string expression_statements() {
    const Expr result = generate(program_.size() - 1);
    std::string out;
    for (const std::string& s : statements_) out += "  " + s + "\n";
    return out + "  const I result = " + result.text + ";\n  return result.v;\n";
  }
  const std::set<std::pair<lang::Feature, int>>& features() const { return features_; }
  bool uses_sq() const { return uses_sq_; }
  bool uses_height() const { return uses_height_; }

 private:
  struct Expr {
    std::string text;
    int level;
    bool plain_int;  // a C++ int, not yet the wrapping type
  };

  static std::string wrapped(const Expr& e, bool condition) { return condition ? "(" + e.text + ")" : e.text; }

  Expr binary(const std::string& op, int level, const Expr& a, const Expr& b) {
    // Two plain ints would use C++'s own arithmetic, which may overflow.
    std::string left =
        a.plain_int && b.plain_int && level >= kAdditive ? "I(" + a.text + ")" : wrapped(a, a.level < level);
    // Comparisons and logic: bracket every compound operand, as readers
    // (and -Wparentheses) expect.
    const bool logic = level <= kRelation;
    if (logic && a.level <= kRelation && !(a.plain_int && b.plain_int && level >= kAdditive)) left = "(" + a.text + ")";
    const std::string right = wrapped(b, b.level <= level || (logic && b.level <= kRelation));
    return {left + " " + op + " " + right, level, false};
  }

  std::string lookup(int name_index) const {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->first == name_index) return it->second;
    return "?";
  }

  std::string fresh_name(const std::string& base) {
    std::string name = base;
    if (cpp_keywords().count(name) || body_names().count(name) || name.find("__") != std::string::npos ||
        name.front() == '_' || (name.size() > 2 && (name.ends_with("_x") || name.ends_with("_o"))))
      name += "_v";
    std::string candidate = name;
    for (int n = 2; used_names_.count(candidate); ++n) candidate = name + "_" + std::to_string(n);
    used_names_.insert(candidate);
    return candidate;
  }

  Expr generate(std::size_t i) {
    const lang::Node& node = program_.nodes[i];
    const std::vector<std::size_t> kids = program_.children(i);
    auto child = [&](std::size_t k) { return generate(kids[k]); };
    switch (node.op) {
      case lang::Op::Const:
        if (node.value == INT32_MIN) return {"I(-2147483647 - 1)", kPrimary, false};
        return {std::to_string(node.value), node.value < 0 ? kUnary : kPrimary, true};
      case lang::Op::BoolConst:
        return {node.value ? "true" : "false", kPrimary, false};
      case lang::Op::Var:
        return {lookup(node.value), kPrimary, false};
      case lang::Op::Sq: {
        uses_sq_ = true;
        const Expr r = child(0), c = child(1);
        return {"sq(" + r.text + ", " + c.text + ")", kPrimary, false};
      }
      case lang::Op::Height: {
        uses_height_ = true;
        return {"height(" + child(0).text + ")", kPrimary, false};
      }
      case lang::Op::Add:
        return binary("+", kAdditive, child(0), child(1));
      case lang::Op::Sub:
        return binary("-", kAdditive, child(0), child(1));
      case lang::Op::Mul:
        return binary("*", kMultiplicative, child(0), child(1));
      case lang::Op::Div:
        return binary("/", kMultiplicative, child(0), child(1));
      case lang::Op::Mod:
        return binary("%", kMultiplicative, child(0), child(1));
      case lang::Op::Min:
        return {"minimum(" + child(0).text + ", " + child(1).text + ")", kPrimary, false};
      case lang::Op::Max:
        return {"maximum(" + child(0).text + ", " + child(1).text + ")", kPrimary, false};
      case lang::Op::Abs:
        return {"absolute(" + child(0).text + ")", kPrimary, false};
      case lang::Op::Neg: {
        const Expr a = child(0);
        const std::string operand = a.plain_int ? "I(" + a.text + ")" : wrapped(a, a.level < kPrimary);
        return {"-" + operand, kUnary, false};
      }
      case lang::Op::Lt:
        return binary("<", kRelation, child(0), child(1));
      case lang::Op::Le:
        return binary("<=", kRelation, child(0), child(1));
      case lang::Op::Gt:
        return binary(">", kRelation, child(0), child(1));
      case lang::Op::Ge:
        return binary(">=", kRelation, child(0), child(1));
      case lang::Op::Eq:
        return binary("==", kEquality, child(0), child(1));
      case lang::Op::Ne:
        return binary("!=", kEquality, child(0), child(1));
      case lang::Op::And:
        return binary("&&", kAnd, child(0), child(1));
      case lang::Op::Or:
        return binary("||", kOr, child(0), child(1));
      case lang::Op::Not: {
        const Expr a = child(0);
        return {"!" + wrapped(a, a.level < kUnary), kUnary, false};
      }
      case lang::Op::If: {
        const Expr c = child(0), a = child(1), b = child(2);
        return {wrapped(c, c.level <= kTernary) + " ? " + wrapped(a, a.level <= kTernary) + " : " +
                    wrapped(b, b.level <= kTernary),
                kTernary, a.plain_int && b.plain_int};
      }
      case lang::Op::Let: {
        // Lets become named constants, in order; the language has no side
        // effects, so computing one a branch does not take changes nothing.
        const Expr bound = child(0);
        const std::string name = fresh_name(program_.names[static_cast<std::size_t>(node.value)]);
        const bool is_bool = program_.nodes[kids[0]].type == lang::Type::Bool;
        statements_.push_back(std::string("const ") + (is_bool ? "bool " : "I ") + name + " = " + bound.text + ";");
        scope_.emplace_back(node.value, name);
        const Expr body = child(1);
        scope_.pop_back();
        return body;
      }
      case lang::Op::Feature: {
        const auto f = static_cast<lang::Feature>(node.value);
        const bool per_player = lang::feature_info(f).takes_player;
        features_.insert({f, per_player ? node.player : 0});
        return {feature_local(f, per_player ? node.player : 0), kPrimary, false};
      }
    }
    return {"?", kPrimary, false};
  }

  const lang::Program& program_;
  std::vector<std::string> statements_;
  std::vector<std::pair<int, std::string>> scope_;
  std::set<std::string> used_names_;
  std::set<std::pair<lang::Feature, int>> features_;
  bool uses_sq_ = false, uses_height_ = false;
};

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

std::string linear_code(const LinearEvaluator& linear, const std::string& name, const std::string& detail) {
  const SquareWeights& w = linear.weights();
  // Bit planes of the weights, as LinearEvaluator builds them.
  std::vector<std::uint64_t> positive, negative;
  for (int row = 0; row < kRows; ++row)
    for (int col = 0; col < kColumns; ++col) {
      const int weight = w[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
      const unsigned magnitude = static_cast<unsigned>(weight < 0 ? -weight : weight);
      for (int k = 0; magnitude >> k; ++k) {
        if (static_cast<std::size_t>(k) >= positive.size())
          positive.resize(static_cast<std::size_t>(k) + 1), negative.resize(static_cast<std::size_t>(k) + 1);
        if (magnitude >> k & 1U)
          (weight > 0 ? positive : negative)[static_cast<std::size_t>(k)] |= bits::cell(row, col);
      }
    }
  std::string out = "namespace " + detail + " {\n" + std::string(runtime::kPopcount) +
                    "// The program is linear in the squares: value = kBias + the sum over squares of\n"
                    "// kWeights[row][col] * (+1 X, -1 O, 0 empty), row 0 = bottom.\n"
                    "inline constexpr int kWeights[6][7] = {\n";
  for (int row = 0; row < kRows; ++row) {
    out += "    {";
    for (int col = 0; col < kColumns; ++col)
      out += (col ? ", " : "") + std::to_string(w[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]);
    out += row == 0 ? "},  // row 0 (bottom)\n" : row == kRows - 1 ? "},  // row 5 (top)\n" : "},\n";
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
  out +=
      "// The value of the position with X's stones `x` and O's stones `o`.\n"
      "inline int " +
      name +
      "([[maybe_unused]] std::uint64_t x, [[maybe_unused]] std::uint64_t o) {\n"
      "  using namespace " +
      detail + ";\n";
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
  BodyWriter body(program);
  const std::string statements = body.expression_statements();
  bool playable_used = false, occupied_used = body.uses_height();
  for (const auto& [f, player] : body.features()) {
    playable_used = playable_used || f == lang::Feature::PlayableThreats;
    occupied_used = occupied_used || is_threat_feature(f) || f == lang::Feature::Moves || f == lang::Feature::ToMove ||
                    f == lang::Feature::Mobility;
  }
  std::string out = "namespace " + detail + " {\n";
  out += runtime::kPopcount;
  out += runtime::kWrappingInt;
  out += runtime::kBoardFeatures;
  out += "}  // namespace " + detail + "\n\n";
  out +=
      "// The value of the position with X's stones `x` and O's stones `o`.\n"
      "inline int " +
      name +
      "([[maybe_unused]] std::uint64_t x, [[maybe_unused]] std::uint64_t o) {\n"
      "  using namespace " +
      detail + ";\n";
  if (occupied_used) out += "  const std::uint64_t occupied = x | o;\n";
  if (playable_used)
    out += "  const std::uint64_t playable = (occupied + kBottomRow) & kBoard;  // where the next stones land\n";
  if (body.uses_sq())
    out +=
        "  // +1 X, -1 O, 0 empty or off the board; row 0 = bottom.\n"
        "  const auto sq = [x, o](I row, I col) -> I {\n"
        "    if (row.v < 0 || row.v >= 6 || col.v < 0 || col.v >= 7) return 0;\n"
        "    const std::uint64_t bit = std::uint64_t{1} << (7 * col.v + row.v);\n"
        "    return (x & bit) ? 1 : (o & bit) ? -1 : 0;\n"
        "  };\n";
  if (body.uses_height())
    out +=
        "  // Stones in a column; 0 off the board.\n"
        "  const auto height = [occupied](I col) -> I {\n"
        "    if (col.v < 0 || col.v >= 7) return 0;\n"
        "    return popcount(occupied & (std::uint64_t{0x3F} << (7 * col.v)));\n"
        "  };\n";
  std::set<int> threat_players;
  for (const auto& [f, player] : body.features())
    if (is_threat_feature(f)) threat_players.insert(player);
  for (int player : threat_players)
    out += std::string("  const std::uint64_t threats_of_") + (player ? "o" : "x") + " = threat_cells(" +
           (player ? "o" : "x") + ", occupied);\n";
  for (const auto& [f, player] : body.features()) {
    const std::string mine = player ? "o" : "x", theirs = player ? "x" : "o", t = "threats_of_" + mine;
    std::string value;
    switch (f) {
      case lang::Feature::Windows1:
        value = "open_windows(" + mine + ", " + theirs + ", 1)";
        break;
      case lang::Feature::Windows2:
        value = "open_windows(" + mine + ", " + theirs + ", 2)";
        break;
      case lang::Feature::Windows3:
        value = "open_windows(" + mine + ", " + theirs + ", 3)";
        break;
      case lang::Feature::Threats:
        value = "popcount(" + t + ")";
        break;
      case lang::Feature::OddThreats:
        value = "popcount(" + t + " & kOddRows)";
        break;
      case lang::Feature::EvenThreats:
        value = "popcount(" + t + " & kEvenRows)";
        break;
      case lang::Feature::PlayableThreats:
        value = "popcount(" + t + " & playable)";
        break;
      case lang::Feature::StackedThreats:
        value = "popcount(" + t + " & (" + t + " << 1))";
        break;
      case lang::Feature::Centre:
        value = "popcount(" + mine + " & kCentreColumn)";
        break;
      case lang::Feature::Stones:
        value = "popcount(" + mine + ")";
        break;
      case lang::Feature::Moves:
        value = "popcount(occupied)";
        break;
      case lang::Feature::ToMove:
        value = "(popcount(occupied) & 1) ? -1 : 1";
        break;
      case lang::Feature::Mobility:
        value = "7 - popcount(occupied & kTopRow)";
        break;
    }
    out += "  const I " + feature_local(f, player) + " = " + value + ";\n";
  }
  return out + statements + "}\n";
}

}  // namespace

bool is_usable_identifier(const std::string& name) {
  if (name.empty() || name.size() > 100 || name.front() == '_' || name.find("__") != std::string::npos) return false;
  if (!std::isalpha(static_cast<unsigned char>(name.front()))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return !cpp_keywords().count(name);
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
  const lang::Program program = lang::simplify(source);
  const lang::CompiledProgram compiled(program);
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
      guard + "\n#define " + guard + "\n\n#include <cstdint>\n\n";
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
