#include "export/expression_writer.hpp"

#include <cassert>
#include <set>

#include "export/local_names.hpp"

namespace evalsynth::exporter {
namespace {

const std::set<std::string>& cpp_keywords_table() {
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
  static const std::set<std::string> words = {
      "x", "o", "occupied", "playable", "sq", "height", "result", "I", "minimum", "maximum", "absolute", "popcount",
      "moves", "to_move", "mobility", "sum", "k", "ntuple", "ntuple2", "ntuple_value",
      // other games' runtimes and features without a side
      "sticks", "limit", "line_counts", "legal", "count_lines", "neighbours", "kings_bits", "plies_played",
      "quiet_plies", "quiet", "around_corners", "corner_squares", "moves_of", "stable_discs", "empties"};
  return words;
}

}  // namespace

std::string feature_local(const FeatureLibrary& library, int feature, int player) {
  // windows2_x, odd_threats_o, moves, ...: the feature's name, its window
  // count, and the side for features of one player.
  const FeatureInfo& info = library[feature];
  std::string name(info.name);
  if (info.parameter) name += std::to_string(info.parameter);
  if (info.takes_player) name += player == 0 ? "_x" : "_o";
  return name;
}

bool is_threat_feature(lang::Feature f) {
  return f == lang::Feature::Threats || f == lang::Feature::OddThreats || f == lang::Feature::EvenThreats ||
         f == lang::Feature::PlayableThreats || f == lang::Feature::StackedThreats ||
         f == lang::Feature::LowestThreats || f == lang::Feature::GoodThreats;
}
namespace {

// C++ precedence levels, loosest first.
enum Level { kTernary = 1, kOr, kAnd, kEquality, kRelation, kAdditive, kMultiplicative, kUnary, kPrimary };

// Writes the body of a non-linear program: its lets as named constants, its
// expression with the wrapping integer type's operators.
class BodyWriter {
 public:
  explicit BodyWriter(const lang::Program& program) : program_(program), names_(taken_in_cpp) {}

  std::string expression_statements() {
    const Expr result = generate(program_.size() - 1);
    std::string out;
    for (const std::string& s : statements_) out += "  " + s + "\n";
    return out + "  const I result = " + result.text + ";\n  return result.v;\n";
  }
  const std::set<std::pair<int, int>>& features() const { return features_; }
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

  static bool taken_in_cpp(const std::string& name) {
    return cpp_keywords_table().count(name) || body_names().count(name) || name.find("__") != std::string::npos ||
           name.front() == '_' || (name.size() > 2 && (name.ends_with("_x") || name.ends_with("_o")));
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
        return {names_.lookup(node.value), kPrimary, false};
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
        return {std::string("-").append(operand), kUnary, false};
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
        return {std::string("!").append(wrapped(a, a.level < kUnary)), kUnary, false};
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
        const std::string name = names_.bind(node.value, program_.names[static_cast<std::size_t>(node.value)]);
        const bool is_bool = program_.nodes[kids[0]].type == lang::Type::Bool;
        statements_.push_back(std::string("const ") + (is_bool ? "bool " : "I ") + name + " = " + bound.text + ";");
        const Expr body = child(1);
        names_.unbind();
        return body;
      }
      case lang::Op::Feature: {
        const bool per_player = program_.features()[node.value].takes_player;
        features_.insert({node.value, per_player ? node.player : 0});
        return {feature_local(program_.features(), node.value, per_player ? node.player : 0), kPrimary, false};
      }
    }
    return {"?", kPrimary, false};
  }

  const lang::Program& program_;
  std::vector<std::string> statements_;
  LocalNames names_;
  std::set<std::pair<int, int>> features_;
  bool uses_sq_ = false, uses_height_ = false;
};
}  // namespace

bool is_cpp_keyword(const std::string& word) { return cpp_keywords_table().count(word) > 0; }

std::string feature_expression(lang::Feature f, int player) {
  const std::string mine = player ? "o" : "x", theirs = player ? "x" : "o", t = "threats_of_" + mine;
  switch (f) {
    case lang::Feature::Windows1:
      return "open_windows(" + mine + ", " + theirs + ", 1)";
    case lang::Feature::Windows2:
      return "open_windows(" + mine + ", " + theirs + ", 2)";
    case lang::Feature::Windows3:
      return "open_windows(" + mine + ", " + theirs + ", 3)";
    case lang::Feature::Threats:
      return "popcount(" + t + ")";
    case lang::Feature::OddThreats:
      return "popcount(" + t + " & kOddRows)";
    case lang::Feature::EvenThreats:
      return "popcount(" + t + " & kEvenRows)";
    case lang::Feature::PlayableThreats:
      return "popcount(" + t + " & playable)";
    case lang::Feature::StackedThreats:
      return "popcount(" + t + " & (" + t + " << 1))";
    case lang::Feature::Centre:
      return "popcount(" + mine + " & kCentreColumn)";
    case lang::Feature::Stones:
      return "popcount(" + mine + ")";
    case lang::Feature::Moves:
      return "popcount(occupied)";
    case lang::Feature::ToMove:
      return "(popcount(occupied) & 1) ? -1 : 1";
    case lang::Feature::Mobility:
      return "7 - popcount(occupied & kTopRow)";
    case lang::Feature::LowestThreats:
      return "popcount(lowest_per_column(" + t + " | threats_of_" + theirs + ") & " + t + ")";
    case lang::Feature::GoodThreats:
      return "popcount(" + t + " & below_lowest(threats_of_" + theirs + ") & " + (player ? "kEvenRows" : "kOddRows") +
             ")";
    case lang::Feature::NTuple:
    case lang::Feature::NTuple2:
      return "ntuple_value(x, o)";  // the program's one network, export/ntuple_export.hpp
  }
  return "?";
}

ProgramBody write_program_body(const lang::Program& program) {
  BodyWriter writer(program);
  ProgramBody body;
  body.statements = writer.expression_statements();
  body.features = writer.features();
  body.uses_sq = writer.uses_sq();
  body.uses_height = writer.uses_height();
  return body;
}

}  // namespace evalsynth::exporter
