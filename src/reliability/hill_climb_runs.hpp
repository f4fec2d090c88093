#pragma once
// Real runs of a spec's hill-climber (`algorithm = hillclimb`), as
// `evalsynth run` makes them, one seed after another: the strength of each
// run's incumbent after every comparison, measured as the sample measures
// strength (program_sample.hpp), to check the chain's prediction against.

#include <cstdint>
#include <vector>

#include "reliability/program_sample.hpp"
#include "synthesis/run_spec.hpp"

namespace evalsynth::reliability {

struct HillClimbRuns {
  std::vector<std::vector<double>> strength;  // by run, then iteration 0..iterations (percent)
  std::vector<double> mean, sd;               // over the runs, by iteration
};

// Runs `runs` hill-climbs of `spec` (seeds first_seed, first_seed + 1, ...)
// for `iterations` comparisons each, on the first `boards` training boards
// (0: all). `measure` is the run whose strength positions and seed judge
// every incumbent.
// Precondition: spec.algorithm is hillclimb.
HillClimbRuns run_hill_climbs(const RunSpec& spec, std::size_t boards, const Synthesis& measure, int runs,
                              int iterations, std::uint64_t first_seed, const Progress& progress);

}  // namespace evalsynth::reliability
