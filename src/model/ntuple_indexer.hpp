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
  void reset(const Position& p, Indices& indices) const;
  // The network's sum for the indices, read from the tables for positions
  // with `to_move` to move.
  double sum(const Indices& indices, Side to_move) const;
  // The sum after `side` plays into the cell `bit` (its landing cell), given
  // the indices before and their sum from the tables of the side to move
  // after the move (sum(indices, opponent(side))).
  double sum_after(const Indices& indices, double sum, int bit, Side side) const;
  // Plays the move into the indices.
  void apply(Indices& indices, int bit, Side side) const;

 private:
  const NTupleNet& net_;
};

}  // namespace evalsynth::model
