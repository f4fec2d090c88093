#pragma once
// Editing postfix programs: subtrees are contiguous ranges, so replacing one
// is a splice followed by recomputing the subtree lengths.

#include <cstdint>
#include <vector>

#include "lang/program.hpp"

namespace evalsynth::evolve {

// The nodes of the subtree rooted at `root`.
std::vector<lang::Node> subtree_nodes(const lang::Program& p, std::size_t root);

// `p` with the subtree at `root` replaced by `replacement` (nodes whose Var and
// Let values index `replacement_names`; they are re-indexed into p's names).
lang::Program replace_subtree(const lang::Program& p, std::size_t root, const std::vector<lang::Node>& replacement,
                              const std::vector<std::string>& replacement_names);

// Appends `nodes` (whose Var/Let values index `names`) to dest, re-indexing
// the names into dest.names (adding missing ones). Lengths are not updated.
void append_nodes(lang::Program& dest, const std::vector<lang::Node>& nodes, const std::vector<std::string>& names);

// A variable name that `p` does not use: v1, v2, ...
std::string fresh_name(const lang::Program& p);

// Recomputes every node's subtree length from the arities.
void recompute_lengths(std::vector<lang::Node>& nodes);

// True if some variable is not bound by an enclosing let of the same name.
bool has_free_variables(const lang::Program& p);
bool has_free_variables(const std::vector<lang::Node>& subtree);

// Indices of the nodes of type `type` (optionally only those with children).
std::vector<std::size_t> nodes_of_type(const lang::Program& p, lang::Type type, bool branches_only = false);

}  // namespace evalsynth::evolve
