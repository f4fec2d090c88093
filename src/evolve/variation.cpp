#include "evolve/variation.hpp"

#include <algorithm>
#include <map>

#include "evolve/program_edit.hpp"
#include "lang/simplify.hpp"

namespace evalsynth::evolve {
namespace {

using lang::Node;
using lang::Op;
using lang::Program;
using lang::Type;

constexpr int kAttempts = 8;

template <class T>
const T& pick(const std::vector<T>& v, Rng& rng) {
  return v[static_cast<std::size_t>(rng.below(static_cast<int>(v.size())))];
}

Node make_node(Op op, Type type, std::int32_t value = 0) {
  Node n;
  n.op = op;
  n.type = type;
  n.value = value;
  return n;
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

}  // namespace

std::string_view operator_name(Operator op) {
  static constexpr std::array<std::string_view, kOperatorCount> names = {
      "crossover", "subtree-mutation", "point-mutation", "constant-mutation", "hoist",
      "shrink", "replace", "abstract", "embed-if", "embed-let"};
  return names[static_cast<std::size_t>(op)];
}

bool Variation::acceptable(const Program& p) const {
  if (p.nodes.empty() || p.size() > limits_.max_size || p.depth() > limits_.max_depth) return false;
  if (p.type() != Type::Int || has_free_variables(p)) return false;
  return !grower_.grammar().why_not_derived(p).has_value();
}

Program Variation::apply(Operator op, const Program& parent, const Program& second, Rng& rng) const {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    std::optional<Program> child = this->attempt(op, parent, second, rng);
    if (!child || !acceptable(*child)) continue;
    Program simple = lang::simplify(*child);
    if (simple.size() < child->size() && acceptable(simple)) return simple;
    return *child;
  }
  return parent;
}

std::optional<Program> Variation::attempt(Operator op, const Program& parent, const Program& second, Rng& rng) const {
  switch (op) {
    case Operator::Crossover: return crossover(parent, second, rng);
    case Operator::SubtreeMutation: return subtree_mutation(parent, rng);
    case Operator::PointMutation: return point_mutation(parent, rng);
    case Operator::ConstantMutation: return constant_mutation(parent, rng);
    case Operator::Hoist: return hoist(parent, rng);
    case Operator::Shrink: return shrink(parent, rng);
    case Operator::Replace: return replace(parent, rng);
    case Operator::Abstract: return abstract(parent, rng);
    case Operator::EmbedIf: return embed_if(parent, rng);
    case Operator::EmbedLet: return embed_let(parent, rng);
  }
  return std::nullopt;
}

int Variation::nonterminal_of_type(Type type, Rng& rng) const {
  std::vector<int> candidates;
  const auto& nts = grower_.grammar().nonterminals;
  for (std::size_t i = 0; i < nts.size(); ++i) {
    const bool is_int = nts[i].type == lang::SymbolType::Int;
    const bool is_bool = nts[i].type == lang::SymbolType::Bool;
    if ((type == Type::Int && is_int) || (type == Type::Bool && is_bool)) candidates.push_back(static_cast<int>(i));
  }
  return candidates.empty() ? -1 : pick(candidates, rng);
}

std::vector<Node> Variation::grown(int nonterminal, int depth, Rng& rng, Program& names_owner) const {
  Program fresh;
  fresh.names = names_owner.names;
  Scope scope;
  grower_.grow(fresh, nonterminal, depth, rng.below(2) == 0, rng, scope);
  names_owner.names = fresh.names;
  return fresh.nodes;
}

std::optional<Program> Variation::crossover(const Program& a, const Program& b, Rng& rng) const {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(a.size())));
  const std::vector<std::size_t> donors = nodes_of_type(b, a.nodes[at].type);
  if (donors.empty()) return std::nullopt;
  return replace_subtree(a, at, subtree_nodes(b, pick(donors, rng)), b.names);
}

std::optional<Program> Variation::subtree_mutation(const Program& p, Rng& rng) const {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  const int nt = nonterminal_of_type(p.nodes[at].type, rng);
  if (nt < 0) return std::nullopt;
  Program names = p;
  const std::vector<Node> fresh = grown(nt, 1 + rng.below(5), rng, names);
  return replace_subtree(names, at, fresh, names.names);
}

