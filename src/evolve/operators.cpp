#include "evolve/operators.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <map>

#include "lang/program_edit.hpp"

namespace evalsynth::evolve {
namespace {

using namespace lang;  // programs and the program toolkit

template <class T>
const T& pick(const std::vector<T>& v, Rng& rng) {
  assert(!v.empty());
  return v[static_cast<std::size_t>(rng.below(static_cast<int>(v.size())))];
}

// Operators that can stand in for each other (same operand and result types).
const std::vector<std::vector<Op>>& swappable_groups() {
  static const std::vector<std::vector<Op>> groups = {
      {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::Min, Op::Max},
      {Op::Lt, Op::Le, Op::Eq, Op::Ne, Op::Gt, Op::Ge},
      {Op::And, Op::Or},
      {Op::Neg, Op::Abs},
  };
  return groups;
}

// A random nonterminal of the grammar deriving values of `type`, or -1.
int nonterminal_of_type(const Grower& grower, Type type, Rng& rng) {
  std::vector<int> candidates;
  const auto& nts = grower.grammar().nonterminals;
  for (std::size_t i = 0; i < nts.size(); ++i) {
    const bool is_int = nts[i].type == lang::SymbolType::Int;
    const bool is_bool = nts[i].type == lang::SymbolType::Bool;
    if ((type == Type::Int && is_int) || (type == Type::Bool && is_bool)) candidates.push_back(static_cast<int>(i));
  }
  return candidates.empty() ? -1 : pick(candidates, rng);
}

std::vector<Node> grown(const Grower& grower, int nonterminal, int depth, Rng& rng, Program& names_owner) {
  Program fresh = empty_like(names_owner);
  fresh.names = names_owner.names;
  Scope scope;
  grower.grow(fresh, nonterminal, depth, rng.below(2) == 0, rng, scope);
  names_owner.names = fresh.names;
  return fresh.nodes;
}

std::optional<Program> crossover(const Grower& /*grower*/, const Program& a, const Program& b, Rng& rng) {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(a.size())));
  const std::vector<std::size_t> donors = nodes_of_type(b, a.nodes[at].type);
  if (donors.empty()) return std::nullopt;
  return replace_subtree(a, at, subtree_nodes(b, pick(donors, rng)), b.names);
}

std::optional<Program> subtree_mutation(const Grower& grower, const Program& p, const Program& /*second*/, Rng& rng) {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  const int nt = nonterminal_of_type(grower, p.nodes[at].type, rng);
  if (nt < 0) return std::nullopt;
  Program names = p;
  const std::vector<Node> fresh = grown(grower, nt, 1 + rng.below(5), rng, names);
  return replace_subtree(names, at, fresh, names.names);
}

std::optional<Program> point_mutation(const Grower& grower, const Program& p, const Program& /*second*/, Rng& rng) {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  Program out = p;
  Node& n = out.nodes[at];
  if (n.op == Op::Feature) {
    const FeatureLibrary& library = out.features();
    if (library[n.value].takes_player && rng.below(2)) {
      n.player ^= 1;
    } else {
      // Any feature (the grammar check after variation drops what the
      // grammar does not derive); the ones a library does not draw by default
      // (Connect4's networks) up to the last the grammar has, so runs of
      // grammars without them, or with ntuple() alone, draw as they did
      // before the later ones existed. (learned2.grammar's draws of ntuple()
      // are dropped so; drawing only the grammar's networks would change the
      // committed results/learned2 run.)
      int limit = library.drawn;
      for (int f = library.drawn; f < library.size(); ++f)
        if (grower.grammar().has_feature(f)) limit = f + 1;
      n.value = rng.below(limit);
      n.player = library[n.value].takes_player ? n.player : 0;
    }
    return out;
  }
  if (n.op == Op::Const) {
    n.value = rng.below(17) - 8;
    return out;
  }
  if (n.op == Op::BoolConst) {
    n.value ^= 1;
    return out;
  }
  for (const auto& group : swappable_groups())
    if (std::find(group.begin(), group.end(), n.op) != group.end()) {
      n.op = pick(group, rng);
      return out;
    }
  return std::nullopt;
}

