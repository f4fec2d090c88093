#pragma once
// M²ICAL's sampling (Oon 2007, Algorithms 4.1 and 4.3) for a spec's own
// search: programs drawn with the run's grammar and variation operators,
// each with its exact strength (the share of the spec's strength positions
// on which its search at strength-depth does not err against perfect play,
// in percent) and its training fitness at each comparison size. The
// hill-climber's classes and chains are built from it (class_model.hpp).
//
// Which programs: the searches' first programs (the first program of a
// first population, as the run draws it); walks from them, each step an
// offspring (hill_climb_challenger) that the walk moves to when it is at
// least as strong (even walks) or scores at least as well in the spec's
// comparison (odd walks) — so the sample reaches both the strong classes and
// the high-scoring ones a search climbs to, where a blind walk would drift
// down; then, per strength class, offspring of its members until it has
// `neighbours` (Algorithm 4.3). The walk's choice only decides which
// programs represent a class: lambda and delta are measured per class,
// whatever brought a program there.
//
// All random choices come from one generator on one thread, and every
// measure is a function of the program: the same for any thread count.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lang/program.hpp"
#include "reliability/class_model.hpp"
#include "tournament/fitness.hpp"

namespace evalsynth {
class Synthesis;
}

namespace evalsynth::reliability {

struct SampleSetup {
  int starts = 50;       // first programs drawn (v_0)
  int walks = 40;        // walks from the first of those
  int walk_length = 50;  // offspring per walk
  int neighbours = 30;   // offspring per class at least
  int classes = 20;
  std::vector<std::size_t> boards;  // comparison sizes in training boards; [0]: the spec's own
  std::uint64_t seed = 1;
};

struct ProgramSample {
  std::vector<lang::Program> programs;
  std::vector<std::uint64_t> hashes;
  ProgramSampleView view;                     // strength in percent
  StrengthBins bins;                          // over the strength of the starts and walks
  std::vector<std::vector<Fitness>> fitness;  // by comparison size, then program
};

using Progress = std::function<void(const std::string&)>;

// The strength (percent) of a program as the sample measures it: the run's
// strength positions at its strength depth, ties broken with the spec's seed.
double program_strength(const Synthesis& run, const lang::Program& program);

ProgramSample sample_programs(const Synthesis& run, const SampleSetup& setup, const Progress& progress);

}  // namespace evalsynth::reliability
