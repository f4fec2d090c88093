#pragma once
// Regression of Connect4's n-tuple network on positions labelled by the
// solver (the `.analysis` files of `evalsynth positions`): the lever the
// published n-tuple agents did not use. Each step takes a labelled position
// and moves the value of every move's afterstate towards its exact value
// class under perfect play, +1 / 0 / -1 from X's view (the targets TD's
// games end with, so self-play and regression mix without rescaling):
//
//   w += alpha * (target - V) * (1 - V^2)   for each weight V = tanh(sum) reads
//
// A move that wins at once is left out (a search never asks the network
// about it), and so are full columns. A step is plain gradient descent on
// the squared error, without temporal coherence's rates.

#include <vector>

#include "games/connect4/labelled_positions.hpp"
#include "model/ntuple_indexer.hpp"
#include "model/ntuple_net.hpp"
#include "support/random.hpp"

namespace evalsynth::learn {

class LabelledRegression {
 public:
  // `positions` must outlive the regression.
  LabelledRegression(model::NTupleNet& net, const std::vector<connect4::LabelledPosition>& positions);

  // One step on `p`; returns how many afterstates it corrected.
  int correct(const connect4::LabelledPosition& p, double alpha);
  // `steps` steps on positions drawn uniformly (with replacement) by `rng`.
  void run(int steps, double alpha, Rng& rng);

  // The target of playing `column` in `p`, from X's view.
  static double target(const connect4::LabelledPosition& p, int column);

 private:
  model::NTupleNet& net_;
  const std::vector<connect4::LabelledPosition>& positions_;
  model::NTupleIndexer indexer_;
  model::NTupleIndexer::Indices before_, indices_;  // of a position and an afterstate; sized once
};

}  // namespace evalsynth::learn
