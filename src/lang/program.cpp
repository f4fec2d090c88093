#include "lang/program.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "games/connect4/feature_library.hpp"
#include "support/random.hpp"

namespace evalsynth::lang {
namespace {

constexpr std::array<OpInfo, static_cast<std::size_t>(Op::Feature) + 1> kOps = {{
    {"const", 0}, {"bool", 0}, {"var", 0}, {"sq", 2},  {"height", 1}, {"+", 2},  {"-", 2},   {"*", 2},       {"/", 2},
    {"%", 2},     {"min", 2},  {"max", 2}, {"neg", 1}, {"abs", 1},    {"<", 2},  {"<=", 2},  {"=", 2},       {"!=", 2},
    {">", 2},     {">=", 2},   {"and", 2}, {"or", 2},  {"not", 1},    {"if", 3}, {"let", 2}, {"feature", 0},
}};

// Every Op has its row, in enum order (a missing row would be
// value-initialised silently).
static_assert(kOps.back().name == "feature" && kOps[static_cast<std::size_t>(Op::If)].name == "if");

}  // namespace

const OpInfo& op_info(Op op) { return kOps[static_cast<std::size_t>(op)]; }
const FeatureInfo& feature_info(Feature f) {
  const FeatureLibrary& library = connect4::connect4_feature_library();
  assert(library.size() == kFeatureCount && library[static_cast<int>(Feature::Stones)].name == "stones" &&
         library[static_cast<int>(Feature::NTuple)].name == "ntuple");
  return library[static_cast<int>(f)];
}

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

std::string families_with_feature(std::string_view name, GameFamily family) {
  std::vector<std::string> names;
  for (const GameFamily other : game_families()) {
    if (other != family && feature_library(other).has_name(name)) names.emplace_back(family_name(other));
  }
  if (names.empty()) return "";
  std::string families = ": it is a feature of ";
  for (std::size_t i = 0; i < names.size(); ++i)
    families += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return families;
}

std::string_view network_name(BuiltinNetwork network) {
  return feature_info(static_cast<Feature>(static_cast<int>(Feature::NTuple) + static_cast<int>(network))).name;
}

std::optional<BuiltinNetwork> network_read(const Program& program) {
  if (program.family() != kDefaultFamily) return std::nullopt;
  for (const Node& n : program.nodes)
    if (n.op == Op::Feature)
      if (const auto network = network_of_feature(n.value)) return network;
  return std::nullopt;
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
    // The children walked back from the last (no vector of them: this runs
    // for every child bred). Only a let's order matters: its body is in its
    // name's scope, its bound value is not.
    if (n.op == Op::Let) {
      const std::size_t body = i - 1, value = body - nodes[body].length;
      self(self, value);
      scope.push_back(n.value);
      self(self, body);
      scope.pop_back();
      return;
    }
    std::size_t child = i;
    for (int k = op_info(n.op).arity; k > 0; --k) {
      child -= 1;
      self(self, child);
      child = child + 1 - nodes[child].length;
    }
  };
  if (!nodes.empty()) resolve(resolve, nodes.size() - 1);

  std::uint64_t h = 0x9AE16A3B2F90404FULL;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    const std::int64_t payload = n.op == Op::Var ? binder_distance[i] : n.op == Op::Let ? 0 : n.value;
    h = mix_seed({h, static_cast<std::uint64_t>(n.op), n.player, static_cast<std::uint64_t>(payload)});
  }
  // Connect4's programs hash as they always have (caches, seeds and
  // checkpoints of earlier runs stay valid); the same nodes read other
  // features in another family.
  if (family() != kDefaultFamily) h = mix_seed({h, 0xFA417ULL, static_cast<std::uint64_t>(family())});
  return h;
}

}  // namespace evalsynth::lang
