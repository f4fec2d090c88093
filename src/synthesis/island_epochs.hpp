#pragma once
// Islands evolved apart (algorithm = islands): between migrations each
// island evolves alone for an epoch of `migration-every` generations — its
// training fitness, breeding and the validation of its best — from what its
// task says: its programs, its random stream, the validation scores already
// known of them, and the self-play opponents the run's game is set to for
// the epoch (the hall's as the epoch starts). So an island gives the same
// epoch wherever it evolves: in the run's own process, or on rank i mod N of
// a cluster (cluster/island_cluster.hpp). The run (synthesis.cpp) then
// replays the epoch's generations in island order — the log, the hall of
// fame, the answer's strength — and migrates along the ring.
//
// Within an epoch an island's training cache is its own, started from its
// programs' known fitness (without self-play, whose opponents may change
// between epochs), and racing compares with its own programs' scores.

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "evolve/individual.hpp"
#include "tournament/fitness.hpp"
#include "tournament/racing.hpp"

namespace evalsynth {

struct IslandEpochTask {
  int island = 0;
  int first_generation = 0;
  int generations = 0;                                       // in this epoch
  std::uint64_t seed = 0;                                    // the island's random stream for the epoch
  evolve::Population population;                             // about to be evaluated in first_generation
  std::vector<std::pair<std::uint64_t, Fitness>> validated;  // known validation scores, by program hash
};

// What one generation of an island adds to the run's log and hall.
struct IslandGeneration {
  std::vector<double> scores;          // each program's training score, in population order
  double size_sum = 0;                 // of the programs' sizes
  evolve::Individual best;             // by selection (training fitness, then size)
  std::uint64_t hits = 0, misses = 0;  // training cache
  std::int64_t evaluated = 0;          // programs evaluated on the training boards
  std::uint64_t games = 0;             // games played, validation included
  RaceStats race;
  evolve::Population top;  // its best, validated, in order
  std::vector<Fitness> top_validation;
};

struct IslandEpochResult {
  int island = 0;
  std::vector<IslandGeneration> generations;
  evolve::Population emigrants;   // the best `migrants` of its last generation
  evolve::Population population;  // bred from the last generation: the next epoch's
};

// Evolves each task's island for its epoch and returns the results in the
// tasks' order. The run's own (Synthesis::evolve_island in turn) or a
// cluster's (cluster/island_cluster.hpp).
using IslandEpochRunner = std::function<std::vector<IslandEpochResult>(const std::vector<IslandEpochTask>& tasks)>;

// cereal's, for the messages between processes (with state_archive.hpp).
template <class Archive>
void serialize(Archive& a, IslandEpochTask& t) {
  a(t.island, t.first_generation, t.generations, t.seed, t.population, t.validated);
}
template <class Archive>
void serialize(Archive& a, IslandGeneration& g) {
  a(g.scores, g.size_sum, g.best, g.hits, g.misses, g.evaluated, g.games, g.race, g.top, g.top_validation);
}
template <class Archive>
void serialize(Archive& a, IslandEpochResult& r) {
  a(r.island, r.generations, r.emigrants, r.population);
}

}  // namespace evalsynth
