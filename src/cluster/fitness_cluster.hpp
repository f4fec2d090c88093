#pragma once
// A run's fitness work spread over the processes of a cluster (cluster.hpp).
// Rank 0 runs the evolution exactly as alone; its run's game hands each
// call's units to the processes in rounds: rank 0 writes a round (the
// batch's programs when new, and the unit numbers) in its memory and
// publishes it (unit_window.hpp), and every process, rank 0 too while
// there are few, claims chunks of it with one-sided MPI calls
// (unit_claims.hpp), plays them and puts their results there, so rank 0
// spends nothing per chunk and every rank stays busy to the last unit. The
// other ranks build the same run's game from the same spec and play with
// their own oneTBB threads. A unit's result does not depend on where it is
// played (tournament/fitness.hpp), so a run on any number of processes
// gives the same answer, log and checkpoints as on one.
//
// Messages, all from rank 0 to a worker but kReady and the answers: the
// worker reports whether it could build the run (Ready); kGrow makes the
// unit window anew, larger (collective); kMark and kAccount serve the
// account below; kEpoch carries islands (island_cluster.hpp); kGroups
// splits the processes into their islands' ranks (collective); Stop ends it.

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "synthesis/run_game.hpp"

namespace evalsynth::cluster {

// A worker that did not answer within the timeout: hung, or dead where
// mpirun did not end the job. The generation in progress cannot finish; the
// message names the rank. Once thrown, the master ends the whole job with
// MPI_Abort when it is destroyed (a lost worker would never finalize).
class WorkerLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Rank 0's side. Made first thing, it stops the workers however rank 0 ends
// (an error before the run starts included).
class FitnessMaster {
 public:
  FitnessMaster();
  ~FitnessMaster();
  FitnessMaster(const FitnessMaster&) = delete;
  FitnessMaster& operator=(const FitnessMaster&) = delete;

  // Waits until every worker has built the run, then plays `game`'s fitness
  // work over the cluster for as long as this lives. Throws InputError
  // naming a rank that could not build the run, and WorkerLost (then and
  // during the run) for a worker that takes longer than `timeout_seconds`
  // to answer. Alone: does nothing. `game` must not outlive this (the
  // command makes this first, the run after it).
  void connect(RunGame& game, int threads, int timeout_seconds);
  // The same for a run of `islands` islands evolved on the ranks
  // (island_cluster.hpp): each island's fitness work stays in its home
  // process, or, with more ranks than islands, goes over its ranks
  // (islands_spread: rank 0 publishes island 0's).
  void connect_islands(RunGame& game, int threads, int timeout_seconds, int islands);

  // Sends each worker w `request(w)` (kEpoch), runs `here` while they work,
  // and hands each answer to `answer(w, bytes)`; the encoding and decoding
  // in those count as messages. A worker may take the timeout times
  // `timeout_scale` (an epoch's generations); else WorkerLost.
  void exchange(const std::function<std::string(int worker)>& request, const std::function<void()>& here,
                const std::function<void(int worker, const std::string& bytes)>& answer, int timeout_scale);

  // Called as each generation ends (after its checkpoint), with the run's
  // breeding seconds so far (Synthesis::breeding_time): the account below
  // is of the generations after the first.
  void generation_ended(double breeding_seconds, double breeding_waited);

  // Where rank 0's time went in the generations after the first (or since
  // connect, in a run of one generation), and each worker's idle share (its
  // time not playing chunks) in the same generations, for the scaling
  // measurement (results/mpi/): "" when alone.
  std::string time_report();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// A worker's side: `build` reads the command's spec and makes the run's game,
// setting the threads to play with (an error there is rank 0's to report:
// it reads the same spec); then plays what rank 0 sends until it says stop.
// Returns the exit code.
//
// For the fault tests, EVALSYNTH_FAULT="RANK:kill:N" makes worker RANK kill
// itself with SIGKILL at its first chunk in the Nth round (fault_hook.hpp),
// and "RANK:hang:N" makes it stop answering for ever.
// `islands` answers a kEpoch message (island_cluster.hpp), for a run of
// islands.
using IslandHandler = std::function<std::string(const std::string& request)>;
int serve_fitness(const std::function<RunGame&(int& threads)>& build, const IslandHandler& islands = {});

}  // namespace evalsynth::cluster
