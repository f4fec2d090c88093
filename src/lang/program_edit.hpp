#pragma once
// The program toolkit: editing postfix programs. Subtrees are contiguous
// ranges, so replacing one is a splice followed by recomputing the subtree
// lengths. The grower, the variation operators, the grammar validator and the
// random program generator all build and take apart programs with these.

#include <cstdint>
#include <string>
#include <vector>

#include "lang/program.hpp"

namespace evalsynth::lang {

// An empty program of p's game (its family and game line), for building one.
Program empty_like(const Program& p);

// The nodes of the subtree rooted at `root`.
std::vector<Node> subtree_nodes(const Program& p, std::size_t root);

// `p` with the subtree at `root` replaced by `replacement` (nodes whose Var and
// Let values index `replacement_names`; they are re-indexed into p's names).
Program replace_subtree(const Program& p, std::size_t root, const std::vector<Node>& replacement,
                        const std::vector<std::string>& replacement_names);

// Appends `nodes` (whose Var/Let values index `names`) to dest, re-indexing
// the names into dest.names (adding missing ones). Lengths are not updated.
void append_nodes(Program& dest, const std::vector<Node>& nodes, const std::vector<std::string>& names);

// The first of the names v1, v2, ... for which `taken(name)` is false.
template <class Taken>
std::string first_free_name(const Taken& taken) {
  for (int k = 1;; ++k) {
    std::string candidate = "v";  // not "v" + ...: GCC 12 warns falsely (-Wrestrict) on that
    candidate += std::to_string(k);
    if (!taken(candidate)) return candidate;
  }
}

// A variable name that `p` does not use: v1, v2, ...
std::string fresh_name(const Program& p);

// The subtree rooted at `root` as a program of its own, with p's name table.
Program subtree_program(const Program& p, std::size_t root);

// Recomputes every node's subtree length from the arities.
void recompute_lengths(std::vector<Node>& nodes);

// True if some variable is not bound by an enclosing let of the same name.
bool has_free_variables(const Program& p);
bool has_free_variables(const std::vector<Node>& subtree);

// Indices of the nodes of type `type` (optionally only those with children).
std::vector<std::size_t> nodes_of_type(const Program& p, Type type, bool branches_only = false);

}  // namespace evalsynth::lang
