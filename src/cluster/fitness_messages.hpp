#pragma once
// The messages between rank 0 and the workers of a run's fitness work
// (fitness_cluster.hpp), shared by its two sides: fitness_cluster.cpp
// (rank 0) and fitness_worker.cpp. Only built with MPI.

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <boost/serialization/string.hpp>
#include <cassert>
#include <cereal/types/string.hpp>
#include <cereal/types/tuple.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "cluster/byte_codec.hpp"
#include "synthesis/state_archive.hpp"
#include "tournament/fitness.hpp"

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

// Units' results as columns: cereal writes a vector of numbers as one block,
// a vector of structs field by field (some 30 us for 1,000 results each way,
// a third of rank 0's cost of a chunk). With the seconds the worker took to
// play them, by which rank 0 balances the end of a batch.
inline std::string encode_results(const std::vector<UnitResult>& results, double seconds) {
  std::vector<std::uint64_t> nodes;
  std::vector<std::int32_t> plies, mistakes;
  std::vector<std::uint8_t> won, lost;
  nodes.reserve(results.size());
  plies.reserve(results.size());
  mistakes.reserve(results.size());
  won.reserve(results.size());
  lost.reserve(results.size());
  for (const UnitResult& r : results) {
    nodes.push_back(r.nodes);
    plies.push_back(r.plies);
    mistakes.push_back(r.mistakes);
    won.push_back(r.won);
    lost.push_back(r.lost);
  }
  return encode(std::tie(nodes, plies, mistakes, won, lost, seconds));
}

// Decodes encode_results's bytes into `out` (as many results as it holds);
// returns the seconds.
inline double decode_results(const std::string& bytes, UnitResult* out, std::size_t count) {
  auto [nodes, plies, mistakes, won, lost, seconds] =
      decode<std::tuple<std::vector<std::uint64_t>, std::vector<std::int32_t>, std::vector<std::int32_t>,
                        std::vector<std::uint8_t>, std::vector<std::uint8_t>, double>>(bytes);
  assert(nodes.size() == count && plies.size() == count && mistakes.size() == count && won.size() == count &&
         lost.size() == count);
  for (std::size_t i = 0; i < count; ++i) out[i] = {nodes[i], plies[i], mistakes[i], won[i], lost[i]};
  return seconds;
}

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Between polls of the workers' replies: short against a chunk's time, long
// enough to leave the cores to the processes that play (Open MPI's own wait
// spins on one).
inline void pause_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(200)); }

// Waits, between polls, for what is usually moments away: for its first
// `kSpinSeconds` only yields the core (to any process that wants it), as a
// sleep's wake-up alone takes a quarter of a millisecond; then pauses.
// A waiter calls wait() between polls and starts a new Waiter each wait.
class Waiter {
 public:
  static constexpr double kSpinSeconds = 1e-4;
  void wait() {
    if (seconds_since(start_) < kSpinSeconds)
      std::this_thread::yield();
    else
      pause_briefly();
  }

 private:
  Clock::time_point start_ = Clock::now();
};

}  // namespace evalsynth::cluster::fitness_messages
