#pragma once
// An n-tuple network (Lucas 2008; Thill, Bagheri, Konen et al. 2012 for
// Connect4): a set of tuples, each a few cells of the board with a lookup
// table holding one weight per combination of the cells' states. The value
// of a position is tanh of the sum of the weights its tuples select; it
// estimates X's prospects in (-1, 1).
//
// Cell states: 3 (empty, X, O) or 4 (the empty cells split into the playable
// one of each column and the rest, which tells threats that can be taken now
// from those that must wait). Mirror symmetry: every tuple is also read with
// its cells mirrored left-right, into the same table, so a position and its
// mirror image have exactly the same value. Optionally each tuple has two
// tables, one for positions with X to move and one with O to move: a tuple
// sees a few cells only, and whose turn it is changes what they are worth.
// Optionally the tables are split by stage: positions with fewer stones than
// `stage_split` read one set and the rest another, so that what is learnt
// about the middle game (from solver-labelled positions, which all have 10
// stones or more) cannot move the opening's weights. A position's tables, its
// table set, follow from its stone count alone (side to move, then stage).
//
// A table index is sum over the tuple's cells k of state_k * states^k.

#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

#include "games/connect4/position.hpp"
#include "model/model_value.hpp"

namespace evalsynth::model {

// A cell by its number col * kRows + row (row 0 = bottom), 0..41.
inline constexpr int cell_number(int row, int col) { return col * connect4::kRows + row; }
inline constexpr int cell_bit(int number) {
  return (number / connect4::kRows) * connect4::kColumnStride + number % connect4::kRows;
}
inline constexpr int mirrored_cell(int number) {
  return cell_number(number % connect4::kRows, connect4::kColumns - 1 - number / connect4::kRows);
}

class NTupleTracker;  // model/ntuple_tracker.hpp

class NTupleNet {
 public:
  static constexpr int kMaxTuples = 1000;
  static constexpr int kMaxLength = 12;
  static constexpr int kStateX = 1, kStateO = 2, kStateEmptyPlayable = 3;  // empty (not playable): 0

  NTupleNet() = default;
  // Tuples of cell numbers, all of one length; weights start at 0.
  // stage_split: 0 for one stage, else the stone count (1..kCells) where the
  // second stage's tables begin.
  NTupleNet(std::vector<std::vector<std::uint8_t>> tuples, int states, bool per_side_tables = false,
            int stage_split = 0);

  // How many weights such a network has (checked before allocating).
  static double weight_count(int tuples, int length, int states, bool per_side_tables, bool staged = false) {
    double count = tuples * (per_side_tables ? 2.0 : 1.0) * (staged ? 2.0 : 1.0);
    for (int k = 0; k < length; ++k) count *= states;
    return count;
  }

  int states() const { return states_; }
  bool per_side_tables() const { return sides_ == 2; }
  int stage_split() const { return stage_split_; }  // 0: one stage
  int length() const { return length_; }
  std::size_t tuple_count() const { return tuples_.size(); }
  std::size_t instance_count() const { return 2 * tuples_.size(); }  // each tuple and its mirror
  std::uint32_t table_size() const { return table_size_; }
  const std::vector<std::vector<std::uint8_t>>& tuples() const { return tuples_; }
  std::vector<float>& weights() { return weights_; }
  const std::vector<float>& weights() const { return weights_; }

  // The tables a position with `stones` stones reads: 0 .. table_sets() - 1.
  int table_sets() const { return sides_ * (stage_split_ > 0 ? 2 : 1); }
  int table_set(int stones) const {
    assert(stones >= 0 && stones <= kCells);
    const int side = sides_ == 2 ? (stones & 1) : 0;  // X moves when the count is even
    return stage_split_ > 0 && stones >= stage_split_ ? sides_ + side : side;
  }
  int table_set(const connect4::Position& p) const { return table_set(p.moves_played()); }

  // Instance i (tuple i / 2, mirrored when odd): the board bit of its k-th
  // cell, and where its table in table set `set` starts in weights().
  int instance_bit(std::size_t instance, int k) const {
    return instance_bits_[instance * static_cast<std::size_t>(length_) + static_cast<std::size_t>(k)];
  }
  std::size_t table_offset(std::size_t instance, int set) const {
    assert(set >= 0 && set < table_sets());
    return ((instance / 2) * static_cast<std::size_t>(table_sets()) + static_cast<std::size_t>(set)) * table_size_;
  }

