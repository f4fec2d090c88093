#include "export/js_export.hpp"

#include <bit>
#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string_view>
#include <vector>

#include "export/expression_writer.hpp"
#include "export/js_game_features.hpp"
#include "export/local_names.hpp"
#include "export/play_assets.hpp"
#include "lang/builtin_ntuple.hpp"
#include "model/ntuple_net.hpp"

namespace evalsynth::exporter {
namespace {

// The names every top-level declaration of a page's scripts introduces
// (`const NAME`, `let NAME`, `function NAME`, `class NAME` at the start of a
// line): Connect4's page's, or (`connect4` false) the other games' pages'.
// Scanned by hand: libstdc++'s std::regex draws false warnings from GCC 12 in
// the sanitizer build.
std::set<std::string> runtime_names(bool connect4) {
  std::set<std::string> names;
  const auto identifier_char = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
  };
  const std::vector<std::string_view> texts =
      connect4 ? std::vector<std::string_view>{play_assets::kPlayCore,         play_assets::kPlayLanguage,
                                               play_assets::kPlayNtuple,       play_assets::kPlayGameSearch,
                                               play_assets::kPlayConnect4View, play_assets::kPlayGamePage}
               : std::vector<std::string_view>{
                     play_assets::kPlayCore,         play_assets::kPlayGrid,     play_assets::kPlayGridFeatures,
                     play_assets::kPlayModnim,       play_assets::kPlayCheckers, play_assets::kPlayCheckersFeatures,
                     play_assets::kPlayGameSearch,   play_assets::kPlayGridView, play_assets::kPlayNimView,
                     play_assets::kPlayCheckersView, play_assets::kPlayOthello,  play_assets::kPlayOthelloView,
                     play_assets::kPlayBoardNet,     play_assets::kPlayGamePage};
  for (const std::string_view text : texts) {
    for (std::size_t line = 0; line < text.size(); line = text.find('\n', line) + 1) {
      const std::string_view rest = text.substr(line);
      for (const std::string_view keyword : {"const ", "let ", "function ", "class "}) {
        if (!rest.starts_with(keyword)) continue;
        std::size_t end = keyword.size();
        while (end < rest.size() && identifier_char(rest[end])) ++end;
        if (end > keyword.size() && !(rest[keyword.size()] >= '0' && rest[keyword.size()] <= '9'))
          names.emplace(rest.substr(keyword.size(), end - keyword.size()));
      }
      if (text.find('\n', line) == std::string_view::npos) break;
    }
  }
  return names;
}

// Text pieces in order. GCC 12 warns falsely (-Wrestrict, its bug 105329) on
// chains such as "(" + std::string + ...; appending avoids them.
std::string joined(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (const std::string_view piece : pieces) out.append(piece);
  return out;
}

// Reserved words, the runtime's names and the evaluator's own locals, which a
// let must not take or shadow, in a program of `family`.
bool taken_in_js(const std::string& name, GameFamily family) {
  static const std::set<std::string> reserved = {
      "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
      "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import", "in",
      "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public", "return", "static",
      "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "eval",
      "arguments", "undefined", "NaN", "Infinity", "Math", "Object", "Number", "Array", "JSON", "window", "document",
      // the evaluator's parameter and feature locals without a side
      "b", "moves", "to_move", "mobility", "ntuple", "ntuple2", "NTUPLE_DATA",
      // what the page writes itself (play_page.cpp): the game's parameters
      "GAME"};
  static const std::set<std::string> connect4_runtime = runtime_names(true), games_runtime = runtime_names(false);
  const bool connect4 = family == connect4::kFamily;
  if (!connect4 && (games_runtime.count(name) > 0 || is_js_game_local(name))) return true;
  return reserved.count(name) > 0 || (connect4 && connect4_runtime.count(name) > 0) || name.ends_with("_x") ||
         name.ends_with("_o") || name.starts_with("threats_of_");
}

// Writes a program as one JavaScript expression, every compound operand in
// brackets (so no precedence rule of JavaScript matters), its lets as
// constants declared before it.
class JsWriter {
 public:
  explicit JsWriter(const lang::Program& program)
      : program_(program),
        names_([family = program.family()](const std::string& name) { return taken_in_js(name, family); }) {}

  std::string body() {
    const std::string result = generate(program_.size() - 1, true);
    std::string out;
    for (const std::string& s : statements_) out += "  " + s + "\n";
    return out + "  return " + result + ";\n";
  }
  const std::set<std::pair<lang::Feature, int>>& features() const { return features_; }

 private:
  std::string call(const char* function, const std::vector<std::size_t>& kids) {
    std::string out = std::string(function) + "(";
    for (std::size_t k = 0; k < kids.size(); ++k) out += (k ? ", " : "") + generate(kids[k]);
    return out + ")";
  }
  std::string infix(const char* op, const std::vector<std::size_t>& kids) {
    return joined({"(", generate(kids[0]), " ", op, " ", generate(kids[1]), ")"});
  }

