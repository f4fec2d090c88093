#pragma once
// The publishing side of a run's fitness work (fitness_cluster.hpp): over a
// communicator whose rank 0 is this process, each call of the run's game is
// played in rounds that this process writes in its memory (unit_window.hpp)
// and every process of the communicator claims chunks of (play_claims),
// this one too while they are few. Rank 0 of the whole job uses it over
// every process for one population; under islands spread over more ranks
// than islands, each island's home rank uses it over its island's ranks
// (island_cluster.hpp). Only built with MPI.

#include <boost/mpi/communicator.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cluster/rank_zero_account.hpp"
#include "cluster/unit_window.hpp"
#include "synthesis/run_game.hpp"

namespace evalsynth::cluster {

class RoundMaster {
 public:
  // `world_ranks[r]`: the job's rank of the communicator's rank r, to name
  // a lost process. `timeout`: the seconds a round may go without progress.
  RoundMaster(const boost::mpi::communicator& comm, std::vector<int> world_ranks, RunGame& game, int threads,
              double timeout, RankZeroAccount::Totals& totals);
  ~RoundMaster();  // frees the window: collective over the communicator
  RoundMaster(const RoundMaster&) = delete;
  RoundMaster& operator=(const RoundMaster&) = delete;

  // RunGame's distributor: the call's units played over the processes,
  // their results at their indices. Throws WorkerLost for a round without
  // progress for the timeout.
  void play(const UnitBatch& batch, const std::vector<std::size_t>& units, std::vector<UnitResult>& results,
            const PlayHere& here);
  bool lost() const { return lost_; }

 private:
  void encode_batch(const UnitBatch& batch);
  void make_room(std::size_t units, std::size_t payload);
  std::uint32_t publish(const std::vector<std::size_t>& units);
  void play_round(const std::vector<std::size_t>& units, UnitResult* results, const PlayHere& here);
  void play_here(UnitWindow& win, const std::vector<std::size_t>& units, std::uint32_t tag, const PlayHere& here);
  std::uint64_t wait_until_done(UnitWindow& win, std::size_t n);
  [[noreturn]] void lose_round();

  boost::mpi::communicator comm_;
  std::vector<int> world_ranks_;
  RunGame& game_;
  int threads_;
  double timeout_;
  RankZeroAccount::Totals& t;
  bool lost_ = false;
  std::unique_ptr<UnitWindow> window_;
  std::uint64_t rounds_ = 0;       // published, ever (the claim word's tag is its low bits)
  std::uint64_t batch_in_window_;  // the batch whose programs the window holds
  std::string batch_payload_;      // the latest batch, encoded
  std::uint64_t batch_number_;
};

// The message of a worker lost (WorkerLost's): `what` it did not do within
// `limit` seconds.
std::string lost_worker_message(int world_rank, const char* what, double limit);

}  // namespace evalsynth::cluster
