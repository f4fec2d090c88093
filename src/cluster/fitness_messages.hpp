#pragma once
// The messages between rank 0 and the workers of a run's fitness work
// (fitness_cluster.hpp), shared by its two sides: fitness_cluster.cpp
// (rank 0) and fitness_worker.cpp. Only built with MPI.

#include <algorithm>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <boost/serialization/string.hpp>
#include <cassert>
#include <cereal/types/string.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "cluster/byte_codec.hpp"
#include "support/worker_threads.hpp"
#include "synthesis/state_archive.hpp"
#include "tournament/fitness.hpp"

namespace evalsynth::cluster::fitness_messages {

// kMark: a generation ended (after the work rank 0 sent before it), for
// the workers' account of the same generations as rank 0's. kEpoch: a
// worker's islands for an epoch (island_cluster.hpp), answered by kEvolved.
// kGrow: every process makes the unit window anew with the capacity sent
// (unit_window.hpp; the batches and units themselves go through it).
// kGroups: islands spread over more ranks than islands; every process
// joins its island's ranks (a collective split of the job).
enum Tag : int { kReady = 1, kStop, kAccount, kMark, kEpoch, kEvolved, kGrow, kGroups };

// The first byte of a kEvolved answer: the islands follow, or the message
// of a rank of the worker's island that stopped (WorkerLost's).
constexpr char kEvolvedIslands = 'I', kLostHelper = 'L';

// Islands on more ranks than islands: island i evolves on rank i (i mod N)
// and its fitness work goes over the ranks i, i + I, i + 2I, ... (their
// group; rank i publishes, the others claim). With as many islands as ranks
// or more, every rank is alone.
inline bool islands_spread(int ranks, int islands) { return islands > 0 && ranks > islands; }
inline int island_group_of(int rank, int islands) { return rank % islands; }
// The job's ranks of the group of `rank`, in the group's order.
inline std::vector<int> island_group_ranks(int rank, int islands, int ranks) {
  std::vector<int> group;
  for (int r = island_group_of(rank, islands); r < ranks; r += islands) group.push_back(r);
  return group;
}

// A batch (synthesis/run_game.hpp) with its programs (as their nodes), as
// rank 0 writes it in the unit window.
struct BatchMessage {
  std::uint8_t kind = 0;  // UnitBatch::Kind
  std::int32_t depth = 0;
  std::uint64_t seed = 0;
  std::vector<std::uint64_t> self_play_slots;  // the training opponents that are self-play slots
  std::vector<std::uint8_t> has_self_play;     // by slot: 0 plays the stand-in
  std::vector<lang::Program> self_play;
  std::vector<lang::Program> programs;
  template <class Archive>
  void serialize(Archive& a) {
    a(kind, depth, seed, self_play_slots, has_self_play, self_play, programs);
  }
};

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Between polls of the workers' replies: short against a chunk's time, long
// enough to leave the cores to the processes that play (Open MPI's own wait
// spins on one).
// Adds the seconds of its scope to a total of an account: the timing kept
// beside the code it times, not woven through it.
class TimedScope {
 public:
  explicit TimedScope(double& total) : total_(total) {}
  ~TimedScope() { total_ += seconds_since(start_); }
  TimedScope(const TimedScope&) = delete;
  TimedScope& operator=(const TimedScope&) = delete;

 private:
  double& total_;
  Clock::time_point start_ = Clock::now();
};

inline void pause_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(200)); }

// Waits, between polls, for what is usually moments away: for its first
// `spin_seconds` only yields the core (to any process that wants it), as a
// sleep's wake-up alone takes a quarter of a millisecond; then pauses.
// A waiter calls wait() between polls and starts a new Waiter each wait.
class Waiter {
 public:
  explicit Waiter(double spin_seconds = kShortSpin) : spin_seconds_(spin_seconds) {}
  // Where processes share cores: the one waiting should soon leave its core
  // to one that plays.
  static constexpr double kShortSpin = 1e-4;
  // Where each has its own: through the serial part between rounds (about
  // a millisecond; measured), so that it starts the next round at once.
  static constexpr double kLongSpin = 1e-2;
  void wait() {
    if (seconds_since(start_) < spin_seconds_)
      std::this_thread::yield();
    else
      pause_briefly();
  }

 private:
  double spin_seconds_;
  Clock::time_point start_ = Clock::now();
};

// How long a process of a run should spin waiting (Waiter): long only when
// the processes on its machine, with their threads, have a core each, and
// its own threads fit in the cores it may run on (mpirun may bind it to one).
inline double spin_seconds(int ranks_on_node, int threads) {
  const unsigned cores = std::thread::hardware_concurrency();
  const int allowed = allowed_cores(), used = threads > 0 ? threads : allowed;
  return cores > 0 && static_cast<unsigned>(ranks_on_node * used) <= cores && used <= allowed ? Waiter::kLongSpin
                                                                                              : Waiter::kShortSpin;
}

}  // namespace evalsynth::cluster::fitness_messages
