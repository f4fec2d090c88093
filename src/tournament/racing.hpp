#pragma once
// Racing: fewer games for the same decision. Candidates are evaluated in
// batches (the parts of one seeded shuffle of a candidate's units, so every
// batch is a random sample of its boards, colours, opponents and position
// chunks); after each batch a candidate stops when, with
// the stated confidence, it cannot end among the best `survivors`:
//
//   its upper bound < the survivors-th best lower bound of the others
//
// Bounds are Hoeffding's (which hold for sampling without replacement) on the
// mean of what is left (a game scores 0..1, a chunk of position searches a
// mistake rate 0..1), added to what was played and clipped by what is
// possible; the exact scores of candidates evaluated before (`known`)
// take part as bounds equal to themselves. Decisions are made between batches
// on all candidates at once, so the result does not depend on the thread
// count. A stopped candidate's fitness is extrapolated from the units it
// played (Fitness::raced_out()).

#include <cstdint>
#include <vector>

#include "tournament/fitness.hpp"

namespace evalsynth {

struct RaceSettings {
  int batches = 4;            // 1: no racing
  int survivors = 10;         // the set a candidate must be able to enter
  double confidence = 0.999;  // of each bound
};

struct RaceStats {
  std::uint64_t stopped = 0;         // candidates stopped early
  std::uint64_t games_saved = 0;     // games not played
  std::uint64_t searches_saved = 0;  // position searches not made
};

// Bounds on a candidate's final score from a partial fitness (played units)
// and the planned totals.
struct ScoreBounds {
  double lower, upper;
};
ScoreBounds score_bounds(const Fitness& partial, int chunks_played, int planned_games, int planned_judgements,
                         const Scoring& scoring, double confidence);

template <Game G>
std::vector<Fitness> race_fitness(const std::vector<Candidate<G>>& candidates, const FitnessTask<G>& task, int threads,
                                  const RaceSettings& settings, const std::vector<double>& known, RaceStats& stats,
                                  const RemoteUnits* remote = nullptr, const PrepareCandidates* prepare = nullptr);

}  // namespace evalsynth