std::optional<Program> constant_mutation(const Grower& /*grower*/, const Program& p, const Program& /*second*/,
                                         Rng& rng) {
  std::vector<std::size_t> constants;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.nodes[i].op == Op::Const) constants.push_back(i);
  if (constants.empty()) return std::nullopt;
  Program out = p;
  Node& n = out.nodes[pick(constants, rng)];
  static constexpr int kSteps[] = {-2, -1, 1, 2};
  const int step = kSteps[rng.below(4)];
  n.value = static_cast<std::int32_t>(
      std::clamp<std::int64_t>(static_cast<std::int64_t>(n.value) + step, INT32_MIN, INT32_MAX));
  return out;
}

std::optional<Program> hoist(const Grower& /*grower*/, const Program& p, const Program& /*second*/, Rng& rng) {
  const std::vector<std::size_t> candidates = nodes_of_type(p, Type::Int, true);
  if (candidates.empty()) return std::nullopt;
  Program out = subtree_program(p, pick(candidates, rng));
  out.canonicalize_names();
  return out;
}

std::optional<Program> shrink(const Grower& /*grower*/, const Program& p, const Program& /*second*/, Rng& rng) {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  std::vector<std::size_t> inside;  // proper subtrees of `at` with its type
  for (std::size_t i = p.subtree_begin(at); i < at; ++i)
    if (p.nodes[i].type == p.nodes[at].type) inside.push_back(i);
  if (inside.empty()) return std::nullopt;
  return replace_subtree(p, at, subtree_nodes(p, pick(inside, rng)), p.names);
}

std::optional<Program> replace(const Grower& /*grower*/, const Program& p, const Program& /*second*/, Rng& rng) {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  const std::vector<std::size_t> same = nodes_of_type(p, p.nodes[at].type);
  const std::size_t from = pick(same, rng);
  if (from == at) return std::nullopt;
  return replace_subtree(p, at, subtree_nodes(p, from), p.names);
}

std::optional<Program> abstract(const Grower& /*grower*/, const Program& p, const Program& /*second*/, Rng& rng) {
  // Group the closed subtrees with children by their nodes; prefer repeats.
  std::map<std::vector<std::uint64_t>, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.nodes[i].length < 2) continue;
    const std::vector<Node> nodes = subtree_nodes(p, i);
    if (has_free_variables(nodes)) continue;
    std::vector<std::uint64_t> key;
    for (const Node& n : nodes)
      key.push_back((static_cast<std::uint64_t>(n.op) << 40) ^ (static_cast<std::uint64_t>(n.player) << 32) ^
                    static_cast<std::uint32_t>(n.value));
    groups[key].push_back(i);
  }
  if (groups.empty()) return std::nullopt;
  std::vector<const std::vector<std::size_t>*> repeated, all;
  for (const auto& [key, places] : groups) {
    all.push_back(&places);
    if (places.size() > 1) repeated.push_back(&places);
  }
  const std::vector<std::size_t>& places = repeated.empty() ? *pick(all, rng) : *pick(repeated, rng);
  // Identical subtrees never nest, so replacing right to left keeps the
  // earlier indices valid.
  const std::string name = fresh_name(p);
  const Type type = p.nodes[places.front()].type;
  Program body = p;
  for (auto it = places.rbegin(); it != places.rend(); ++it)
    body = replace_subtree(body, *it, {make_node(Op::Var, type, 0)}, {name});
  Program wrapped = empty_like(p);
  append_nodes(wrapped, subtree_nodes(p, places.front()), p.names);
  append_nodes(wrapped, body.nodes, body.names);
  append_nodes(wrapped, {make_node(Op::Let, p.type(), 0)}, {name});
  recompute_lengths(wrapped.nodes);
  wrapped.canonicalize_names();
  return wrapped;
}

std::optional<Program> embed_if(const Grower& grower, const Program& p, const Program& /*second*/, Rng& rng) {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  const Type type = p.nodes[at].type;
  const int condition = nonterminal_of_type(grower, Type::Bool, rng);
  const int other = nonterminal_of_type(grower, type, rng);
  if (condition < 0 || other < 0) return std::nullopt;
  Program names = p;
  std::vector<Node> replacement = grown(grower, condition, 1 + rng.below(3), rng, names);
  const std::vector<Node> original = subtree_nodes(p, at);
  const std::vector<Node> alternative = grown(grower, other, 1 + rng.below(3), rng, names);
  const bool original_first = rng.below(2) == 0;
  const auto& first = original_first ? original : alternative;
  const auto& second = original_first ? alternative : original;
  replacement.insert(replacement.end(), first.begin(), first.end());
  replacement.insert(replacement.end(), second.begin(), second.end());
  replacement.push_back(make_node(Op::If, type));
  return replace_subtree(names, at, replacement, names.names);
}