std::optional<Program> Variation::point_mutation(const Program& p, Rng& rng) const {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  Program out = p;
  Node& n = out.nodes[at];
  if (n.op == Op::Feature) {
    if (lang::feature_info(static_cast<lang::Feature>(n.value)).takes_player && rng.below(2)) {
      n.player ^= 1;
    } else {
      n.value = rng.below(lang::kFeatureCount);
      n.player = lang::feature_info(static_cast<lang::Feature>(n.value)).takes_player ? n.player : 0;
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

std::optional<Program> Variation::constant_mutation(const Program& p, Rng& rng) const {
  std::vector<std::size_t> constants;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.nodes[i].op == Op::Const) constants.push_back(i);
  if (constants.empty()) return std::nullopt;
  Program out = p;
  Node& n = out.nodes[pick(constants, rng)];
  static constexpr int kSteps[] = {-2, -1, 1, 2};
  const int step = kSteps[rng.below(4)];
  n.value = static_cast<std::int32_t>(std::clamp<std::int64_t>(static_cast<std::int64_t>(n.value) + step, INT32_MIN, INT32_MAX));
  return out;
}

std::optional<Program> Variation::hoist(const Program& p, Rng& rng) const {
  const std::vector<std::size_t> candidates = nodes_of_type(p, Type::Int, true);
  if (candidates.empty()) return std::nullopt;
  Program out;
  out.names = p.names;
  out.nodes = subtree_nodes(p, pick(candidates, rng));
  out.canonicalize_names();
  return out;
}

std::optional<Program> Variation::shrink(const Program& p, Rng& rng) const {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  std::vector<std::size_t> inside;  // proper subtrees of `at` with its type
  for (std::size_t i = p.subtree_begin(at); i < at; ++i)
    if (p.nodes[i].type == p.nodes[at].type) inside.push_back(i);
  if (inside.empty()) return std::nullopt;
  return replace_subtree(p, at, subtree_nodes(p, pick(inside, rng)), p.names);
}

std::optional<Program> Variation::replace(const Program& p, Rng& rng) const {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  const std::vector<std::size_t> same = nodes_of_type(p, p.nodes[at].type);
  const std::size_t from = pick(same, rng);
  if (from == at) return std::nullopt;
  return replace_subtree(p, at, subtree_nodes(p, from), p.names);
}

std::optional<Program> Variation::abstract(const Program& p, Rng& rng) const {
  // Group the closed subtrees with children by their nodes; prefer repeats.
  std::map<std::vector<std::uint64_t>, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.nodes[i].length < 2) continue;
    const std::vector<Node> nodes = subtree_nodes(p, i);
    if (has_free_variables(nodes)) continue;
    std::vector<std::uint64_t> key;
    for (const Node& n : nodes)
      key.push_back((static_cast<std::uint64_t>(n.op) << 40) ^ (static_cast<std::uint64_t>(n.player) << 32) ^ static_cast<std::uint32_t>(n.value));
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
  for (auto it = places.rbegin(); it != places.rend(); ++it) body = replace_subtree(body, *it, {make_node(Op::Var, type, 0)}, {name});
  Program wrapped;
  append_nodes(wrapped, subtree_nodes(p, places.front()), p.names);
  append_nodes(wrapped, body.nodes, body.names);
  append_nodes(wrapped, {make_node(Op::Let, p.type(), 0)}, {name});
  recompute_lengths(wrapped.nodes);
  wrapped.canonicalize_names();
  return wrapped;
}

std::optional<Program> Variation::embed_if(const Program& p, Rng& rng) const {
  const std::size_t at = static_cast<std::size_t>(rng.below(static_cast<int>(p.size())));
  const Type type = p.nodes[at].type;
  const int condition = nonterminal_of_type(Type::Bool, rng);
  const int other = nonterminal_of_type(type, rng);
  if (condition < 0 || other < 0) return std::nullopt;
  Program names = p;
  std::vector<Node> replacement = grown(condition, 1 + rng.below(3), rng, names);
  const std::vector<Node> original = subtree_nodes(p, at);
  const std::vector<Node> alternative = grown(other, 1 + rng.below(3), rng, names);
  const bool original_first = rng.below(2) == 0;
  const auto& first = original_first ? original : alternative;
  const auto& second = original_first ? alternative : original;
  replacement.insert(replacement.end(), first.begin(), first.end());
  replacement.insert(replacement.end(), second.begin(), second.end());
  replacement.push_back(make_node(Op::If, type));
  return replace_subtree(names, at, replacement, names.names);
}

std::optional<Program> Variation::embed_let(const Program& p, Rng& rng) const {
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
  Program bound;
  bound.names = p.names;
  bound.nodes = subtree_nodes(p, use);
  if (rng.below(2)) {
    const int nt = nonterminal_of_type(Type::Int, rng);
    if (nt >= 0) bound.nodes = grown(nt, 1 + rng.below(3), rng, bound);
  }
  if (has_free_variables(bound.nodes)) return std::nullopt;
  const std::string name = fresh_name(bound);
  Program body;
  body.names = p.names;
  body.nodes = subtree_nodes(p, at);
  body = replace_subtree(body, use - p.subtree_begin(at), {make_node(Op::Var, Type::Int, 0)}, {name});
  Program replacement;
  append_nodes(replacement, bound.nodes, bound.names);
  append_nodes(replacement, body.nodes, body.names);
  append_nodes(replacement, {make_node(Op::Let, p.nodes[at].type, 0)}, {name});
  return replace_subtree(p, at, replacement.nodes, replacement.names);
}

}  // namespace evalsynth::evolve
