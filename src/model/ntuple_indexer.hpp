#pragma once
// Table indices of an n-tuple network kept up to date move by move, for the
// learner: a move changes the landing cell (and, with 4 states, the cell
// above it, which becomes playable), so only the tuples through those cells
// change. Valuing the 7 positions after each move then reads a few dozen
// weights instead of recomputing every index.

#include <cstdint>
#include <vector>

#include "model/ntuple_net.hpp"

namespace evalsynth::model {

class NTupleIndexer {
 public:
  explicit NTupleIndexer(const NTupleNet& net) : net_(net) {}

  using Indices = std::vector<std::uint32_t>;  // one per instance

  // All indices of `p`, from scratch.
  void reset(const connect4::Position& p, Indices& indices) const;
  // The network's sum for the indices, read from table set `set`
  // (NTupleNet::table_set).
  double sum(const Indices& indices, int set) const;
  // The sum after `side` plays into the cell `bit` (its landing cell), given
  // the indices before and their sum in the afterstate's table set `set`
  // (sum(indices, set)).
  double sum_after(const Indices& indices, double sum, int bit, Side side, int set) const;
  // Plays the move into the indices.
  void apply(Indices& indices, int bit, Side side) const;

 private:
  const NTupleNet& net_;
};

}  // namespace evalsynth::model