  // A chain of additions and subtractions as one sum wrapped once, which is
  // exact: integers stay exact in doubles below 2^53 (a program has far
  // fewer than 2^22 terms of at most 2^31 each), and wrapping to 32 bits
  // commutes with addition. `top`: the whole of a return or a let, written
  // one term per line when long.
  void collect_terms(std::size_t i, bool negative, std::vector<std::pair<bool, std::string>>& terms) {
    const lang::Node& node = program_.nodes[i];
    if (node.op == lang::Op::Add || node.op == lang::Op::Sub) {
      const std::vector<std::size_t> kids = program_.children(i);
      collect_terms(kids[0], negative, terms);
      collect_terms(kids[1], negative != (node.op == lang::Op::Sub), terms);
    } else if (node.op == lang::Op::Let) {
      declare_let(i);
      collect_terms(program_.children(i)[1], negative, terms);
      names_.unbind();
    } else if (node.op == lang::Op::Const && node.value < 0) {
      terms.emplace_back(!negative, std::to_string(-static_cast<std::int64_t>(node.value)));
    } else {
      terms.emplace_back(negative, generate(i));
    }
  }
  std::string sum(std::size_t i, bool top) {
    std::vector<std::pair<bool, std::string>> terms;
    collect_terms(i, false, terms);
    const char* separator = top && terms.size() > 4 ? "\n      " : " ";
    std::string out = (terms[0].first ? "-" : "") + terms[0].second;
    for (std::size_t k = 1; k < terms.size(); ++k)
      out += separator + std::string(terms[k].first ? "- " : "+ ") + terms[k].second;
    return top ? "(" + out + ") | 0" : "((" + out + ") | 0)";
  }

  // Declares the let at node i as a constant and binds its name (until
  // names_.unbind()). The language has no side effects: computing a let a
  // branch does not take changes nothing.
  void declare_let(std::size_t i) {
    const lang::Node& node = program_.nodes[i];
    const std::string bound = generate(program_.children(i)[0], true);
    const std::string name = names_.bind(node.value, program_.names[static_cast<std::size_t>(node.value)]);
    statements_.push_back("const " + name + " = " + bound + ";");
  }

  std::string generate(std::size_t i, bool top = false) {
    const lang::Node& node = program_.nodes[i];
    const std::vector<std::size_t> kids = program_.children(i);
    switch (node.op) {
      case lang::Op::Const:
        return std::to_string(node.value);
      case lang::Op::BoolConst:
        return node.value ? "true" : "false";
      case lang::Op::Var:
        return names_.lookup(node.value);
      case lang::Op::Sq:
        return "sq(b, " + generate(kids[0]) + ", " + generate(kids[1]) + ")";
      case lang::Op::Height:
        return "height(b, " + generate(kids[0]) + ")";
      case lang::Op::Add:
      case lang::Op::Sub:
        return sum(i, top);
      case lang::Op::Mul:
        return call("mul", kids);
      case lang::Op::Div:
        return call("div", kids);
      case lang::Op::Mod:
        return call("mod", kids);
      case lang::Op::Min:
        return call("min", kids);
      case lang::Op::Max:
        return call("max", kids);
      case lang::Op::Abs:
        return call("abs", kids);
      case lang::Op::Neg:
        return call("neg", kids);
      case lang::Op::Lt:
        return infix("<", kids);
      case lang::Op::Le:
        return infix("<=", kids);
      case lang::Op::Gt:
        return infix(">", kids);
      case lang::Op::Ge:
        return infix(">=", kids);
      case lang::Op::Eq:
        return infix("===", kids);
      case lang::Op::Ne:
        return infix("!==", kids);
      case lang::Op::And:
        return infix("&&", kids);
      case lang::Op::Or:
        return infix("||", kids);
      case lang::Op::Not:
        return joined({"!", generate(kids[0])});  // an operand is a name, a call or bracketed
      case lang::Op::If:
        return joined({"(", generate(kids[0]), " ? ", generate(kids[1]), " : ", generate(kids[2]), ")"});
      case lang::Op::Let: {
        declare_let(i);
        const std::string body = generate(kids[1], top);
        names_.unbind();
        return body;
      }
      case lang::Op::Feature: {
        const int player = program_.features()[node.value].takes_player ? node.player : 0;
        features_.insert({static_cast<lang::Feature>(node.value), player});
        return feature_local(program_.features(), node.value, player);
      }
    }
    return "?";
  }