  // The state of the cell at `bit` (see above).
  int cell_state(const connect4::Position& p, int bit) const {
    const std::uint64_t b = std::uint64_t{1} << bit;
    if (p.x_stones() & b) return kStateX;
    if (p.o_stones() & b) return kStateO;
    return states_ == 4 && (p.playable_cells() & b) ? kStateEmptyPlayable : 0;
  }
  // The table index of `instance` in `p`, cell by cell (the definition;
  // sum() reads whole columns at once, and a search carries the indices
  // move by move, model/ntuple_tracker.hpp).
  std::uint32_t table_index(const connect4::Position& p, std::size_t instance) const {
    std::uint32_t index = 0;
    for (int k = length_ - 1; k >= 0; --k)
      index = index * static_cast<std::uint32_t>(states_) +
              static_cast<std::uint32_t>(cell_state(p, instance_bit(instance, k)));
    return index;
  }

  // Each column of Position::key() is a 7-bit code that says everything
  // about the column (its height and which stones are X), so an instance's
  // index is a sum of one precomputed number per column it touches: a few
  // lookups instead of a state test per cell.
  double sum(const connect4::Position& p) const {
    const std::uint64_t key = p.key();
    std::uint32_t codes[connect4::kColumns];
    for (int c = 0; c < connect4::kColumns; ++c)
      codes[c] = static_cast<std::uint32_t>(key >> (c * connect4::kColumnStride)) & 0x7F;
    const int set = table_set(p);
    double total = 0;
    for (std::size_t i = 0; i < instance_count(); ++i) {
      std::uint32_t index = 0;
      for (std::uint32_t part = part_begin_[i]; part < part_begin_[i + 1]; ++part)
        index += column_digits_[parts_[part].digits + codes[parts_[part].column]];
      total += weights_[table_offset(i, set) + index];
    }
    return total;
  }
  double value(const connect4::Position& p) const { return std::tanh(sum(p)); }
  int operator()(const connect4::Position& p) const { return evaluation_from_signed(value(p)); }

  // How a move changes the table indices: playing into the cell at `bit`
  // changes that cell's state (and with 4 states makes the cell above
  // playable), so only the instances through those cells change, each by a
  // fixed amount for X and one for O. Listed by bit, by instance within a bit.
  struct IndexChange {
    std::uint32_t instance;
    std::int32_t delta_x;  // index change when X lands
    std::int32_t delta_o;
  };
  std::span<const IndexChange> changes_at(int bit) const {
    const auto b = static_cast<std::size_t>(bit);
    return {changes_.data() + change_begin_[b], changes_.data() + change_begin_[b + 1]};
  }

  // The search follows its moves in the network's indices
  // (model/ntuple_tracker.hpp), so a leaf costs the changes of one move.
  using SearchState = NTupleTracker;
  NTupleTracker search_state() const;
  int leaf_value(NTupleTracker& state, const connect4::Position& parent, int column,
                 const connect4::Position& child) const;

 private:
  int states_ = 3;
  int sides_ = 1;  // tables per tuple and stage
  int stage_split_ = 0;
  int length_ = 0;
  std::uint32_t table_size_ = 0;
  std::vector<std::vector<std::uint8_t>> tuples_;
  std::vector<std::uint8_t> instance_bits_;
  std::vector<float> weights_;

  // For sum(): instance i touches columns parts_[part_begin_[i] ..
  // part_begin_[i + 1]); a part's 128 numbers (at `digits` in
  // column_digits_) are its cells' digits for each column code.
  struct ColumnPart {
    std::uint8_t column;
    std::uint32_t digits;
  };
  std::vector<ColumnPart> parts_;
  std::vector<std::uint32_t> part_begin_;
  std::vector<std::uint32_t> column_digits_;

  std::vector<IndexChange> changes_;
  std::vector<std::uint32_t> change_begin_;  // bit b: [change_begin_[b], change_begin_[b + 1])
  void list_index_changes();
};

// `count` tuples of `length` distinct cells, each a random walk from a
// random cell to random neighbours (the 8 around a cell), as Thill et al.
std::vector<std::vector<std::uint8_t>> random_walk_tuples(int count, int length, std::uint64_t seed);

}  // namespace evalsynth::model
