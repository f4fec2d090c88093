#include "evolve/grow.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "lang/program_edit.hpp"

namespace evalsynth::evolve {
namespace {

using lang::GrammarForm;
using Kind = GrammarForm::Kind;
constexpr int kUnreachable = std::numeric_limits<int>::max() / 4;

lang::Type type_of(lang::SymbolType t) { return t == lang::SymbolType::Bool ? lang::Type::Bool : lang::Type::Int; }

bool variable_in_scope(const Scope& scope, lang::Type type) {
  for (const auto& [name, t] : scope)
    if (t == type) return true;
  return false;
}

}  // namespace

Grower::Grower(const lang::Grammar& grammar)
    : grammar_(grammar), min_depth_(grammar.nonterminals.size(), kUnreachable) {
  // Least fixpoint: a nonterminal's depth is its cheapest alternative's.
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < grammar_.nonterminals.size(); ++i)
      for (const auto& f : grammar_.nonterminals[i].forms) {
        const int d = f.kind == Kind::Var ? kUnreachable : form_min_depth(f);
        if (d < min_depth_[i]) {
          min_depth_[i] = d;
          changed = true;
        }
      }
  }
}

int Grower::form_min_depth(const GrammarForm& f) const {
  switch (f.kind) {
    case Kind::ConstRange:
    case Kind::True:
    case Kind::False:
    case Kind::Var:
    case Kind::Feature:
    case Kind::PlayerX:
    case Kind::PlayerO:
      return 1;
    case Kind::Chain:
      return min_depth_[static_cast<std::size_t>(f.operands[0])];
    case Kind::Operator:
    case Kind::Let: {
      int deepest = 0;
      for (int o : f.operands) deepest = std::max(deepest, min_depth_[static_cast<std::size_t>(o)]);
      return deepest >= kUnreachable ? kUnreachable : deepest + 1;
    }
  }
  return kUnreachable;
}

std::uint8_t Grower::pick_player(int operand, Rng& rng) const {
  const std::vector<std::uint8_t> players = grammar_.players_of(operand);
  return players.empty() ? 0 : players[static_cast<std::size_t>(rng.below(static_cast<int>(players.size())))];
}

std::int32_t Grower::fresh_name(lang::Program& out, const Scope& scope) {
  // A name no variable in scope has; one the program already knows is reused.
  const std::string name = lang::first_free_name([&](const std::string& candidate) {
    for (const auto& [index, type] : scope)
      if (out.names[static_cast<std::size_t>(index)] == candidate) return true;
    return false;
  });
  for (std::size_t i = 0; i < out.names.size(); ++i)
    if (out.names[i] == name) return static_cast<std::int32_t>(i);
  out.names.push_back(name);
  return static_cast<std::int32_t>(out.names.size() - 1);
}

void Grower::grow(lang::Program& out, int nonterminal, int max_depth, bool full, Rng& rng, Scope& scope) const {
  const lang::Nonterminal& nt = grammar_.nonterminals[static_cast<std::size_t>(nonterminal)];
  const lang::Type type = type_of(nt.type);
  // Candidate alternatives: those that fit in the depth left (and, for `var`,
  // have a variable to use). In full mode, alternatives with operands win
  // while there is depth to spare.
  std::vector<const GrammarForm*> candidates;
  std::vector<double> weights;
  for (int pass = 0; pass < 2 && candidates.empty(); ++pass) {
    for (const auto& f : nt.forms) {
      const int need = form_min_depth(f);
      if (need > max_depth) continue;
      if (f.kind == Kind::Var && !variable_in_scope(scope, type)) continue;
      const bool branching = f.kind == Kind::Operator || f.kind == Kind::Let || f.kind == Kind::Chain;
      if (pass == 0 && full && max_depth > 1 && !branching) continue;
      if (f.weight <= 0) continue;
      candidates.push_back(&f);
      weights.push_back(f.weight);
    }
  }
  if (candidates.empty()) {
    // Nothing fits: take the shallowest alternative regardless of depth.
    const GrammarForm* best = nullptr;
    for (const auto& f : nt.forms)
      if (f.kind != Kind::Var && (!best || form_min_depth(f) < form_min_depth(*best))) best = &f;
    candidates.push_back(best);
    weights.push_back(1.0);
  }
  const GrammarForm* form = candidates[pick_weighted(weights, rng)];

  const std::size_t start = out.nodes.size();
  auto emit = [&](lang::Op op, lang::Type t, std::int32_t value = 0, std::uint8_t player = 0) {
    out.nodes.push_back(lang::make_node(op, t, value, player));
    out.nodes.back().length = static_cast<std::uint16_t>(out.nodes.size() - start);
  };
  switch (form->kind) {
    case Kind::ConstRange: {
      const std::int64_t span = static_cast<std::int64_t>(form->high) - form->low + 1;
      const auto offset = static_cast<std::int64_t>(rng.unit() * static_cast<double>(span));
      emit(lang::Op::Const, lang::Type::Int,
           static_cast<std::int32_t>(form->low + std::min<std::int64_t>(offset, span - 1)));
      return;
    }
    case Kind::True:
      emit(lang::Op::BoolConst, lang::Type::Bool, 1);
      return;
    case Kind::False:
      emit(lang::Op::BoolConst, lang::Type::Bool, 0);
      return;
    case Kind::PlayerX:
    case Kind::PlayerO:
      emit(lang::Op::Const, lang::Type::Int, 0);
      return;  // not reached: players are arguments
    case Kind::Var: {
      std::vector<std::int32_t> names;
      for (auto it = scope.rbegin(); it != scope.rend(); ++it) {
        bool shadowed = false;
        for (auto inner = scope.rbegin(); inner != it; ++inner) shadowed = shadowed || inner->first == it->first;
        if (!shadowed && it->second == type) names.push_back(it->first);
      }
      emit(lang::Op::Var, type, names[static_cast<std::size_t>(rng.below(static_cast<int>(names.size())))]);
      return;
    }
    case Kind::Feature:
      emit(lang::Op::Feature, lang::Type::Int, form->feature,
           out.features()[form->feature].takes_player ? pick_player(form->operands[0], rng) : 0);
      return;
    case Kind::Chain:
      grow(out, form->operands[0], max_depth, full, rng, scope);
      return;
    case Kind::Let: {
      grow(out, form->operands[0], max_depth - 1, full, rng, scope);
      const std::int32_t name = fresh_name(out, scope);
      scope.emplace_back(name, type_of(grammar_.nonterminals[static_cast<std::size_t>(form->operands[0])].type));
      grow(out, form->operands[1], max_depth - 1, full, rng, scope);
      scope.pop_back();
      emit(lang::Op::Let, type, name);
      return;
    }
    case Kind::Operator:
      for (int o : form->operands) grow(out, o, max_depth - 1, full, rng, scope);
      emit(form->op, type);
      return;
  }
}

lang::Program Grower::program(int max_depth, bool full, Rng& rng) const {
  lang::Program p;
  p.game = grammar_.game;
  Scope scope;
  grow(p, grammar_.start, std::max(max_depth, min_depth(grammar_.start)), full, rng, scope);
  p.canonicalize_names();
  return p;
}

}  // namespace evalsynth::evolve
