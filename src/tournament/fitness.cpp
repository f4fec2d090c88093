#include "tournament/fitness.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "tournament/strength.hpp"

namespace evalsynth {

namespace {

// Labelled positions are judged in chunks: one search at a low depth costs
// about what a single move of a game does, far too little for a task.
constexpr std::size_t kJudgementsPerChunk = 32;

// A chunk's mistakes: positions [first, last) of the task's judgements, a
// judgement being (position, depth) in position-major order.
int judge_chunk(const Candidate& candidate, const FitnessTask& task, std::size_t first, std::size_t last,
                std::uint64_t& nodes) {
  int mistakes = 0;
  const std::size_t depths = task.position_depths.size();
  for (std::size_t j = first; j < last; ++j) {
    const std::size_t index = j / depths;
    const int depth = task.position_depths[j % depths];
    const solver::LabelledPosition& labelled = task.positions[index];
    // Seeded like a game: by (seed, program, position, depth), never by thread.
    Rng rng(mix_seed({task.seed, candidate.hash, 0x9051710ULL, index, static_cast<std::uint64_t>(depth)}));
    const Player me{"candidate", depth, candidate.evaluator};
    SearchCounters counters;
    // Labels are perfect play under the standard rules, whatever the games use.
    const int move = choose_move<StandardRules>(me, labelled.position, task.game.order, rng, counters);
    nodes += counters.nodes;
    mistakes += is_mistake(labelled, move) ? 1 : 0;
  }
  return mistakes;
}

}  // namespace

std::vector<Fitness> evaluate_fitness(const std::vector<Candidate>& candidates, const FitnessTask& task, int threads,
                                      const std::function<void()>& on_game) {
  const std::size_t games = task.games_per_candidate();
  const std::size_t judgements = task.judgements_per_candidate();
  const std::size_t chunks = (judgements + kJudgementsPerChunk - 1) / kJudgementsPerChunk;
  const std::size_t per_candidate = games + chunks;
  const std::size_t total = candidates.size() * per_candidate;
  std::vector<GameRecord> records(total);
  std::vector<std::uint8_t> candidate_won(total, 0), candidate_lost(total, 0);
  std::vector<int> chunk_mistakes(total, 0);

  auto play_game_unit = [&](std::size_t g, const Candidate& candidate, std::size_t within) {
    const std::size_t board = within / task.configs.size();
    const std::size_t config_index = within % task.configs.size();
    const FitnessConfig& config = task.configs[config_index];
    Player me{"candidate", config.candidate_depth, candidate.evaluator};
    Player them = task.opponents[static_cast<std::size_t>(config.opponent)].player;
    them.depth = config.opponent_depth;
    Rng rng(mix_seed({task.seed, candidate.hash, board, config_index}));
    const bool x = config.candidate_side == Side::X;
    records[g] = play_game(x ? me : them, x ? them : me, task.boards[board], task.game, rng);
    const Outcome mine = x ? Outcome::XWin : Outcome::OWin;
    const Outcome theirs = x ? Outcome::OWin : Outcome::XWin;
    candidate_won[g] = records[g].outcome == mine;
    candidate_lost[g] = records[g].outcome == theirs;
    if (on_game) on_game();
  };
  auto play_range = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t g = range.begin(); g != range.end(); ++g) {
      const Candidate& candidate = candidates[g / per_candidate];
      const std::size_t within = g % per_candidate;
      if (within < games) {
        play_game_unit(g, candidate, within);
      } else {
        const std::size_t first = (within - games) * kJudgementsPerChunk;
        const std::size_t last = std::min(judgements, first + kJudgementsPerChunk);
        chunk_mistakes[g] = judge_chunk(candidate, task, first, last, records[g].nodes);
      }
    }
  };
  tbb::task_arena arena(threads > 0 ? threads : tbb::this_task_arena::max_concurrency());
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, total, 1), play_range); });

  std::vector<Fitness> result(candidates.size());
  for (std::size_t g = 0; g < total; ++g) {
    Fitness& f = result[g / per_candidate];
    f.nodes += records[g].nodes;
    if (g % per_candidate >= games) {
      f.mistakes += chunk_mistakes[g];
      continue;
    }
    ++f.games;
    if (candidate_won[g]) {
      ++f.wins;
      f.moves_to_win += records[g].plies;
    } else if (!candidate_lost[g]) {
      ++f.draws;
    }
  }
  for (Fitness& f : result) f.judgements = static_cast<int>(judgements);
  return result;
}

}  // namespace evalsynth
