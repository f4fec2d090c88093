// Deciding whether a grammar derives a program (Grammar::why_not_derived):
// a memoized match of program subtrees against nonterminals.

#include <algorithm>

#include "lang/grammar.hpp"
#include "lang/printer.hpp"
#include "lang/program_edit.hpp"

namespace evalsynth::lang {
namespace {

using Kind = GrammarForm::Kind;

// Whether nonterminals derive program subtrees, memoized per (node, nonterminal).
class Derivation {
 public:
  Derivation(const Grammar& g, const Program& p) : g_(g), p_(p), memo_(p.size() * g.nonterminals.size(), kUnknown) {}

  bool derives(std::size_t node, int nt) {
    signed char& m = memo_[node * g_.nonterminals.size() + static_cast<std::size_t>(nt)];
    if (m != kUnknown) return m == kYes;
    m = kNo;  // a chain cycle back to here is not a derivation
    bool ok = false;
    for (const auto& f : g_.nonterminals[static_cast<std::size_t>(nt)].forms)
      if (matches(node, nt, f)) {
        ok = true;
        break;
      }
    m = ok ? kYes : kNo;
    return ok;
  }

  bool derives_player(int operand, std::uint8_t player) const {
    const std::vector<std::uint8_t> players = g_.players_of(operand);
    return std::find(players.begin(), players.end(), player) != players.end();
  }

 private:
  static constexpr signed char kUnknown = -1, kNo = 0, kYes = 1;

  bool matches(std::size_t node, int nt, const GrammarForm& f) {
    const Node& n = p_.nodes[node];
    switch (f.kind) {
      case Kind::ConstRange:
        return n.op == Op::Const && n.value >= f.low && n.value <= f.high;
      case Kind::True:
        return n.op == Op::BoolConst && n.value == 1;
      case Kind::False:
        return n.op == Op::BoolConst && n.value == 0;
      case Kind::Var:
        return n.op == Op::Var && matches_type(n.type, g_.nonterminals[static_cast<std::size_t>(nt)].type);
      case Kind::PlayerX:
      case Kind::PlayerO:
        return false;
      case Kind::Chain:
        return derives(node, f.operands[0]);
      case Kind::Feature:
        return n.op == Op::Feature && n.value == f.feature &&
               (f.operands.empty() || derives_player(f.operands[0], n.player));
      case Kind::Let: {
        if (n.op != Op::Let) return false;
        const auto kids = p_.children(node);
        return derives(kids[0], f.operands[0]) && derives(kids[1], f.operands[1]);
      }
      case Kind::Operator: {
        if (n.op != f.op) return false;
        const auto kids = p_.children(node);
        for (std::size_t k = 0; k < kids.size(); ++k)
          if (!derives(kids[k], f.operands[k])) return false;
        return true;
      }
    }
    return false;
  }
  static bool matches_type(Type t, SymbolType s) {
    return (t == Type::Int) == (s == SymbolType::Int) && s != SymbolType::Player;
  }

  const Grammar& g_;
  const Program& p_;
  std::vector<signed char> memo_;
};

}  // namespace

std::vector<std::uint8_t> Grammar::players_of(int operand) const {
  if (operand == GrammarForm::kLiteralX) return {0};
  if (operand == GrammarForm::kLiteralO) return {1};
  std::vector<std::uint8_t> players;
  std::vector<bool> seen(nonterminals.size(), false);
  std::vector<int> todo{operand};
  while (!todo.empty()) {
    const int nt = todo.back();
    todo.pop_back();
    if (seen[static_cast<std::size_t>(nt)]) continue;
    seen[static_cast<std::size_t>(nt)] = true;
    for (const auto& f : nonterminals[static_cast<std::size_t>(nt)].forms) {
      if (f.kind == Kind::PlayerX) players.push_back(0);
      if (f.kind == Kind::PlayerO) players.push_back(1);
      if (f.kind == Kind::Chain) todo.push_back(f.operands[0]);
    }
  }
  return players;
}

std::optional<std::string> Grammar::why_not_derived(const Program& program) const {
  if (program.nodes.empty()) return "the program is empty";
  if (program.family() != family)
    return "the program is for " + std::string(family_name(program.family())) + " and grammar " + source + " for " +
           std::string(family_name(family)) + " (a program names its game in its first line: game NAME)";
  Derivation d(*this, program);
  const std::size_t root = program.size() - 1;
  if (d.derives(root, start)) return std::nullopt;
  // Report the first (innermost, leftmost) part that no nonterminal derives.
  for (std::size_t i = 0; i < program.size(); ++i) {
    bool any = false;
    for (std::size_t nt = 0; nt < nonterminals.size() && !any; ++nt) any = d.derives(i, static_cast<int>(nt));
    if (!any)
      return "grammar " + source + " has no production for '" + expression_text(subtree_program(program, i)) + "'";
  }
  return "grammar " + source + " does not derive the program from its start symbol '" +
         nonterminals[static_cast<std::size_t>(start)].name + "'";
}

}  // namespace evalsynth::lang
