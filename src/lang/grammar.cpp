#include "lang/grammar.hpp"

#include <charconv>
#include <optional>

#include "lang/grammar_operators.hpp"
#include "lang/grammar_parser.hpp"
#include "lang/printer.hpp"
#include "lang/program_edit.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "support/suggest.hpp"
#include "support/x3_driver.hpp"

namespace evalsynth::lang {
namespace {

using grammar_detail::binary_operators;
using grammar_detail::function_operators;
using grammar_detail::OperatorSignature;
using Kind = GrammarForm::Kind;

const char* type_name(SymbolType t) {
  return t == SymbolType::Int ? "integers" : t == SymbolType::Bool ? "truth values" : "players (x or o)";
}

std::optional<std::int32_t> integer(const std::string& s) {
  std::int32_t v = 0;
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (error != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

constexpr const char* kFormHelp =
    "an alternative is one of: const(LOW .. HIGH), true, false, var, x, o, NAME, - NAME, not NAME, "
    "NAME OP NAME, if NAME then NAME else NAME, let NAME in NAME, FUNCTION(NAME, ...), FEATURE(...)";

constexpr std::size_t kMaxNonterminals = 1000;

// Builds the Grammar from the syntax tree, reporting errors at tokens.
class Builder {
 public:
  Builder(const parsing::error_handler_type& handler, const SourceText& source, GameFamily family)
      : locate_(handler, source), source_(source), library_(feature_library(family)) {
    grammar_.family = family;
  }

  Grammar build(const std::vector<grammar_ast::Statement>& statements) {
    grammar_.source = source_.name();
    // First the names, so productions may refer to later ones.
    const grammar_ast::Token* start_name = nullptr;
    for (const auto& s : statements) {
      if (const auto* start = boost::get<grammar_ast::Start>(&s.get())) {
        if (start_name)
          locate_.fail(start->keyword, "a second 'start' line (the first is at line " +
                                           std::to_string(locate_.where(*start_name).line) + ")");
        start_name = &start->name;
        continue;
      }
      const auto& p = boost::get<grammar_ast::Production>(s.get());
      // Real grammars have a handful; the bound keeps the checks below (each
      // a pass per nonterminal) from going quadratic on hostile input.
      if (grammar_.nonterminals.size() == kMaxNonterminals)
        locate_.fail(p.name, "a grammar has at most " + std::to_string(kMaxNonterminals) + " nonterminals");
      if (grammar_.find(p.name.text) >= 0) locate_.fail(p.name, "nonterminal '" + p.name.text + "' is defined twice");
      if (is_reserved(p.name.text))
        locate_.fail(p.name, "'" + p.name.text + "' is a reserved word and cannot name a nonterminal");
      Nonterminal nt;
      nt.name = p.name.text;
      nt.where = locate_.where(p.name);
      grammar_.nonterminals.push_back(std::move(nt));
    }
    if (grammar_.nonterminals.empty()) source_.fail_at(0, "the grammar has no productions (name ::= alternatives)");
    std::size_t index = 0;
    for (const auto& s : statements) {
      if (const auto* p = boost::get<grammar_ast::Production>(&s.get())) {
        for (const auto& alternative : p->alternatives) grammar_.nonterminals[index].forms.push_back(form(alternative));
        ++index;
      }
    }
    infer_types();
    check_operands();
    if (!start_name) source_.fail_at(0, "the grammar has no 'start NAME' line naming the symbol programs derive from");
    grammar_.start = reference(*start_name);
    if (grammar_.nonterminals[static_cast<std::size_t>(grammar_.start)].type != SymbolType::Int)
      locate_.fail(*start_name, "the start symbol must derive integers (a program computes the board's value)");
    check_productive();
    return std::move(grammar_);
  }

 private:
  bool is_reserved(const std::string& w) const {
    static const char* const words[] = {"const", "true", "false", "var", "x",   "o",  "let",   "in",
                                        "if",    "then", "else",  "not", "and", "or", "start", "game"};
    for (const char* r : words)
      if (w == r) return true;
    return function_operators().count(w) > 0 || library_.has_name(w);
  }

  [[noreturn]] void fail_form(const GrammarForm& f, const std::string& message) const {
    std::size_t offset = 0;  // back from line/column to an offset for the caret
    for (int line = 1; line < f.where.line; ++line) offset = source_.text().find('\n', offset) + 1;
    source_.fail_at(offset + static_cast<std::size_t>(f.where.column - 1), message);
  }

  int reference(const grammar_ast::Token& t) const {
    const int i = grammar_.find(t.text);
    if (i >= 0) return i;
    std::vector<std::string> names;
    for (const auto& nt : grammar_.nonterminals) names.push_back(nt.name);
    const std::string guess = closest_match(t.text, names);
    locate_.fail(t, "unknown nonterminal '" + t.text + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
  }

  GrammarForm form(const grammar_ast::Alternative& a) {
    const auto& t = a.tokens;
    GrammarForm f;
    f.where = locate_.where(a);
    for (std::size_t i = 0; i < t.size(); ++i) f.text += (i ? " " : "") + t[i].text;
    if (a.weight) {
      if (!(*a.weight >= 0.0) || *a.weight > 1e6) locate_.fail(a, "a weight is a number from 0 to 1000000");
      f.weight = *a.weight;
    }
    const auto n = t.size();
    auto text = [&](std::size_t i) -> const std::string& { return t[i].text; };
    if (n == 6 && text(0) == "const" && text(1) == "(" && text(3) == ".." && text(5) == ")") {
      const auto low = integer(text(2)), high = integer(text(4));
      if (!low) locate_.fail(t[2], "expected a 32-bit integer");
      if (!high) locate_.fail(t[4], "expected a 32-bit integer");
      if (*low > *high) locate_.fail(t[2], "empty constant range: " + text(2) + " is greater than " + text(4));
      f.kind = Kind::ConstRange;
      f.low = *low;
      f.high = *high;
      return f;
    }
    if (n == 1) {
      const std::string& w = text(0);
      if (w == "true" || w == "false")
        f.kind = w == "true" ? Kind::True : Kind::False;
      else if (w == "var")
        f.kind = Kind::Var;
      else if (w == "x" || w == "o")
        f.kind = w == "x" ? Kind::PlayerX : Kind::PlayerO;
      else {
        f.kind = Kind::Chain;
        f.operands = {reference(t[0])};
      }
      return f;
    }
    if (n == 2 && (text(0) == "-" || text(0) == "not")) {
      f.kind = Kind::Operator;
      f.op = text(0) == "-" ? Op::Neg : Op::Not;
      f.operands = {reference(t[1])};
      return f;
    }
    if (n == 3 && binary_operators().count(text(1))) {
      f.kind = Kind::Operator;
      f.op = binary_operators().at(text(1)).op;
      f.operands = {reference(t[0]), reference(t[2])};
      return f;
    }
    if (n == 4 && text(0) == "let" && text(2) == "in") {
      f.kind = Kind::Let;
      f.operands = {reference(t[1]), reference(t[3])};
      return f;
    }
    if (n == 6 && text(0) == "if" && text(2) == "then" && text(4) == "else") {
      f.kind = Kind::Operator;
      f.op = Op::If;
      f.operands = {reference(t[1]), reference(t[3]), reference(t[5])};
      return f;
    }
    if (n >= 3 && text(1) == "(" && text(n - 1) == ")") return call(a, f);
    locate_.fail(t[0], "cannot read the alternative '" + f.text + "': " + kFormHelp);
  }

  GrammarForm call(const grammar_ast::Alternative& a, GrammarForm f) {
    const auto& t = a.tokens;
    std::vector<const grammar_ast::Token*> args;
    for (std::size_t i = 2; i + 1 < t.size(); ++i) {
      if ((i - 2) % 2 == 1) {
        if (t[i].text != ",") locate_.fail(t[i], "expected ',' between arguments");
        continue;
      }
      args.push_back(&t[i]);
    }
    if (t.size() > 3 && t[t.size() - 2].text == ",") locate_.fail(t[t.size() - 2], "expected an argument after ','");
    const std::string& name = t[0].text;
    if (auto it = function_operators().find(name); it != function_operators().end()) {
      if (args.size() != it->second.operands.size())
        locate_.fail(t[0], "'" + name + "' takes " + std::to_string(it->second.operands.size()) + " argument(s)");
      f.kind = Kind::Operator;
      f.op = it->second.op;
      for (const auto* arg : args) f.operands.push_back(reference(*arg));
      return f;
    }
    if (library_.has_name(name)) {
      const auto [low, high] = library_.parameter_range(name);
      const FeatureInfo& info = library_[library_.find(name, low)];
      const std::size_t wanted = (info.takes_player ? 1 : 0) + (high > 0 ? 1 : 0);
      if (args.size() != wanted) locate_.fail(t[0], "'" + name + "' takes " + std::to_string(wanted) + " argument(s)");
      f.kind = Kind::Feature;
      f.feature = library_.find(name, low);
      if (const auto network = network_of_feature(f.feature); network && grammar_.family == kDefaultFamily) {
        if (network_ && *network_ != *network)  // its programs read one (Connect4Program)
          locate_.fail(t[0], "a grammar names one built-in network, and this one names " +
                                 std::string(network_name(*network_)) + "() already");
        network_ = network;
      }
      if (info.takes_player) {
        const std::string& p = args[0]->text;
        f.operands = {p == "x" ? GrammarForm::kLiteralX : p == "o" ? GrammarForm::kLiteralO : reference(*args[0])};
      }
      if (high > 0) {
        const auto k = integer(args[wanted - 1]->text);
        if (!k || library_.find(name, *k) < 0)
          locate_.fail(*args[wanted - 1], std::string(info.takes_player ? "the second argument" : "the argument") +
                                              " of '" + name + "' is " + library_.parameter_words(name));
        f.feature = library_.find(name, *k);
      }
      return f;
    }
    if (name == "sq" && !library_.has_squares)
      locate_.fail(t[0], "'sq' reads a board's cells, and " + std::string(library_.family) + " has none");
    std::vector<std::string> names;
    for (const auto& [fname, sig] : function_operators()) names.push_back(fname);
    for (const FeatureInfo& info : library_.features) names.emplace_back(info.name);
    const std::string guess = closest_match(name, names);
    const std::string families = families_with_feature(name, grammar_.family);
    locate_.fail(t[0], "unknown function or feature '" + name + "'" +
                           (families.empty() ? ""
                                             : families + ", and this grammar is " +
                                                   std::string(family_name(grammar_.family)) + "'s") +
                           (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
  }

  // The type a form produces, if it can be told yet.
  std::optional<SymbolType> form_type(const GrammarForm& f, const std::vector<std::optional<SymbolType>>& known) const {
    switch (f.kind) {
      case Kind::ConstRange:
      case Kind::Feature:
        return SymbolType::Int;
      case Kind::True:
      case Kind::False:
        return SymbolType::Bool;
      case Kind::PlayerX:
      case Kind::PlayerO:
        return SymbolType::Player;
      case Kind::Var:
        return std::nullopt;
      case Kind::Chain:
        return known[static_cast<std::size_t>(f.operands[0])];
      case Kind::Let:
        return known[static_cast<std::size_t>(f.operands[1])];
      case Kind::Operator:
        if (f.op == Op::If) return known[static_cast<std::size_t>(f.operands[1])];
        if (f.op == Op::Not) return SymbolType::Bool;
        if (f.op == Op::Neg) return SymbolType::Int;
        for (const auto* table : {&binary_operators(), &function_operators()})
          for (const auto& [name, sig] : *table)
            if (sig.op == f.op) return sig.result;
    }
    return std::nullopt;
  }

  void infer_types() {
    auto& nts = grammar_.nonterminals;
    std::vector<std::optional<SymbolType>> known(nts.size());
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < nts.size(); ++i) {
        if (known[i]) continue;
        for (const auto& f : nts[i].forms)
          if (auto t = form_type(f, known)) {
            known[i] = t;
            changed = true;
            break;
          }
      }
    }
    for (std::size_t i = 0; i < nts.size(); ++i) {
      if (!known[i])
        fail_form(nts[i].forms.front(),
                  "cannot tell what '" + nts[i].name + "' derives: give it an alternative of known type");
      nts[i].type = *known[i];
      for (const auto& f : nts[i].forms) {
        const auto t = form_type(f, known);
        if (t && *t != nts[i].type)
          fail_form(f, "'" + f.text + "' derives " + type_name(*t) + " but '" + nts[i].name + "' derives " +
                           type_name(nts[i].type));
      }
    }
  }

  void require(const GrammarForm& f, int operand, SymbolType wanted, const std::string& role) const {
    if (operand < 0) return;  // literal x or o
    const Nonterminal& nt = grammar_.nonterminals[static_cast<std::size_t>(operand)];
    if (nt.type != wanted)
      fail_form(f, "in '" + f.text + "', " + role + " must derive " + type_name(wanted) + " but '" + nt.name +
                       "' derives " + type_name(nt.type));
  }

  void check_operands() const {
    for (const auto& nt : grammar_.nonterminals) {
      for (const auto& f : nt.forms) {
        if (f.kind == Kind::Feature && !f.operands.empty()) require(f, f.operands[0], SymbolType::Player, "the player");
        if (f.kind == Kind::Let &&
            grammar_.nonterminals[static_cast<std::size_t>(f.operands[0])].type == SymbolType::Player)
          fail_form(f, "in '" + f.text + "', a let binds an integer or a truth value, not a player");
        if (f.kind != Kind::Operator) continue;
        if (f.op == Op::If) {
          require(f, f.operands[0], SymbolType::Bool, "the condition");
          continue;
        }
        if (f.op == Op::Neg || f.op == Op::Not) {
          require(f, f.operands[0], f.op == Op::Neg ? SymbolType::Int : SymbolType::Bool, "the operand");
          continue;
        }
        for (const auto* table : {&binary_operators(), &function_operators()})
          for (const auto& [name, sig] : *table)
            if (sig.op == f.op)
              for (std::size_t k = 0; k < sig.operands.size(); ++k)
                require(f, f.operands[k], sig.operands[k], "argument " + std::to_string(k + 1));
      }
    }
  }

  // Every nonterminal must derive some finite program without variables.
  void check_productive() const {
    const auto& nts = grammar_.nonterminals;
    std::vector<bool> productive(nts.size(), false);
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < nts.size(); ++i) {
        if (productive[i]) continue;
        for (const auto& f : nts[i].forms) {
          if (f.kind == Kind::Var) continue;
          bool all = true;
          for (int o : f.operands) all = all && (o < 0 || productive[static_cast<std::size_t>(o)]);
          if (all) {
            productive[i] = true;
            changed = true;
            break;
          }
        }
      }
    }
    for (std::size_t i = 0; i < nts.size(); ++i)
      if (!productive[i])
        fail_form(nts[i].forms.front(),
                  "'" + nts[i].name +
                      "' never derives a finite program: every alternative refers back to itself or needs a variable");
  }

  parsing::NodeLocator locate_;
  const SourceText& source_;
  const FeatureLibrary& library_;
  Grammar grammar_;
  std::optional<BuiltinNetwork> network_;  // the built-in network named so far
};

}  // namespace

bool Grammar::has_feature(int f) const {
  for (const Nonterminal& n : nonterminals)
    for (const GrammarForm& form : n.forms)
      if (form.kind == GrammarForm::Kind::Feature && form.feature == f) return true;
  return false;
}

int Grammar::find(std::string_view name) const {
  for (std::size_t i = 0; i < nonterminals.size(); ++i)
    if (nonterminals[i].name == name) return static_cast<int>(i);
  return -1;
}

Grammar parse_grammar(const std::string& written, const std::string& source_name) {
  // A grammar of another game than Connect4 names it first: `game mnk`.
  std::string text = written;
  const std::optional<GameLine> game = take_game_line(text, source_name);
  parsing::SourceParse parse(text, source_name);
  std::vector<grammar_ast::Statement> statements;
  parse.whole(parser::grammar_file(), statements,
              {"a production (name ::= ...), 'start name', '|' or '@ weight'", "a production", ""});
  Grammar grammar = Builder(parse.handler, parse.source, game ? game->game.family : kDefaultFamily).build(statements);
  if (game) {
    grammar.game = game->game;
    if (game->whole) {
      grammar.whole_game_line = game->where.line;
      grammar.whole_game_column = game->where.column;
    }
  }
  return grammar;
}

Grammar read_grammar_file(const std::string& path) {
  return parse_grammar(read_text_file(path, "grammar", std::size_t{1} << 20), path);
}

}  // namespace evalsynth::lang
