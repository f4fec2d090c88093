#include "evolve/program_edit.hpp"

#include <algorithm>
#include <string>

namespace evalsynth::evolve {

std::vector<lang::Node> subtree_nodes(const lang::Program& p, std::size_t root) {
  return {p.nodes.begin() + static_cast<std::ptrdiff_t>(p.subtree_begin(root)), p.nodes.begin() + static_cast<std::ptrdiff_t>(root) + 1};
}

void recompute_lengths(std::vector<lang::Node>& nodes) {
  std::vector<std::size_t> pending;  // lengths of complete subtrees not yet attached
  for (lang::Node& n : nodes) {
    std::size_t length = 1;
    for (int k = 0; k < lang::op_info(n.op).arity; ++k) {
      length += pending.back();
      pending.pop_back();
    }
    n.length = static_cast<std::uint16_t>(length);
    pending.push_back(length);
  }
}

void append_nodes(lang::Program& dest, const std::vector<lang::Node>& nodes, const std::vector<std::string>& names) {
  for (lang::Node n : nodes) {
    if (n.op == lang::Op::Var || n.op == lang::Op::Let) {
      const std::string& name = names[static_cast<std::size_t>(n.value)];
      std::int32_t index = -1;
      for (std::size_t i = 0; i < dest.names.size(); ++i)
        if (dest.names[i] == name) index = static_cast<std::int32_t>(i);
      if (index < 0) {
        index = static_cast<std::int32_t>(dest.names.size());
        dest.names.push_back(name);
      }
      n.value = index;
    }
    dest.nodes.push_back(n);
  }
}

std::string fresh_name(const lang::Program& p) {
  for (int k = 1;; ++k) {
    std::string candidate = "v";
    candidate += std::to_string(k);
    if (std::find(p.names.begin(), p.names.end(), candidate) == p.names.end()) return candidate;
  }
}

lang::Program replace_subtree(const lang::Program& p, std::size_t root, const std::vector<lang::Node>& replacement,
                              const std::vector<std::string>& replacement_names) {
  lang::Program out;
  out.names = p.names;
  const std::size_t begin = p.subtree_begin(root);
  out.nodes.reserve(p.size() - (root + 1 - begin) + replacement.size());
  out.nodes.insert(out.nodes.end(), p.nodes.begin(), p.nodes.begin() + static_cast<std::ptrdiff_t>(begin));
  append_nodes(out, replacement, replacement_names);
  out.nodes.insert(out.nodes.end(), p.nodes.begin() + static_cast<std::ptrdiff_t>(root) + 1, p.nodes.end());
  recompute_lengths(out.nodes);
  out.canonicalize_names();
  return out;
}

namespace {
// Walks a tree in prefix order from its root, tracking the bound names.
bool free_below(const std::vector<lang::Node>& nodes, std::size_t i, std::vector<std::int32_t>& bound) {
  const lang::Node& n = nodes[i];
  if (n.op == lang::Op::Var) {
    for (std::int32_t b : bound)
      if (b == n.value) return false;
    return true;
  }
  const int arity = lang::op_info(n.op).arity;
  std::vector<std::size_t> kids(static_cast<std::size_t>(arity));
  std::size_t child = i;
  for (int k = arity - 1; k >= 0; --k) {
    child -= 1;
    kids[static_cast<std::size_t>(k)] = child;
    child = child + 1 - nodes[child].length;
  }
  for (int k = 0; k < arity; ++k) {
    const bool body = n.op == lang::Op::Let && k == 1;
    if (body) bound.push_back(n.value);
    const bool free = free_below(nodes, kids[static_cast<std::size_t>(k)], bound);
    if (body) bound.pop_back();
    if (free) return true;
  }
  return false;
}
}  // namespace

bool has_free_variables(const std::vector<lang::Node>& subtree) {
  if (subtree.empty()) return false;
  std::vector<std::int32_t> bound;
  return free_below(subtree, subtree.size() - 1, bound);
}

bool has_free_variables(const lang::Program& p) { return has_free_variables(p.nodes); }

std::vector<std::size_t> nodes_of_type(const lang::Program& p, lang::Type type, bool branches_only) {
  std::vector<std::size_t> result;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.nodes[i].type == type && (!branches_only || p.nodes[i].length > 1)) result.push_back(i);
  return result;
}

}  // namespace evalsynth::evolve
