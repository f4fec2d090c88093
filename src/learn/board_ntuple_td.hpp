#pragma once
// TD(lambda) on the n-tuple network of any game that describes its board
// (model/board_ntuple_net.hpp), for the episode driver (episode.hpp): the
// same learner as Connect4's NTupleTd (td_learners.hpp), V = tanh(sum),
// targets +1 / 0 / -1, the same traces (afterstate_trace.hpp). Connect4's
// keeps its indices up to date move by move; this one reads an afterstate's
// cells afresh (the boards it serves have at most 64 cells).

#include <cmath>

#include "learn/afterstate_trace.hpp"
#include "learn/td_learners.hpp"
#include "model/board_ntuple_net.hpp"

namespace evalsynth::learn {

template <HasCellBoard G>
class BoardNTupleTd {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // `tcl`: temporal coherence learning's counters (nullptr: plain TD).
  BoardNTupleTd(const G& game, model::BoardNTupleNet& net, double lambda, TclCounters* tcl = nullptr)
      : game_(game), net_(net), trace_(lambda, net.instance_count()), tcl_(tcl) {}

  static double terminal_value(Outcome o) { return o; }

  void start(const Position&) { trace_.clear(); }
  double afterstate_value(const Position& before, const Move& m) {
    const Position after = game_.play(before, m);
    net_.read_cells(game_, after, cells_);
    return std::tanh(net_.sum(cells_, game_.side_to_move(after)));
  }
  void moved(const Position&, const Move&) {}
  void remember(const Position& before, const Move& m, bool explored = false) {
    AfterstateTrace::Visited& v = trace_.push(explored);
    previous_value_ = afterstate_value(before, m);  // reads the afterstate's cells into cells_
    // A board network's tables are chosen by the side to move only: set 0 for X, 1 for O.
    v.table_set = opponent(game_.side_to_move(before)) == Side::O ? 1 : 0;
    for (std::size_t i = 0; i < v.indices.size(); ++i) v.indices[i] = net_.table_index(cells_, i);
    v.slope = 1 - previous_value_ * previous_value_;
  }
  void update(double target, double alpha) {
    if (trace_.empty()) return;
    const auto offset = [&](std::size_t instance, int set) {
      return net_.table_offset(instance, set == 1 ? Side::O : Side::X);
    };
    if (tcl_)
      trace_.correct_tcl(alpha, target - previous_value_, net_.weights(), offset, *tcl_);
    else
      trace_.correct(alpha * (target - previous_value_), net_.weights(), offset);
  }

 private:
  G game_;
  model::BoardNTupleNet& net_;
  AfterstateTrace trace_;
  TclCounters* tcl_;
  model::BoardNTupleNet::CellStates cells_{};
  double previous_value_ = 0;  // V of the newest afterstate
};

}  // namespace evalsynth::learn
