#include "lang/program.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "support/random.hpp"

namespace evalsynth::lang {
namespace {

constexpr std::array<OpInfo, static_cast<std::size_t>(Op::Feature) + 1> kOps = {{
    {"const", 0}, {"bool", 0}, {"var", 0}, {"sq", 2},  {"height", 1}, {"+", 2},  {"-", 2},   {"*", 2},       {"/", 2},
    {"%", 2},     {"min", 2},  {"max", 2}, {"neg", 1}, {"abs", 1},    {"<", 2},  {"<=", 2},  {"=", 2},       {"!=", 2},
    {">", 2},     {">=", 2},   {"and", 2}, {"or", 2},  {"not", 1},    {"if", 3}, {"let", 2}, {"feature", 0},
}};

constexpr std::array<FeatureInfo, kFeatureCount> kFeatures = {{
    {"windows", true, 1, "windows of four with exactly 1 of p's stones and none of the opponent's"},
    {"windows", true, 2, "windows of four with exactly 2 of p's stones and none of the opponent's"},
    {"windows", true, 3, "windows of four with exactly 3 of p's stones and none of the opponent's"},
    {"threats", true, 0, "empty cells that would complete four for p"},
    {"odd_threats", true, 0, "p's threats on odd rows (1, 3, 5 from the bottom)"},
    {"even_threats", true, 0, "p's threats on even rows (2, 4, 6 from the bottom)"},
    {"playable_threats", true, 0, "p's threats that can be filled now"},
    {"stacked_threats", true, 0, "p's threats directly above another of p's threats"},
    {"centre", true, 0, "p's stones in the centre column"},
    {"stones", true, 0, "p's stones on the board"},
    {"moves", false, 0, "stones on the board"},
    {"to_move", false, 0, "+1 if X is to move, -1 if O is"},
    {"mobility", false, 0, "columns that are not full"},
    {"lowest_threats", true, 0, "columns whose lowest threat, of either side, is p's"},
    {"good_threats", true, 0, "p's threats on p's rows (X odd, O even) with no opponent threat below them"},
    {"ntuple", false, 0, "the built-in n-tuple network's estimate of X's prospects, -1000 (lost) .. 1000 (won)"},
}};

// Every Op and Feature has its row, in enum order (a missing row would be
// value-initialised silently).
static_assert(kOps.back().name == "feature" && kOps[static_cast<std::size_t>(Op::If)].name == "if");
static_assert(kFeatures.back().name == "ntuple" &&
              kFeatures[static_cast<std::size_t>(Feature::Stones)].name == "stones");

}  // namespace

const OpInfo& op_info(Op op) { return kOps[static_cast<std::size_t>(op)]; }
const FeatureInfo& feature_info(Feature f) { return kFeatures[static_cast<std::size_t>(f)]; }

std::vector<std::size_t> children(const std::vector<Node>& nodes, std::size_t i) {
  const int arity = op_info(nodes[i].op).arity;
  std::vector<std::size_t> result(static_cast<std::size_t>(arity));
  std::size_t child = i;  // walk back from the last child
  for (int k = arity - 1; k >= 0; --k) {
    assert(child > 0 && "a node has fewer nodes before it than its arity needs");
    child -= 1;
    result[static_cast<std::size_t>(k)] = child;
    child = child + 1 - nodes[child].length;
  }
  return result;
}

bool reads_feature(const Program& program, Feature f) {
  return std::any_of(program.nodes.begin(), program.nodes.end(),
                     [f](const Node& n) { return n.op == Op::Feature && static_cast<Feature>(n.value) == f; });
}

void Program::canonicalize_names() {
  std::vector<std::int32_t> renumber(names.size(), -1);
  std::vector<std::string> used;
  for (Node& n : nodes) {
    if (n.op != Op::Let && n.op != Op::Var) continue;
    auto& slot = renumber[static_cast<std::size_t>(n.value)];
    if (slot < 0) {
      slot = static_cast<std::int32_t>(used.size());
      used.push_back(names[static_cast<std::size_t>(n.value)]);
    }
    n.value = slot;
  }
  names = std::move(used);
}

int Program::depth() const {
  std::vector<int> stack;  // depths of pending subtrees
  for (const Node& n : nodes) {
    const int arity = op_info(n.op).arity;
    int deepest = 0;
    for (int k = 0; k < arity; ++k) {
      deepest = std::max(deepest, stack.back());
      stack.pop_back();
    }
    stack.push_back(deepest + 1);
  }
  return stack.empty() ? 0 : stack.back();
}

std::uint64_t Program::canonical_hash() const {
  // Variables hash by their binder's distance (de Bruijn index), not by name.
  // A postfix pass cannot see binders before their bodies, so resolve names
  // with a prefix walk first.
  std::vector<std::int32_t> binder_distance(nodes.size(), -1);
  std::vector<std::int32_t> scope;  // name indices of enclosing lets, innermost last
  auto resolve = [&](auto&& self, std::size_t i) -> void {
    const Node& n = nodes[i];
    if (n.op == Op::Var) {
      for (std::size_t d = 0; d < scope.size(); ++d)
        if (scope[scope.size() - 1 - d] == n.value) {
          binder_distance[i] = static_cast<std::int32_t>(d);
          break;
        }
      return;
    }
    const auto kids = children(i);
    if (n.op == Op::Let) {
      self(self, kids[0]);
      scope.push_back(n.value);
      self(self, kids[1]);
      scope.pop_back();
      return;
    }
    for (std::size_t k : kids) self(self, k);
  };
  if (!nodes.empty()) resolve(resolve, nodes.size() - 1);

  std::uint64_t h = 0x9AE16A3B2F90404FULL;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    const std::int64_t payload = n.op == Op::Var ? binder_distance[i] : n.op == Op::Let ? 0 : n.value;
    h = mix_seed({h, static_cast<std::uint64_t>(n.op), n.player, static_cast<std::uint64_t>(payload)});
  }
  return h;
}

}  // namespace evalsynth::lang
