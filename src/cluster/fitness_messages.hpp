#pragma once
// The messages between rank 0 and the workers of a run's fitness work
// (fitness_cluster.hpp), shared by its two sides: fitness_cluster.cpp
// (rank 0) and fitness_worker.cpp. Only built with MPI.

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <boost/serialization/string.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "cluster/byte_codec.hpp"
#include "synthesis/state_archive.hpp"

namespace evalsynth::cluster::fitness_messages {

// kMark: a generation ended (after the work rank 0 sent before it), for
// the workers' account of the same generations as rank 0's. kEpoch: a
// worker's islands for an epoch (island_cluster.hpp), answered by kEvolved.
enum Tag : int { kReady = 1, kBatch, kUnits, kResults, kStop, kAccount, kMark, kEpoch, kEvolved };

// A batch (synthesis/run_game.hpp) with its programs (as their nodes).
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
inline void pause_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(200)); }

}  // namespace evalsynth::cluster::fitness_messages
