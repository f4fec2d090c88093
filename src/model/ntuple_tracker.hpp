#pragma once
// An n-tuple network's table indices carried through an alpha-beta search
// (game/search.hpp: an evaluator's SearchState): the search tells it each
// move it makes and unmakes, which changes only the indices of the instances
// through the played cell, and values a leaf from its parent's indices: the
// parent's sum in the leaf's tables (read once per parent: a parent's
// leaves all have one stone count, so one table set) plus the changes of the leaf's move. A leaf then costs a few dozen
// table reads instead of the network's whole sum.
//
// The values are exactly the network's own: round(scale * tanh(sum)) as
// NTupleNet::sum computes the sum. A sum reached move by move adds the same
// weights in another order, so it may differ from that sum in the last bits;
// the tracker bounds the difference (from the magnitudes of the weights
// added and the number of additions) and, when the scaled value is too close to a
// rounding boundary for the bound to decide the integer, recomputes the sum
// in NTupleNet::sum's order from its indices.

#include <array>
#include <cstdint>

#include "games/connect4/position.hpp"
#include "model/ntuple_net.hpp"

namespace evalsynth::model {

class NTupleTracker {
 public:
  // nullptr: a tracker that follows nothing (an evaluator that does not read
  // a network), whose moves cost one test.
  explicit NTupleTracker(const NTupleNet* net);

  bool active() const { return net_ != nullptr; }
  // Starts over at the search's root.
  void reset(const connect4::Position& root);
  // The search plays / takes back `column` in `parent` (the position the
  // tracker is at before the move / after taking it back).
  void enter(const connect4::Position& parent, int column) { move(parent, column, +1); }
  void leave(const connect4::Position& parent, int column) { move(parent, column, -1); }

  // lround(scale * tanh(net.sum(parent.played(column)))), with the tracker at
  // `parent`. Precondition: active().
  std::int32_t scaled_value_after(const connect4::Position& parent, int column, double scale);

  // Tests: recompute every value in NTupleNet::sum's order (the fallback path).
  void always_recompute() { always_recompute_ = true; }
  std::uint64_t recomputations() const { return recomputations_; }

 private:
  void move(const connect4::Position& parent, int column, int sign);
  void prefetch_children(const connect4::Position& parent) const;
  // NTupleNet::sum's order in table set `set`; `magnitude`: the sum of the
  // weights' |w|.
  double ordered_sum(int set, double& magnitude) const;

  const NTupleNet* net_;
  // Not initialized: reset() writes the network's instances before any read
  // (a search state is made for every move chosen; zeroing 8 KB would cost).
  std::array<std::uint32_t, 2 * NTupleNet::kMaxTuples> indices_;
  double parent_sum_ = 0;  // the current indices' sum in table set parent_set_
  double parent_magnitude_ = 0;
  int parent_set_ = 0;
  bool parent_sum_valid_ = false;
  bool always_recompute_ = false;
  std::uint64_t recomputations_ = 0;
};

}  // namespace evalsynth::model
