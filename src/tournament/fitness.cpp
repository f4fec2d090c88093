#include "tournament/fitness.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <cassert>

#include "games/registry.hpp"
#include "support/worker_threads.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

namespace {

// Labelled positions are judged in chunks: one search at a low depth costs
// about what a single move of a game does, far too little for a task.
constexpr std::size_t kJudgementsPerChunk = 32;

// A chunk's mistakes: judgements [first, last) of the task, a judgement being
// (position, depth) in position-major order.
template <Game G>
int judge_chunk(const Candidate<G>& candidate, const FitnessTask<G>& task, std::size_t first, std::size_t last,
                std::uint64_t& nodes) {
  int mistakes = 0;
  const std::size_t depths = task.position_depths.size();
  Player<G> me{"candidate", 0, candidate.evaluator};  // once a chunk: copying the evaluator shares a pointer
  for (std::size_t j = first; j < last; ++j) {
    const std::size_t index = j / depths;
    const int depth = task.position_depths[j % depths];
    const LabelledOf<G>& labelled = task.positions[index];
    // Seeded like a game: by (seed, program, position, depth), never by thread.
    Rng rng(mix_seed({task.seed, candidate.hash, 0x9051710ULL, index, static_cast<std::uint64_t>(depth)}));
    me.depth = depth;
    SearchCounters counters;
    const typename G::Move move = choose_move(task.game, me, labelled.position, task.settings.order, rng, counters);
    nodes += counters.nodes;
    mistakes += is_mistake(labelled, move) ? 1 : 0;
  }
  return mistakes;
}

}  // namespace

namespace {

template <Game G>
bool has_own_boards(const FitnessTask<G>& task, const FitnessConfig& c) {
  return !task.opponents[static_cast<std::size_t>(c.opponent)].boards.empty();
}

}  // namespace

template <Game G>
FitnessUnits<G>::FitnessUnits(const std::vector<Candidate<G>>& candidates, const FitnessTask<G>& task)
    : candidates_(candidates),
      task_(task),
      game_list_([&] {
        std::vector<Game> list;
        list.reserve(task.games_per_candidate());
        const auto index = [](std::size_t i) { return static_cast<std::uint32_t>(i); };
        for (std::size_t b = 0; b < task.boards.size(); ++b)
          for (std::size_t c = 0; c < task.configs.size(); ++c)
            if (!has_own_boards(task, task.configs[c])) list.push_back({index(b), index(c)});
        for (std::size_t c = 0; c < task.configs.size(); ++c)
          if (has_own_boards(task, task.configs[c]))
            for (std::size_t b = 0; b < task.boards_of(task.configs[c]).size(); ++b)
              list.push_back({index(b), index(c)});
        return list;
      }()),
      games_(game_list_.size()),
      judgements_(task.judgements_per_candidate()),
      chunks_((judgements_ + kJudgementsPerChunk - 1) / kJudgementsPerChunk),
      per_candidate_(games_ + chunks_) {
  const std::size_t total = candidates.size() * per_candidate_;
  records_.resize(total);
  played_.assign(total, 0);
  won_.assign(total, 0);
  lost_.assign(total, 0);
  mistakes_.assign(total, 0);
}

template <Game G>
std::size_t FitnessUnits<G>::judgements_of(std::size_t within) const {
  if (within < games_) return 0;
  const std::size_t first = (within - games_) * kJudgementsPerChunk;
  return std::min(judgements_, first + kJudgementsPerChunk) - first;
}

template <Game G>
void FitnessUnits<G>::play_unit(std::size_t unit) {
  const Candidate<G>& candidate = candidates_[unit / per_candidate_];
  const std::size_t within = unit % per_candidate_;
  played_[unit] = 1;
  if (within >= games_) {
    const std::size_t first = (within - games_) * kJudgementsPerChunk;
    mistakes_[unit] = judge_chunk(candidate, task_, first, first + judgements_of(within), records_[unit].nodes);
    return;
  }
  const std::size_t board = game_list_[within].board;
  const std::size_t config_index = game_list_[within].config;
  const FitnessConfig& config = task_.configs[config_index];
  Player<G> me{"candidate", config.candidate_depth, candidate.evaluator};
  Player<G> them = task_.opponents[static_cast<std::size_t>(config.opponent)].player;
  them.depth = config.opponent_depth;
  Rng rng(mix_seed({task_.seed, candidate.hash, board, config_index}));
  const bool x = config.candidate_side == Side::X;
  records_[unit] =
      play_game(task_.game, x ? me : them, x ? them : me, task_.boards_of(config)[board], task_.settings, rng);
  won_[unit] = records_[unit].outcome == (x ? Outcome::XWin : Outcome::OWin);
  lost_[unit] = records_[unit].outcome == (x ? Outcome::OWin : Outcome::XWin);
  if (on_game_) on_game_();
}

