#pragma once
// The two temporal-difference learners, as the episode driver (episode.hpp)
// uses them. Both learn a value V of positions from X's view, on afterstates
// (the position right after a move):
//
//   remember(before, col, explored)
//                          the learner chose `col` (`explored`: at random,
//                          worse than its greedy move): its afterstate becomes
//                          the one the next update corrects
//   update(target, alpha)  moves V(remembered afterstate) towards target
//   moved(before, col)     any move was played (incremental state)
//
// ThesisTd: the thesis's TD(lambda) with accumulating eligibility traces over
// all weights of the 126-H-1 network (gamma = 1), targets 0.9 / 0.5 / 0.1 for
// a win of X / draw / win of O (§5.6.2). NTupleTd: TD(lambda) on the n-tuple
// network, V = tanh(sum), targets +1 / 0 / -1, with the eligibility traces
// of Thill, Bagheri, Koch and Konen (2014) for Connect4 (afterstate_trace.hpp):
// each update also corrects the afterstates before the last one, and an
// exploratory move cuts the trace. lambda = 0 is TD(0).

#include <array>
#include <bit>
#include <vector>

#include "learn/afterstate_trace.hpp"
#include "model/ntuple_indexer.hpp"
#include "model/ntuple_net.hpp"
#include "model/thesis_net.hpp"

namespace evalsynth::learn {

// The outcome of a game: +1 X won, -1 O won, 0 draw.
using Outcome = int;

class ThesisTd {
 public:
  ThesisTd(model::ThesisNet& net, double lambda) : net_(net), lambda_(lambda), traces_(net.parameters().size()) {}

  static double terminal_value(Outcome o) { return o > 0 ? 0.9 : o < 0 ? 0.1 : 0.5; }

  void start(const connect4::Position&) {
    std::fill(traces_.begin(), traces_.end(), 0.0);
    has_previous_ = false;
  }
  double afterstate_value(const connect4::Position& before, int col) const { return net_.output(before.played(col)); }
  void moved(const connect4::Position&, int) {}
  void remember(const connect4::Position& before, int col, bool explored = false);
  void update(double target, double alpha);

 private:
  model::ThesisNet& net_;
  double lambda_;
  std::vector<double> traces_;
  bool has_previous_ = false;
  double previous_value_ = 0;
};

class NTupleTd {
 public:
  // `tcl`: temporal coherence learning's counters (nullptr: plain TD).
  explicit NTupleTd(model::NTupleNet& net, double lambda = 0, TclCounters* tcl = nullptr);

  static double terminal_value(Outcome o) { return o; }

  void start(const connect4::Position& p) {
    indexer_.reset(p, current_);
    sum_valid_ = false;
    trace_.clear();
  }
  double afterstate_value(const connect4::Position& before, int col) {
    const int set = net_.table_set(before.moves_played() + 1);
    return std::tanh(
        indexer_.sum_after(current_, current_sum(set), landing_bit(before, col), before.side_to_move(), set));
  }
  void moved(const connect4::Position& before, int col) {
    indexer_.apply(current_, landing_bit(before, col), before.side_to_move());
    sum_valid_ = false;
  }
  void remember(const connect4::Position& before, int col, bool explored = false);
  void update(double target, double alpha);

 private:
  static int landing_bit(const connect4::Position& p, int col) { return std::countr_zero(p.landing_cell(col)); }
  // The sum of the current indices in table set `set` (a position's
  // afterstates all read one set, so one sum is cached).
  double current_sum(int set) {
    if (!sum_valid_ || sum_set_ != set) {
      sum_ = indexer_.sum(current_, set);
      sum_set_ = set;
      sum_valid_ = true;
    }
    return sum_;
  }

  model::NTupleNet& net_;
  model::NTupleIndexer indexer_;
  model::NTupleIndexer::Indices current_;
  double sum_ = 0;
  int sum_set_ = 0;
  bool sum_valid_ = false;
  AfterstateTrace trace_;
  TclCounters* tcl_;
  double previous_value_ = 0;  // V of the newest afterstate
};

}  // namespace evalsynth::learn
