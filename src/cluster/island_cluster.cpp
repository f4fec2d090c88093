#include "cluster/island_cluster.hpp"

#include <cassert>
#include <cereal/types/utility.hpp>
#include <chrono>
#include <memory>
#include <utility>

#include "cluster/byte_codec.hpp"
#include "cluster/cluster.hpp"
#include "cluster/island_placement.hpp"
#include "synthesis/state_archive.hpp"

namespace evalsynth::cluster {
namespace {

// One worker's part of an epoch: the self-play opponents (by training
// opponent slot; has_self_play 0: the game's stand-in) and its islands.
struct EpochRequest {
  std::vector<std::uint64_t> self_play_slots;
  std::vector<std::uint8_t> has_self_play;
  std::vector<lang::Program> self_play;
  std::vector<IslandEpochTask> tasks;
  template <class Archive>
  void serialize(Archive& a) {
    a(self_play_slots, has_self_play, self_play, tasks);
  }
};

// An island's epoch, and the seconds it took (for the next placement).
IslandEpochResult evolve_timed(Synthesis& run, const IslandEpochTask& task, double& seconds) {
  const auto start = std::chrono::steady_clock::now();
  IslandEpochResult result = run.evolve_island(task);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace

void connect_run(FitnessMaster& master, Synthesis& run, int worker_timeout) {
  if (cluster::size() < 2) return;
  if (!run.has_islands()) {
    master.connect(run.game(), run.spec().threads, worker_timeout);
    return;
  }
  master.connect_islands(run.game(), run.spec().threads, worker_timeout, run.spec().islands);
  // Each island's cost for the placement: the seconds its last epoch took
  // where it evolved (the run does not depend on the placement).
  auto costs = std::make_shared<std::vector<double>>(static_cast<std::size_t>(run.spec().islands), 1.0);
  run.set_island_runner([&master, &run, costs](const std::vector<IslandEpochTask>& tasks) {
    const auto ranks = static_cast<std::size_t>(cluster::size());
    assert(tasks.size() == costs->size());
    const std::vector<int> rank_of = place_islands(*costs, static_cast<int>(ranks));
    std::vector<EpochRequest> requests(ranks);
    for (const auto& [slot, program] : run.game().self_play_programs())
      for (EpochRequest& r : requests) {
        r.self_play_slots.push_back(slot);
        r.has_self_play.push_back(program ? 1 : 0);
        r.self_play.push_back(program ? *program : lang::Program{});
      }
    for (const IslandEpochTask& task : tasks)
      requests[static_cast<std::size_t>(rank_of[static_cast<std::size_t>(task.island)])].tasks.push_back(task);
    std::vector<IslandEpochResult> results(tasks.size());
    std::vector<double>& seconds = *costs;
    master.exchange([&](int worker) { return encode(requests[static_cast<std::size_t>(worker)]); },
                    [&] {
                      for (const IslandEpochTask& task : requests[0].tasks) {
                        const auto island = static_cast<std::size_t>(task.island);
                        results[island] = evolve_timed(run, task, seconds[island]);
                      }
                    },
                    [&]([[maybe_unused]] int worker, const std::string& bytes) {
                      auto [evolved, took] =
                          decode<std::pair<std::vector<IslandEpochResult>, std::vector<double>>>(bytes);
                      assert(evolved.size() == took.size());
                      for (std::size_t k = 0; k < evolved.size(); ++k) {
                        const auto island = static_cast<std::size_t>(evolved[k].island);
                        assert(island < results.size() && rank_of[island] == worker);
                        results[island] = std::move(evolved[k]);
                        seconds[island] = took[k];
                      }
                    },
                    tasks.front().generations);
    return results;
  });
}

int serve_run(const std::function<Synthesis&(int& threads)>& build) {
  Synthesis* run = nullptr;
  std::unique_ptr<IslandWorker> islands;
  return serve_fitness(
      [&](int& threads) -> RunGame& {
        run = &build(threads);
        if (run->has_islands()) islands = std::make_unique<IslandWorker>(*run);
        return run->game();
      },
      [&](const std::string& request) {
        assert(islands);
        return (*islands)(request);
      });
}

std::string IslandWorker::operator()(const std::string& request) {
  auto m = decode<EpochRequest>(request);
  self_play_ = std::move(m.self_play);
  for (std::size_t i = 0; i < self_play_.size(); ++i)
    run_.game().set_self_play(m.self_play_slots[i], m.has_self_play[i] ? &self_play_[i] : nullptr);
  std::pair<std::vector<IslandEpochResult>, std::vector<double>> evolved;
  for (const IslandEpochTask& task : m.tasks)
    evolved.first.push_back(evolve_timed(run_, task, evolved.second.emplace_back()));
  return encode(evolved);
}

}  // namespace evalsynth::cluster
