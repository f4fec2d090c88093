#include "tournament/fitness.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

namespace evalsynth {

std::vector<Fitness> evaluate_fitness(const std::vector<Candidate>& candidates, const FitnessTask& task, int threads,
                                      const std::function<void()>& on_game) {
  const std::size_t per_candidate = task.games_per_candidate();
  const std::size_t total = candidates.size() * per_candidate;
  std::vector<GameRecord> records(total);
  std::vector<std::uint8_t> candidate_won(total, 0), candidate_lost(total, 0);

  auto play_range = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t g = range.begin(); g != range.end(); ++g) {
      const std::size_t c = g / per_candidate;
      const std::size_t within = g % per_candidate;
      const std::size_t board = within / task.configs.size();
      const std::size_t config_index = within % task.configs.size();
      const FitnessConfig& config = task.configs[config_index];
      Player me{"candidate", config.candidate_depth, candidates[c].evaluator};
      Player them = task.opponents[static_cast<std::size_t>(config.opponent)].player;
      them.depth = config.opponent_depth;
      Rng rng(mix_seed({task.seed, candidates[c].hash, board, config_index}));
      const bool x = config.candidate_side == Side::X;
      records[g] = play_game(x ? me : them, x ? them : me, task.boards[board], task.game, rng);
      const Outcome mine = x ? Outcome::XWin : Outcome::OWin;
      const Outcome theirs = x ? Outcome::OWin : Outcome::XWin;
      candidate_won[g] = records[g].outcome == mine;
      candidate_lost[g] = records[g].outcome == theirs;
      if (on_game) on_game();
    }
  };
  tbb::task_arena arena(threads > 0 ? threads : tbb::this_task_arena::max_concurrency());
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, total, 1), play_range); });

  std::vector<Fitness> result(candidates.size());
  for (std::size_t g = 0; g < total; ++g) {
    Fitness& f = result[g / per_candidate];
    ++f.games;
    f.nodes += records[g].nodes;
    if (candidate_won[g]) {
      ++f.wins;
      f.moves_to_win += records[g].plies;
    } else if (!candidate_lost[g]) {
      ++f.draws;
    }
  }
  return result;
}

}  // namespace evalsynth
