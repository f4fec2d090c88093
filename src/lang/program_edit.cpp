#include "lang/program_edit.hpp"

#include <algorithm>
#include <string>

namespace evalsynth::lang {

std::vector<Node> subtree_nodes(const Program& p, std::size_t root) {
  return {p.nodes.begin() + static_cast<std::ptrdiff_t>(p.subtree_begin(root)),
          p.nodes.begin() + static_cast<std::ptrdiff_t>(root) + 1};
}

void recompute_lengths(std::vector<Node>& nodes) {
  std::vector<std::size_t> pending;  // lengths of complete subtrees not yet attached
  for (Node& n : nodes) {
    std::size_t length = 1;
    for (int k = 0; k < op_info(n.op).arity; ++k) {
      length += pending.back();
      pending.pop_back();
    }
    n.length = static_cast<std::uint16_t>(length);
    pending.push_back(length);
  }
}

void append_nodes(Program& dest, const std::vector<Node>& nodes, const std::vector<std::string>& names) {
  for (Node n : nodes) {
    if (n.op == Op::Var || n.op == Op::Let) {
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

std::string fresh_name(const Program& p) {
  return first_free_name(
      [&](const std::string& name) { return std::find(p.names.begin(), p.names.end(), name) != p.names.end(); });
}

Program empty_like(const Program& p) {
  Program empty;
  empty.game = p.game;
  return empty;
}

Program subtree_program(const Program& p, std::size_t root) {
  Program s = empty_like(p);
  s.names = p.names;
  s.nodes = subtree_nodes(p, root);
  return s;
}

Program replace_subtree(const Program& p, std::size_t root, const std::vector<Node>& replacement,
                        const std::vector<std::string>& replacement_names) {
  Program out = empty_like(p);
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
bool free_below(const std::vector<Node>& nodes, std::size_t i, std::vector<std::int32_t>& bound) {
  const Node& n = nodes[i];
  if (n.op == Op::Var) {
    for (std::int32_t b : bound)
      if (b == n.value) return false;
    return true;
  }
  const std::vector<std::size_t> kids = children(nodes, i);
  for (std::size_t k = 0; k < kids.size(); ++k) {
    const bool body = n.op == Op::Let && k == 1;
    if (body) bound.push_back(n.value);
    const bool free = free_below(nodes, kids[k], bound);
    if (body) bound.pop_back();
    if (free) return true;
  }
  return false;
}
}  // namespace

bool has_free_variables(const std::vector<Node>& subtree) {
  if (subtree.empty()) return false;
  std::vector<std::int32_t> bound;
  return free_below(subtree, subtree.size() - 1, bound);
}

bool has_free_variables(const Program& p) { return has_free_variables(p.nodes); }

std::vector<std::size_t> nodes_of_type(const Program& p, Type type, bool branches_only) {
  std::vector<std::size_t> result;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.nodes[i].type == type && (!branches_only || p.nodes[i].length > 1)) result.push_back(i);
  return result;
}

}  // namespace evalsynth::lang
