#pragma once
// Islands on ranks (algorithm = islands under mpirun): island i evolves on
// a rank for a whole epoch (synthesis/island_epochs.hpp; which one:
// island_placement.hpp, round the ring at first, then by cost), with its
// own oneTBB threads; rank 0 evolves its own islands meanwhile, then
// gathers the others' results, replays the log and the hall, and migrates.
// With more ranks than islands, island i's fitness work goes over the ranks
// i, i + I, ... in rounds its home publishes (round_master.hpp), the others
// claiming chunks as in a single population (fitness_worker.cpp).
// One message each way per worker per epoch: its islands' tasks and the
// self-play programs the epoch plays against; their results. An island's
// epoch does not depend on where it evolves, so the run is the same for
// any rank count.

#include <functional>
#include <string>
#include <vector>

#include "cluster/fitness_cluster.hpp"
#include "synthesis/synthesis.hpp"

namespace evalsynth::cluster {

// Rank 0: connects `run` to the cluster — its islands on the ranks, or
// else its fitness work spread (FitnessMaster::connect). Alone: nothing.
void connect_run(FitnessMaster& master, Synthesis& run, int worker_timeout);

// A worker of `run` or `resume`: builds the run and serves it, islands or
// fitness work (serve_fitness). Returns the exit code.
int serve_run(const std::function<Synthesis&(int& threads)>& build);

// A worker's side: evolves the islands of each kEpoch request with `run`
// and returns the answer (an IslandHandler for serve_fitness).
class IslandWorker {
 public:
  explicit IslandWorker(Synthesis& run) : run_(run) {}
  std::string operator()(const std::string& request);

 private:
  Synthesis& run_;
  std::vector<lang::Program> self_play_;  // the game plays against these
};

}  // namespace evalsynth::cluster
