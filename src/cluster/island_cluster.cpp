#include "cluster/island_cluster.hpp"

#include <cassert>
#include <cereal/types/utility.hpp>
#include <memory>
#include <utility>

#include "cluster/byte_codec.hpp"
#include "cluster/cluster.hpp"
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

}  // namespace

void connect_run(FitnessMaster& master, Synthesis& run, int worker_timeout) {
  if (cluster::size() < 2) return;
  if (!run.has_islands()) {
    master.connect(run.game(), run.spec().threads, worker_timeout);
    return;
  }
  master.connect_islands(run.game(), run.spec().threads, worker_timeout);
  run.set_island_runner([&master, &run](const std::vector<IslandEpochTask>& tasks) {
    const auto ranks = static_cast<std::size_t>(cluster::size());
    std::vector<EpochRequest> requests(ranks);
    for (const auto& [slot, program] : run.game().self_play_programs())
      for (EpochRequest& r : requests) {
        r.self_play_slots.push_back(slot);
        r.has_self_play.push_back(program ? 1 : 0);
        r.self_play.push_back(program ? *program : lang::Program{});
      }
    for (const IslandEpochTask& task : tasks)
      requests[static_cast<std::size_t>(task.island) % ranks].tasks.push_back(task);
    std::vector<IslandEpochResult> results(tasks.size());
    master.exchange([&](int worker) { return encode(requests[static_cast<std::size_t>(worker)]); },
                    [&] {
                      for (const IslandEpochTask& task : requests[0].tasks)
                        results[static_cast<std::size_t>(task.island)] = run.evolve_island(task);
                    },
                    [&]([[maybe_unused]] int worker, const std::string& bytes) {
                      for (IslandEpochResult& r : decode<std::vector<IslandEpochResult>>(bytes)) {
                        const auto island = static_cast<std::size_t>(r.island);
                        assert(island < results.size() && island % ranks == static_cast<std::size_t>(worker));
                        results[island] = std::move(r);
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
  std::vector<IslandEpochResult> results;
  for (const IslandEpochTask& task : m.tasks) results.push_back(run_.evolve_island(task));
  return encode(results);
}

}  // namespace evalsynth::cluster
