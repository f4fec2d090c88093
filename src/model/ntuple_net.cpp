#include "model/ntuple_net.hpp"

#include <algorithm>
#include <cmath>

#include "support/random.hpp"

namespace evalsynth::model {

NTupleNet::NTupleNet(std::vector<std::vector<std::uint8_t>> tuples, int states, bool per_side_tables)
    : states_(states), sides_(per_side_tables ? 2 : 1), tuples_(std::move(tuples)) {
  assert(states == 3 || states == 4);
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
  weights_.assign(tuples_.size() * static_cast<std::size_t>(sides_) * table_size_, 0.0F);
}

std::vector<std::vector<std::uint8_t>> random_walk_tuples(int count, int length, std::uint64_t seed) {
  assert(length >= 1 && length <= kCells);
  Rng rng(seed);
  std::vector<std::vector<std::uint8_t>> tuples;
  while (static_cast<int>(tuples.size()) < count) {
    std::vector<std::uint8_t> tuple;
    int row = rng.below(kRows), col = rng.below(kColumns);
    tuple.push_back(static_cast<std::uint8_t>(cell_number(row, col)));
    // A walk may run into a corner it has filled: then it starts again.
    int steps = 0;
    while (static_cast<int>(tuple.size()) < length && steps < 1000) {
      ++steps;
      const int next_row = row + rng.below(3) - 1, next_col = col + rng.below(3) - 1;
      if (next_row < 0 || next_row >= kRows || next_col < 0 || next_col >= kColumns) continue;
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