  const lang::Program& program_;
  LocalNames names_;
  std::vector<std::string> statements_;
  std::set<std::pair<lang::Feature, int>> features_;
};

std::string js_feature_expression(lang::Feature f, int player) {
  const std::string side = player ? "O" : "X", mine = player ? "threats_of_o" : "threats_of_x",
                    theirs = player ? "threats_of_x" : "threats_of_o";
  switch (f) {
    case lang::Feature::Windows1:
      return "openWindows(b, " + side + ", 1)";
    case lang::Feature::Windows2:
      return "openWindows(b, " + side + ", 2)";
    case lang::Feature::Windows3:
      return "openWindows(b, " + side + ", 3)";
    case lang::Feature::Threats:
      return "countThreats(" + mine + ")";
    case lang::Feature::OddThreats:
      return "countThreats(" + mine + ", 0)";
    case lang::Feature::EvenThreats:
      return "countThreats(" + mine + ", 1)";
    case lang::Feature::PlayableThreats:
      return "playableThreats(b, " + mine + ")";
    case lang::Feature::StackedThreats:
      return "stackedThreats(" + mine + ")";
    case lang::Feature::Centre:
      return "centreStones(b, " + side + ")";
    case lang::Feature::Stones:
      return "stones(b, " + side + ")";
    case lang::Feature::Moves:
      return "b.moves";
    case lang::Feature::ToMove:
      return "toMove(b)";
    case lang::Feature::Mobility:
      return "openColumns(b)";
    case lang::Feature::LowestThreats:
      return "lowestThreats(" + mine + ", " + theirs + ")";
    case lang::Feature::GoodThreats:
      // X's threats count on rows 1, 3, 5 (parity 0), O's on rows 2, 4, 6.
      return "goodThreats(" + mine + ", " + theirs + ", " + (player ? "1" : "0") + ")";
    case lang::Feature::NTuple:
    case lang::Feature::NTuple2:
      return "ntupleValue(b)";  // the program's one network, play_ntuple.js
  }
  return "?";
}

}  // namespace

std::string base64(const std::string& bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    std::uint32_t group = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) group |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    if (i + 2 < bytes.size()) group |= static_cast<unsigned char>(bytes[i + 2]);
    out += kDigits[group >> 18 & 63];
    out += kDigits[group >> 12 & 63];
    out += i + 1 < bytes.size() ? kDigits[group >> 6 & 63] : '=';
    out += i + 2 < bytes.size() ? kDigits[group & 63] : '=';
  }
  return out;
}

std::string float32_base64(const std::vector<float>& values) {
  std::string bytes(values.size() * sizeof(float), '\0');
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto bits = std::bit_cast<std::uint32_t>(values[i]);
    for (std::size_t k = 0; k < 4; ++k) bytes[4 * i + k] = static_cast<char>(bits >> (8 * k) & 0xFF);
  }
  return base64(bytes);
}

std::string js_evaluator(const lang::Program& program, const std::string& name) {
  JsWriter writer(program);
  const std::string body = writer.body();
  if (program.family() != connect4::kFamily) {
    std::set<std::pair<int, int>> features;
    for (const auto& [f, player] : writer.features()) features.emplace(static_cast<int>(f), player);
    return "function " + name + "(b) {\n" + js_game_feature_statements(program, features) + body + "}\n";
  }
  std::set<int> threat_sides;
  for (const auto& [f, player] : writer.features())
    if (is_threat_feature(f)) {
      threat_sides.insert(player);
      if (f == lang::Feature::LowestThreats || f == lang::Feature::GoodThreats) threat_sides.insert(1 - player);
    }
  std::string out = "function " + name + "(b) {\n";
  for (int side : threat_sides)
    out += std::string("  const threats_of_") + (side ? "o" : "x") + " = threatCells(b, " + (side ? "O" : "X") + ");\n";
  for (const auto& [f, player] : writer.features())
    out += "  const " + feature_local(program.features(), static_cast<int>(f), player) + " = " +
           js_feature_expression(f, player) + ";\n";
  return out + body + "}\n";
}

std::string js_language_runtime() {
  return std::string(play_assets::kPlayCore) + std::string(play_assets::kPlayLanguage);
}

std::string js_ntuple_runtime(lang::BuiltinNetwork network) {
  return js_ntuple_runtime(lang::builtin_ntuple(network),
                           "The network behind " + std::string(lang::network_name(network)) +
                               "(), written by evalsynth (" + std::string(lang::network_model_path(network)) + ").");
}

std::string js_ntuple_runtime(const model::NTupleNet& net, const std::string& origin) {
  std::string cells;
  for (std::size_t i = 0; i < net.instance_count(); ++i)
    for (int k = 0; k < net.length(); ++k) {
      if (!cells.empty()) cells += ',';
      cells += std::to_string(net.instance_bit(i, k));
    }
  return joined({"// ",
                 origin,
                 "\nconst NTUPLE_DATA = {instances: ",
                 std::to_string(net.instance_count()),
                 ", length: ",
                 std::to_string(net.length()),
                 ", states: ",
                 std::to_string(net.states()),
                 ", tablesPerTuple: ",
                 std::to_string(net.table_sets()),
                 net.stage_split() > 0 ? ", sides: " + std::to_string(net.per_side_tables() ? 2 : 1) +
                                             ", stageSplit: " + std::to_string(net.stage_split())
                                       : std::string(),
                 ", tableSize: ",
                 std::to_string(net.table_size()),
                 ", scale: ",
                 std::to_string(lang::kNTupleFeatureScale),
                 ",\n  cells: [",
                 cells,
                 "],\n  weights: '",
                 float32_base64(net.weights()),
                 "'};\n",
                 play_assets::kPlayNtuple});
}

}  // namespace evalsynth::exporter
