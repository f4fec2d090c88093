#pragma once
// The part of `evalsynth bench` that times leaves inside a search: the mean
// time per evaluation of a depth-6 alpha-beta search (the whole search's
// time divided by its leaves) with the n-tuple networks, each with and
// without the search's incremental state (model/ntuple_tracker.hpp), as a
// ratio to the same search with native IBEF in the same run.

#include <vector>

#include "games/connect4/position.hpp"

namespace evalsynth {

void bench_search_leaves(const std::vector<connect4::Position>& positions, int rounds);

}  // namespace evalsynth
