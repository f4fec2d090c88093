#pragma once
// Which rank each island evolves on for an epoch (island_cluster.cpp).
// Apart from MPI, so that it is tested alone.
//
// With more ranks than islands, island i evolves on rank i and its fitness
// work goes over ranks i, i + I, ... (fitness_messages.hpp). Otherwise the
// islands are dealt by cost, longest first (each, the costliest first, to
// the rank with the least cost so far; ties to the lower island and rank):
// within 4/3 of the best placement, where dealing them round the ring, as
// before, left a rank with two costly islands. An island's cost is the
// seconds its last epoch took (1 each before any); the run does not depend
// on the placement: an island's epoch is the same wherever it evolves.

#include <vector>

namespace evalsynth::cluster {

// The rank of each island, of `ranks`, by the islands' `costs`.
std::vector<int> place_islands(const std::vector<double>& costs, int ranks);

}  // namespace evalsynth::cluster
