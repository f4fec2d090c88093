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

// Where a program would stand in the hall of fame: by validation, then
// training, then size (smaller first); equals keep the older first.
struct HallRank {
  Fitness validation, training;
  std::uint64_t size = 0;
  bool before(const HallRank& other, const Scoring& scoring) const {
    if (!validation.same_as(other.validation, scoring)) return validation.better_than(other.validation, scoring);
    if (!training.same_as(other.training, scoring)) return training.better_than(other.training, scoring);
    return size < other.size;
  }
};

struct IslandEpochTask {
  int island = 0;
  int first_generation = 0;
  int generations = 0;                                       // in this epoch
  std::uint64_t seed = 0;                                    // the island's random stream for the epoch
  evolve::Population population;                             // about to be evaluated in first_generation
  std::vector<std::pair<std::uint64_t, Fitness>> validated;  // known validation scores, by program hash
  // The run's answer as the epoch starts (none in a fresh run): of the
  // island's validated programs, those that would displace it and every
  // one before them on the island get their strength measured here, so
  // every answer of the epoch is measured by the island that found it.
  std::vector<HallRank> answer;
};

// What one generation of an island adds to the run's log and hall.
struct IslandGeneration {
  std::vector<double> scores;  // each program's training score, in population order
  double size_sum = 0;         // of the programs' sizes
  Fitness best_training;       // of its best program by selection (training fitness, then size)
  std::uint64_t best_size = 0;
  std::uint64_t hits = 0, misses = 0;  // training cache
  std::int64_t evaluated = 0;          // programs evaluated on the training boards
  std::uint64_t games = 0;             // games played, validation included
  RaceStats race;
  evolve::Population top;  // its best, validated, in order
  std::vector<Fitness> top_validation;
  std::vector<std::pair<std::uint64_t, double>> strength;  // mistake rates measured, by program hash
};

struct IslandEpochResult {
  int island = 0;
  std::vector<IslandGeneration> generations;
  // The best `migrants` of its last generation; none when they are the
  // first of `population` (its elite, when migrants <= elitism).
  evolve::Population emigrants;
  evolve::Population population;  // bred from the last generation: the next epoch's
};

// Evolves each task's island for its epoch and returns the results in the
// tasks' order. The run's own (Synthesis::evolve_island in turn) or a
// cluster's (cluster/island_cluster.hpp).
using IslandEpochRunner = std::function<std::vector<IslandEpochResult>(const std::vector<IslandEpochTask>& tasks)>;

// cereal's, for the messages between processes (with state_archive.hpp).
template <class Archive>
void serialize(Archive& a, IslandEpochTask& t) {
  a(t.island, t.first_generation, t.generations, t.seed, t.population, t.validated, t.answer);
}
template <class Archive>
void serialize(Archive& a, HallRank& r) {
  a(r.validation, r.training, r.size);
}
template <class Archive>
void serialize(Archive& a, IslandGeneration& g) {
  a(g.scores, g.size_sum, g.best_training, g.best_size, g.hits, g.misses, g.evaluated, g.games, g.race, g.top,
    g.top_validation, g.strength);
}
template <class Archive>
void serialize(Archive& a, IslandEpochResult& r) {
  a(r.island, r.generations, r.emigrants, r.population);
}

}  // namespace evalsynth
