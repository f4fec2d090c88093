// The island model's epochs (island_epochs.hpp): each island evolves alone
// between migrations; the run replays the epoch's generations from the
// islands' results and migrates along the ring.

#include "synthesis/island_epochs.hpp"

#include <algorithm>
#include <cassert>
#include <map>

#include "synthesis/synthesis.hpp"

namespace evalsynth {

IslandEpochResult Synthesis::evolve_island(const IslandEpochTask& task) const {
  IslandEpochResult result;
  result.island = task.island;
  Population island = task.population;
  std::map<std::uint64_t, Fitness> training, validation(task.validated.begin(), task.validated.end());
  // The programs' fitness carried from the last epoch holds only if the
  // opponents have not changed since: without self-play.
  if (inputs_.self_play.empty())
    for (const Individual& ind : island)
      if (ind.training.games > 0 || ind.training.judgements > 0) training.emplace(ind.hash, ind.training);
  Rng rng(task.seed);
  std::vector<HallRank> answer = task.answer;  // to displace: the run's, then the island's best so far
  for (int g = 0; g < task.generations; ++g) {
    IslandGeneration& record = result.generations.emplace_back();
    std::vector<const lang::Program*> todo;
    std::vector<std::uint64_t> todo_hashes;
    for (const Individual& ind : island) {
      if (training.count(ind.hash) ||
          std::find(todo_hashes.begin(), todo_hashes.end(), ind.hash) != todo_hashes.end()) {
        ++record.hits;
        continue;
      }
      ++record.misses;
      todo.push_back(&ind.program);
      todo_hashes.push_back(ind.hash);
    }
    // Racing compares the new programs with each other and with the exact
    // scores of the island's programs already known.
    std::vector<double> known;
    for (const Individual& ind : island)
      if (const auto cached = training.find(ind.hash); cached != training.end() && !cached->second.raced_out())
        known.push_back(cached->second.score(spec_.scoring));
    const std::vector<Fitness> scores =
        play(todo, RunGame::Task::Training, spec_.racing ? &known : nullptr, &record.race);
    for (std::size_t i = 0; i < todo.size(); ++i) {
      training[todo_hashes[i]] = scores[i];
      record.games += static_cast<std::uint64_t>(scores[i].games);
    }
    record.evaluated = static_cast<std::int64_t>(todo.size());
    const Individual* best = &island.front();
    for (Individual& ind : island) {
      ind.training = training.at(ind.hash);
      record.scores.push_back(ind.training.score(spec_.scoring));
      record.size_sum += static_cast<double>(ind.program.size());
      if (breeding_.selection.better(ind, *best)) best = &ind;
    }
    record.best_training = best->training;
    record.best_size = best->program.size();

    add_best(island, validated_per_part(), record.top);
    std::vector<const lang::Program*> unvalidated;
    for (const Individual& ind : record.top)
      if (!validation.count(ind.hash)) unvalidated.push_back(&ind.program);
    const std::vector<Fitness> validated = play(unvalidated, RunGame::Task::Validation);
    for (std::size_t i = 0; i < unvalidated.size(); ++i) {
      validation[unvalidated[i]->canonical_hash()] = validated[i];
      record.games += static_cast<std::uint64_t>(validated[i].games);
    }
    for (const Individual& ind : record.top) {
      record.top_validation.push_back(validation.at(ind.hash));
      const HallRank rank{record.top_validation.back(), ind.training, ind.program.size()};
      if (!inputs_.game->has_strength_positions() || (!answer.empty() && !rank.before(answer.front(), spec_.scoring)))
        continue;
      answer = {rank};
      record.strength.emplace_back(
          ind.hash, inputs_.game->mistake_rate(ind.program, spec_.strength_depth, spec_.seed, spec_.threads));
    }

    const bool last = g + 1 == task.generations;
    if (last) result.emigrants = evolve::best_of(breeding_, island, static_cast<std::size_t>(spec_.migrants));
    algorithm_->breed(island, task.first_generation + g, rng);
    if (last && spec_.migrants <= spec_.elitism) {
      // The elite leads the bred island, best first (evolve::next_generation):
      // emigrants within it need not be sent.
      for (std::size_t i = 0; i < result.emigrants.size(); ++i) assert(result.emigrants[i].hash == island[i].hash);
      result.emigrants.clear();
    }
  }
  result.population = std::move(island);
  return result;
}

void Synthesis::run_epoch(const std::function<double()>& elapsed) {
  const double time_before = elapsed();
  const int first = state_.generation;
  const int every = spec_.migration_every;
  const int length = std::min(every - first % every, spec_.generations - first);
  assert(length >= 1);
  update_self_play();  // for the epoch: the hall as it starts
  const std::uint64_t streams = state_.rng.next();
  const auto islands = static_cast<std::size_t>(algorithm_->parts());
  const std::size_t size = state_.population.size() / islands;
  std::vector<IslandEpochTask> tasks(islands);
  for (std::size_t i = 0; i < islands; ++i) {
    IslandEpochTask& task = tasks[i];
    task.island = static_cast<int>(i);
    task.first_generation = first;
    task.generations = length;
    task.seed = mix_seed({streams, i});
    const auto begin = state_.population.begin() + static_cast<std::ptrdiff_t>(i * size);
    task.population.assign(begin, begin + static_cast<std::ptrdiff_t>(size));
    for (const Individual& ind : task.population)
      if (const auto known = state_.validation_cache.find(ind.hash); known != state_.validation_cache.end())
        task.validated.emplace_back(*known);
    if (!state_.hall.empty()) task.answer = {hall_rank(state_.hall.front())};
  }
  std::vector<IslandEpochResult> results;
  if (island_runner_) {
    results = island_runner_(tasks);
  } else {
    for (const IslandEpochTask& task : tasks) results.push_back(evolve_island(task));
  }
  assert(results.size() == islands);
  replay_epoch(results, first, time_before, elapsed() - time_before);

  std::vector<Population> bred, emigrants;
  const auto migrants = static_cast<std::ptrdiff_t>(spec_.migrants);
  for (IslandEpochResult& r : results) {
    if (r.emigrants.empty()) r.emigrants.assign(r.population.begin(), r.population.begin() + migrants);
    bred.push_back(std::move(r.population));
    emigrants.push_back(std::move(r.emigrants));
  }
  if ((first + length) % every == 0) evolve::migrate_along_ring(bred, emigrants);
  state_.population.clear();
  for (Population& island : bred)
    for (Individual& ind : island) state_.population.push_back(std::move(ind));
}

void Synthesis::replay_epoch(const std::vector<IslandEpochResult>& islands, int first, double time_before,
                             double spent) {
  const auto length = static_cast<int>(islands.front().generations.size());
  for (int g = 0; g < length; ++g) {
    state_.generation = first + g;
    std::vector<double> scores;
    double size_sum = 0;
    const IslandGeneration* best = nullptr;
    std::size_t hits = 0, misses = 0;
    std::uint64_t games = 0;
    RaceStats race;
    std::vector<Individual> top;
    for (const IslandEpochResult& island : islands) {
      const IslandGeneration& record = island.generations[static_cast<std::size_t>(g)];
      scores.insert(scores.end(), record.scores.begin(), record.scores.end());
      size_sum += record.size_sum;
      if (!best ||
          breeding_.selection.better(record.best_training, record.best_size, best->best_training, best->best_size))
        best = &record;
      hits += record.hits;
      misses += record.misses;
      games += record.games;
      race.stopped += record.race.stopped;
      race.games_saved += record.race.games_saved;
      race.searches_saved += record.race.searches_saved;
      state_.evaluations += record.evaluated;
      for (std::size_t i = 0; i < record.top.size(); ++i) {
        state_.validation_cache[record.top[i].hash] = record.top_validation[i];
        top.push_back(record.top[i]);
      }
    }
    state_.games_played += games;
    GenerationLog entry = summarize(scores, size_sum, best->best_training, best->best_size, hits, misses);
    admit_to_hall(top);
    // A new answer's strength, as its island measured it (measured here
    // otherwise: the same figure).
    for (const IslandEpochResult& island : islands)
      for (const auto& [hash, rate] : island.generations[static_cast<std::size_t>(g)].strength)
        if (state_.hall.front().hash == hash && state_.hall.front().mistake_rate < 0)
          state_.hall.front().mistake_rate = rate;
    measure_answer_strength();
    entry.best_validation = state_.hall.front().validation.score(spec_.scoring);
    entry.answer_mistake_rate = state_.hall.front().mistake_rate;
    entry.raced_out = race.stopped;
    entry.games_saved = race.games_saved;
    entry.searches_saved = race.searches_saved;
    // The islands' time is known per epoch: each generation its share.
    entry.elapsed_seconds = time_before + spent * (g + 1) / length;
    entry.games_per_second = spent > 0 ? static_cast<double>(games) * length / spent : 0;
    state_.log.push_back(entry);
  }
  state_.generation = first + length;
}

}  // namespace evalsynth