std::optional<Program> embed_let(const Grower& grower, const Program& p, const Program& /*second*/, Rng& rng) {
  // let v = e in s', where s' is a subtree s with one of its integer
  // subexpressions replaced by v, so the binding is used (and survives
  // simplification). e is that subexpression itself (same meaning) or grown.
  const std::vector<std::size_t> branches = nodes_of_type(p, Type::Int, true);
  if (branches.empty()) return std::nullopt;
  const std::size_t at = pick(branches, rng);
  std::vector<std::size_t> inside;
  for (std::size_t i = p.subtree_begin(at); i < at; ++i)
    if (p.nodes[i].type == Type::Int) inside.push_back(i);
  if (inside.empty()) return std::nullopt;
  const std::size_t use = pick(inside, rng);
  Program bound = empty_like(p);
  bound.names = p.names;
  bound.nodes = subtree_nodes(p, use);
  if (rng.below(2)) {
    const int nt = nonterminal_of_type(grower, Type::Int, rng);
    if (nt >= 0) bound.nodes = grown(grower, nt, 1 + rng.below(3), rng, bound);
  }
  if (has_free_variables(bound.nodes)) return std::nullopt;
  const std::string name = fresh_name(bound);
  Program body = empty_like(p);
  body.names = p.names;
  body.nodes = subtree_nodes(p, at);
  body = replace_subtree(body, use - p.subtree_begin(at), {make_node(Op::Var, Type::Int, 0)}, {name});
  Program replacement = empty_like(p);
  append_nodes(replacement, bound.nodes, bound.names);
  append_nodes(replacement, body.nodes, body.names);
  append_nodes(replacement, {make_node(Op::Let, p.nodes[at].type, 0)}, {name});
  return replace_subtree(p, at, replacement.nodes, replacement.names);
}

// The registry. Its order is the order of the spec keys, of the resolved spec
// text and of the rates the run draws operators with: append new operators at
// the end so that existing specs keep their meaning and their hashes.
constexpr std::array kOperators = {
    OperatorInfo{"crossover", 0.4, true, crossover},                  // subtree crossover with a second parent
    OperatorInfo{"subtree-mutation", 0.15, false, subtree_mutation},  // a subtree replaced by a freshly grown one
    OperatorInfo{"point-mutation", 0.1, false, point_mutation},  // one operator or feature swapped for a compatible one
    OperatorInfo{"constant-mutation", 0.1, false, constant_mutation},  // a constant nudged
    OperatorInfo{"hoist", 0.03, false, hoist},                         // a subtree becomes the whole program
    OperatorInfo{"shrink", 0.05, false, shrink},                       // a subtree replaced by one of its own subtrees
    OperatorInfo{"replace", 0.07, false, replace},    // ADATE R: a subtree replaced by a copy of another in the program
    OperatorInfo{"abstract", 0.04, false, abstract},  // ADATE ABSTR: a repeated subexpression bound once by a let
    OperatorInfo{"embed-if", 0.03, false, embed_if},  // ADATE EMB: a subexpression wrapped in if c then it else other
    OperatorInfo{"embed-let", 0.03, false,
                 embed_let},  // ADATE EMB: a subexpression wrapped in a let whose variable it uses
};

}  // namespace

std::span<const OperatorInfo> operators() { return kOperators; }

const OperatorInfo& operator_info(OperatorId op) {
  assert(op < kOperators.size());
  return kOperators[op];
}

OperatorId operator_id(std::string_view name) {
  for (OperatorId op = 0; op < kOperators.size(); ++op)
    if (kOperators[op].name == name) return op;
  assert(false && "no operator of that name");
  return 0;
}

std::vector<double> default_operator_rates() {
  std::vector<double> rates;
  for (const OperatorInfo& op : kOperators) rates.push_back(op.default_rate);
  return rates;
}

}  // namespace evalsynth::evolve
