#pragma once
// M²ICAL's chain for a hill-climber whose challengers are neighbours of its
// incumbent (evalsynth's `algorithm = hillclimb`), built from a sample of
// programs (reliability/program_sample.hpp): each program's exact strength,
// the offspring drawn from sampled parents, and a comparison between any
// two. Knows no game and no program: programs are indices.
//
// Classes: `classes` equal bins of strength between `low` and `high`
// (values outside go to the end bins), each valued at the mean strength of
// its members — or bins of another key, such as the training score (with
// a fixed training task a comparison is decided by the two scores, so the
// score, not the strength, is what the search's next step depends on).
// Two chains (move[i][j] for j != i):
// - the paper's (its Algorithms 4.2 and 4.3): lambda_ij, the share of the
//   offspring of class-i parents that are of class j, times delta_ij, the
//   share of (incumbent of class i, challenger of class j) pairs of sampled
//   programs in which the challenger replaces the incumbent; it assumes a
//   comparison's outcome depends on the classes alone;
// - the paired one: the share of class-i parents' offspring that are of class
//   j and replace their own parent. It keeps what the factorised form loses:
//   a neighbour plays much like its parent (a copy never beats it).
// Both carry each class's within-class variance of strength, so their
// standard deviation is the answer's, not only the spread between classes.

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "reliability/markov_chain.hpp"

namespace evalsynth::reliability {

struct StrengthBins {
  double low = 0, high = 1;
  int classes = 20;
  // The bin of strength s: 0..classes-1.
  int of(double s) const;
};

struct ProgramSampleView {
  std::vector<double> strength;                                // by program
  std::vector<std::pair<std::size_t, std::size_t>> offspring;  // (parent, child) program indices
  std::vector<std::size_t> starts;                             // the searches' first programs as drawn (repeats count)
};

// Whether `challenger` replaces `incumbent` (both program indices).
using Replaces = std::function<bool(std::size_t incumbent, std::size_t challenger)>;

struct ClassModel {
  std::vector<int> occupied;  // the bins with programs: the chains' states, ascending
  std::vector<int> members;   // programs per state
  std::vector<int> parents;   // offspring drawn from the state's programs
  Matrix lambda, delta;       // over the states
  StrengthChain paper, paired;
};

// Classes by `key[program]` in `bins` (the strength itself, or another
// measure such as the comparison's own score); each class valued at its
// members' mean strength.
ClassModel build_class_model(const ProgramSampleView& sample, const std::vector<double>& key, const StrengthBins& bins,
                             const Replaces& replaces);

}  // namespace evalsynth::reliability
