#pragma once
// A run's candidates whose evaluators are compiled only when their units
// are first played in this process (FitnessUnits::set_prepare): under
// mpirun each process compiles only the programs it plays, so compiling is
// shared out with the games instead of done by rank 0 for all.

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <vector>

#include "lang/program.hpp"
#include "support/worker_threads.hpp"
#include "tournament/evaluators.hpp"
#include "tournament/fitness.hpp"

namespace evalsynth {

template <Game G>
struct LazyCandidates {
  // `game` and the programs outlive this.
  LazyCandidates(const G& game, const std::vector<const lang::Program*>& programs) {
    for (const lang::Program* p : programs) candidates.push_back({EvaluatorOf<G>{}, p->canonical_hash()});
    prepare = [this, &game, programs](const std::vector<std::size_t>& which, int threads) {
      tbb::task_arena arena(worker_threads(threads));
      arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, which.size(), [&](std::size_t k) {
          candidates[which[k]].evaluator = evaluator_for(game, *programs[which[k]]);
        });
      });
    };
  }
  LazyCandidates(const LazyCandidates&) = delete;
  LazyCandidates& operator=(const LazyCandidates&) = delete;
  std::vector<Candidate<G>> candidates;
  PrepareCandidates prepare;
};

}  // namespace evalsynth