template <Game G>
void FitnessUnits<G>::play(const std::vector<std::size_t>& units, int threads, const std::function<void()>& on_game) {
  on_game_ = on_game;
  if (!remote_) {
    play_here(units, threads);
    return;
  }
  std::vector<UnitResult> results(units.size());
  (*remote_)(units, results, [&](const std::vector<std::size_t>& some) {
    play_here(some, threads);
    return results_of(some);
  });
  record(units, results);
}

template <Game G>
void FitnessUnits<G>::play_here(const std::vector<std::size_t>& units, int threads) {
  if (prepare_) {
    prepared_.resize(candidates_.size(), 0);
    std::vector<std::size_t> needed;
    for (const std::size_t u : units)
      if (std::uint8_t& ready = prepared_[u / per_candidate_]; !ready) {
        ready = 1;
        needed.push_back(u / per_candidate_);
      }
    if (!needed.empty()) (*prepare_)(needed, threads);
  }
  tbb::task_arena arena(worker_threads(threads));
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, units.size(), 1),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        for (std::size_t i = range.begin(); i != range.end(); ++i) play_unit(units[i]);
                      });
  });
}

template <Game G>
std::vector<UnitResult> FitnessUnits<G>::results_of(const std::vector<std::size_t>& units) const {
  std::vector<UnitResult> results;
  results.reserve(units.size());
  for (const std::size_t u : units) {
    assert(played_[u]);
    results.push_back({records_[u].nodes, records_[u].plies, mistakes_[u], won_[u], lost_[u]});
  }
  return results;
}

template <Game G>
void FitnessUnits<G>::record(const std::vector<std::size_t>& units, const std::vector<UnitResult>& results) {
  assert(units.size() == results.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::size_t u = units[i];
    const UnitResult& r = results[i];
    played_[u] = 1;
    records_[u].nodes = r.nodes;
    records_[u].plies = r.plies;
    mistakes_[u] = r.mistakes;
    won_[u] = r.won;
    lost_[u] = r.lost;
  }
}

template <Game G>
Fitness FitnessUnits<G>::fitness_of(std::size_t candidate) const {
  Fitness f;
  bool all_played = true;
  for (std::size_t within = 0; within < per_candidate_; ++within) {
    const std::size_t u = candidate * per_candidate_ + within;
    if (!played_[u]) {
      all_played = false;
      continue;
    }
    f.nodes += records_[u].nodes;
    if (within >= games_) {
      f.judgements += static_cast<int>(judgements_of(within));
      f.mistakes += mistakes_[u];
      continue;
    }
    ++f.games;
    if (won_[u]) {
      ++f.wins;
      f.moves_to_win += records_[u].plies;
    } else if (!lost_[u]) {
      ++f.draws;
    }
  }
  if (!all_played) {
    f.planned_games = static_cast<int>(games_);
    f.planned_judgements = static_cast<int>(judgements_);
  }
  return f;
}

template <Game G>
std::vector<Fitness> evaluate_fitness(const std::vector<Candidate<G>>& candidates, const FitnessTask<G>& task,
                                      int threads, const std::function<void()>& on_game, const RemoteUnits* remote,
                                      const PrepareCandidates* prepare) {
  FitnessUnits<G> units(candidates, task);
  units.set_remote(remote);
  units.set_prepare(prepare);
  std::vector<std::size_t> all(candidates.size() * units.units_per_candidate());
  for (std::size_t u = 0; u < all.size(); ++u) all[u] = u;
  units.play(all, threads, on_game);
  std::vector<Fitness> result;
  result.reserve(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) result.push_back(units.fitness_of(c));
  return result;
}

#define EVALSYNTH_INSTANTIATE(G)                                                                                  \
  template class FitnessUnits<G>;                                                                                 \
  template std::vector<Fitness> evaluate_fitness<G>(const std::vector<Candidate<G>>&, const FitnessTask<G>&, int, \
                                                    const std::function<void()>&, const RemoteUnits*,             \
                                                    const PrepareCandidates*);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
