#include "reliability/hill_climb_runs.hpp"

#include <cassert>
#include <cmath>
#include <unordered_map>

#include "synthesis/synthesis.hpp"

namespace evalsynth::reliability {

HillClimbRuns run_hill_climbs(const RunSpec& spec, std::size_t boards, const Synthesis& measure, int runs,
                              int iterations, std::uint64_t first_seed, const Progress& progress) {
  assert(spec.algorithm == evolve::AlgorithmKind::HillClimb && runs > 0 && iterations >= 0);
  HillClimbRuns result;
  std::unordered_map<std::uint64_t, double> known;  // strength by program hash, over all runs
  for (int r = 0; r < runs; ++r) {
    RunSpec one = spec;
    one.seed = first_seed + static_cast<std::uint64_t>(r);
    one.training_board_limit = boards;
    // Generation g compares the g-th challenger (generation 0 evaluates the
    // start alone), so iteration t's incumbent is known after generation t.
    one.generations = iterations + 1;
    one.time_budget_seconds = 0;
    one.evaluation_budget = 0;
    Synthesis run(one);
    std::vector<double> trajectory;
    RunHooks hooks;
    hooks.on_generation = [&](const GenerationLog&) {
      const Individual& incumbent = run.state().population.front();
      auto it = known.find(incumbent.hash);
      if (it == known.end()) it = known.emplace(incumbent.hash, program_strength(measure, incumbent.program)).first;
      trajectory.push_back(it->second);
    };
    run.run(hooks);
    assert(static_cast<int>(trajectory.size()) == iterations + 1);
    result.strength.push_back(std::move(trajectory));
    if (progress)
      progress("runs on " + (boards ? std::to_string(boards) : std::string("all")) +
               " boards: " + std::to_string(r + 1) + " of " + std::to_string(runs));
  }
  for (int t = 0; t <= iterations; ++t) {
    double sum = 0, squares = 0;
    for (const std::vector<double>& run : result.strength) sum += run[static_cast<std::size_t>(t)];
    const double mean = sum / runs;
    for (const std::vector<double>& run : result.strength) {
      const double d = run[static_cast<std::size_t>(t)] - mean;
      squares += d * d;
    }
    result.mean.push_back(mean);
    result.sd.push_back(std::sqrt(squares / runs));
  }
  return result;
}

}  // namespace evalsynth::reliability
