#include "model/ntuple_net.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "support/random.hpp"

namespace evalsynth::model {

NTupleNet::NTupleNet(std::vector<std::vector<std::uint8_t>> tuples, int states, bool per_side_tables, int stage_split)
    : states_(states), sides_(per_side_tables ? 2 : 1), stage_split_(stage_split), tuples_(std::move(tuples)) {
  assert(states == 3 || states == 4);
  assert(stage_split >= 0 && stage_split <= kCells);
  assert(!tuples_.empty() && tuples_.size() <= kMaxTuples);
  length_ = static_cast<int>(tuples_.front().size());
  assert(length_ >= 1 && length_ <= kMaxLength);
  table_size_ = 1;
  for (int k = 0; k < length_; ++k) table_size_ *= static_cast<std::uint32_t>(states_);
  for (const auto& tuple : tuples_) {
    assert(tuple.size() == static_cast<std::size_t>(length_));
    for (const std::uint8_t cell : tuple) instance_bits_.push_back(static_cast<std::uint8_t>(cell_bit(cell)));
    for (const std::uint8_t cell : tuple)
      instance_bits_.push_back(static_cast<std::uint8_t>(cell_bit(mirrored_cell(cell))));
  }
  weights_.assign(tuples_.size() * static_cast<std::size_t>(table_sets()) * table_size_, 0.0F);

  // Column code (see Position::key): the column's stones plus one, so the
  // highest set bit marks the height h and the bits below it are X's stones.
  auto state_in_column = [&](std::uint32_t code, int row) {
    const int height = std::bit_width(code) - 1;
    if (row < height) return (code >> row & 1U) ? kStateX : kStateO;
    return states_ == 4 && row == height ? kStateEmptyPlayable : 0;
  };
  part_begin_.push_back(0);
  for (std::size_t i = 0; i < instance_count(); ++i) {
    for (int column = 0; column < connect4::kColumns; ++column) {
      std::vector<std::pair<int, std::uint32_t>> cells;  // (row, power) of the instance's cells here
      std::uint32_t power = 1;
      for (int k = 0; k < length_; ++k, power *= static_cast<std::uint32_t>(states_)) {
        const int bit = instance_bit(i, k);
        if (bit / connect4::kColumnStride == column) cells.emplace_back(bit % connect4::kColumnStride, power);
      }
      if (cells.empty()) continue;
      parts_.push_back({static_cast<std::uint8_t>(column), static_cast<std::uint32_t>(column_digits_.size())});
      for (std::uint32_t code = 0; code < 128; ++code) {
        std::uint32_t digits = 0;
        // Code 0 never occurs (every column code has its height marker).
        if (code != 0)
          for (const auto& [row, p] : cells) digits += static_cast<std::uint32_t>(state_in_column(code, row)) * p;
        column_digits_.push_back(digits);
      }
    }
    part_begin_.push_back(static_cast<std::uint32_t>(parts_.size()));
  }
  list_index_changes();
}

void NTupleNet::list_index_changes() {
  const std::int32_t empty_before = states_ == 4 ? kStateEmptyPlayable : 0;
  change_begin_.assign(64 + 1, 0);
  for (int bit = 0; bit < 64; ++bit) {
    change_begin_[static_cast<std::size_t>(bit)] = static_cast<std::uint32_t>(changes_.size());
    const int row = bit % connect4::kColumnStride;
    if (row >= connect4::kRows || bit >= connect4::kColumns * connect4::kColumnStride) continue;
    for (std::size_t i = 0; i < instance_count(); ++i) {
      IndexChange change{static_cast<std::uint32_t>(i), 0, 0};
      std::int32_t power = 1;
      for (int k = 0; k < length_; ++k, power *= states_) {
        if (instance_bit(i, k) == bit) {
          change.delta_x += (kStateX - empty_before) * power;
          change.delta_o += (kStateO - empty_before) * power;
        } else if (states_ == 4 && row + 1 < connect4::kRows && instance_bit(i, k) == bit + 1) {
          change.delta_x += kStateEmptyPlayable * power;
          change.delta_o += kStateEmptyPlayable * power;
        }
      }
      if (change.delta_x != 0 || change.delta_o != 0) changes_.push_back(change);
    }
  }
  change_begin_[64] = static_cast<std::uint32_t>(changes_.size());
}

std::vector<std::vector<std::uint8_t>> random_walk_tuples(int count, int length, std::uint64_t seed) {
  assert(length >= 1 && length <= kCells);
  Rng rng(seed);
  std::vector<std::vector<std::uint8_t>> tuples;
  while (static_cast<int>(tuples.size()) < count) {
    std::vector<std::uint8_t> tuple;
    int row = rng.below(connect4::kRows), col = rng.below(connect4::kColumns);
    tuple.push_back(static_cast<std::uint8_t>(cell_number(row, col)));
    // A walk may run into a corner it has filled: then it starts again.
    int steps = 0;
    while (static_cast<int>(tuple.size()) < length && steps < 1000) {
      ++steps;
      const int next_row = row + rng.below(3) - 1, next_col = col + rng.below(3) - 1;
      if (next_row < 0 || next_row >= connect4::kRows || next_col < 0 || next_col >= connect4::kColumns) continue;
      row = next_row;
      col = next_col;
      const auto cell = static_cast<std::uint8_t>(cell_number(row, col));
      if (std::find(tuple.begin(), tuple.end(), cell) == tuple.end()) tuple.push_back(cell);
    }
    if (static_cast<int>(tuple.size()) == length) tuples.push_back(std::move(tuple));
  }
  return tuples;
}

}  // namespace evalsynth::model
