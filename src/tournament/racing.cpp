#include "tournament/racing.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <functional>

#include "games/registry.hpp"

namespace evalsynth {

ScoreBounds score_bounds(const Fitness& partial, int chunks_played, int planned_games, int planned_judgements,
                         const Scoring& scoring, double confidence) {
  const double log_term = std::log(1.0 / (1.0 - confidence));
  // The mean of n samples in [0, 1] is within this of its expectation.
  auto margin = [&](int n) { return n > 0 ? std::sqrt(log_term / (2.0 * n)) : 1.0; };
  const double played = partial.score(Scoring{scoring.games, scoring.mistake_cost});
  const int games_left = planned_games - partial.games;
  const int searches_left = planned_judgements - partial.judgements;
  assert(games_left >= 0 && searches_left >= 0);
  // `partial` counts what was played only (no planned totals): raw counts.
  const double game_mean = partial.games ? partial.game_score(scoring.games) / partial.games : 0.5;
  const double mistake_mean = partial.judgements ? static_cast<double>(partial.mistakes) / partial.judgements : 0.5;
  // Positions are judged in chunks: the chunk, not the search, is the sample.
  const double g = margin(partial.games), m = margin(chunks_played);
  const double best_games = std::min(1.0, game_mean + g), worst_games = std::max(0.0, game_mean - g);
  const double fewest_mistakes = std::max(0.0, mistake_mean - m), most_mistakes = std::min(1.0, mistake_mean + m);
  return {played + games_left * worst_games - scoring.mistake_cost * searches_left * most_mistakes,
          played + games_left * best_games - scoring.mistake_cost * searches_left * fewest_mistakes};
}

template <Game G>
std::vector<Fitness> race_fitness(const std::vector<Candidate<G>>& candidates, const FitnessTask<G>& task, int threads,
                                  const RaceSettings& settings, const std::vector<double>& known, RaceStats& stats,
                                  const RemoteUnits* remote, const PrepareCandidates* prepare) {
  FitnessUnits<G> units(candidates, task);
  units.set_remote(remote);
  units.set_prepare(prepare);
  const std::size_t per = units.units_per_candidate();
  const std::size_t batches = static_cast<std::size_t>(std::max(1, settings.batches));
  // Batches are parts of one seeded shuffle of a candidate's units (the same
  // for every candidate): each a random sample of boards, colours, opponents
  // and positions, as the bounds assume.
  std::vector<std::size_t> order(per);
  for (std::size_t i = 0; i < per; ++i) order[i] = i;
  Rng rng(mix_seed({task.seed, 0x4ACE5ULL}));
  for (std::size_t i = per; i > 1; --i)
    std::swap(order[i - 1], order[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
  std::vector<int> chunks_played(candidates.size(), 0);
  const int planned_games = static_cast<int>(task.games_per_candidate());
  const int planned_judgements = static_cast<int>(task.judgements_per_candidate());
  // The partial score uses the played counts only: no extrapolation.
  auto partial = [&](std::size_t c) {
    Fitness f = units.fitness_of(c);
    f.planned_games = f.planned_judgements = 0;
    return f;
  };
  std::vector<std::uint8_t> running(candidates.size(), 1);
  for (std::size_t b = 0; b < batches; ++b) {
    std::vector<std::size_t> batch;
    for (std::size_t c = 0; c < candidates.size(); ++c)
      if (running[c])
        for (std::size_t i = b * per / batches; i < (b + 1) * per / batches; ++i) {
          batch.push_back(c * per + order[i]);
          chunks_played[c] += order[i] >= units.games() ? 1 : 0;
        }
    units.play(batch, threads);
    if (b + 1 == batches) break;
    // Bounds of every candidate still running; stopped ones keep theirs.
    std::vector<ScoreBounds> bounds(candidates.size());
    for (std::size_t c = 0; c < candidates.size(); ++c)
      bounds[c] = score_bounds(partial(c), chunks_played[c], planned_games, planned_judgements, task.scoring,
                               settings.confidence);
    const std::size_t k = static_cast<std::size_t>(std::max(1, settings.survivors));
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      if (!running[c]) continue;
      // The k-th best lower bound among the others (and the known scores).
      std::vector<double> lows(known);
      for (std::size_t o = 0; o < candidates.size(); ++o)
        if (o != c) lows.push_back(bounds[o].lower);
      if (lows.size() < k) continue;
      std::nth_element(lows.begin(), lows.begin() + static_cast<std::ptrdiff_t>(k - 1), lows.end(),
                       std::greater<double>());
      if (bounds[c].upper < lows[k - 1]) running[c] = 0;
    }
  }
  std::vector<Fitness> result;
  result.reserve(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    result.push_back(units.fitness_of(c));
    const Fitness& f = result.back();
    if (f.raced_out()) {
      ++stats.stopped;
      stats.games_saved += static_cast<std::uint64_t>(planned_games - f.games);
      stats.searches_saved += static_cast<std::uint64_t>(planned_judgements - f.judgements);
    }
  }
  return result;
}

#define EVALSYNTH_INSTANTIATE(G)                                                                              \
  template std::vector<Fitness> race_fitness<G>(const std::vector<Candidate<G>>&, const FitnessTask<G>&, int, \
                                                const RaceSettings&, const std::vector<double>&, RaceStats&,  \
                                                const RemoteUnits*, const PrepareCandidates*);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
