#include "model/ntuple_indexer.hpp"

#include <map>

namespace evalsynth::model {

NTupleIndexer::NTupleIndexer(const NTupleNet& net) : net_(net), first_(64 + 1, 0) {
  const int states = net.states();
  const std::int32_t empty_before = states == 4 ? NTupleNet::kStateEmptyPlayable : 0;
  for (int bit = 0; bit < 64; ++bit) {
    first_[static_cast<std::size_t>(bit)] = static_cast<std::uint32_t>(changes_.size());
    const int row = bit % kColumnStride;
    if (row >= kRows || bit >= kColumns * kColumnStride) continue;
    std::map<std::uint32_t, Change> by_instance;  // ordered: a fixed summation order
    for (std::size_t i = 0; i < net.instance_count(); ++i) {
      std::int32_t power = 1;
      for (int k = 0; k < net.length(); ++k, power *= states) {
        Change& c = by_instance.try_emplace(static_cast<std::uint32_t>(i), Change{static_cast<std::uint32_t>(i), 0, 0})
                        .first->second;
        if (net.instance_bit(i, k) == bit) {
          c.delta_x += (NTupleNet::kStateX - empty_before) * power;
          c.delta_o += (NTupleNet::kStateO - empty_before) * power;
        } else if (states == 4 && row + 1 < kRows && net.instance_bit(i, k) == bit + 1) {
          c.delta_x += NTupleNet::kStateEmptyPlayable * power;
          c.delta_o += NTupleNet::kStateEmptyPlayable * power;
        }
      }
    }
    for (const auto& [instance, change] : by_instance)
      if (change.delta_x != 0 || change.delta_o != 0) changes_.push_back(change);
  }
  first_[64] = static_cast<std::uint32_t>(changes_.size());
}

void NTupleIndexer::reset(const Position& p, Indices& indices) const {
  indices.resize(net_.instance_count());
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = net_.table_index(p, i);
}

double NTupleIndexer::sum(const Indices& indices, Side to_move) const {
  const float* w = net_.weights().data();
  double total = 0;
  for (std::size_t i = 0; i < indices.size(); ++i) total += w[net_.table_offset(i, to_move) + indices[i]];
  return total;
}

double NTupleIndexer::sum_after(const Indices& indices, double sum, int bit, Side side) const {
  const float* w = net_.weights().data();
  const auto b = static_cast<std::size_t>(bit);
  for (std::uint32_t c = first_[b]; c < first_[b + 1]; ++c) {
    const Change& change = changes_[c];
    const std::size_t base = net_.table_offset(change.instance, opponent(side)) + indices[change.instance];
    const std::int32_t delta = side == Side::X ? change.delta_x : change.delta_o;
    sum += static_cast<double>(w[base + static_cast<std::size_t>(static_cast<std::int64_t>(delta))]) - w[base];
  }
  return sum;
}

void NTupleIndexer::apply(Indices& indices, int bit, Side side) const {
  const auto b = static_cast<std::size_t>(bit);
  for (std::uint32_t c = first_[b]; c < first_[b + 1]; ++c) {
    const Change& change = changes_[c];
    indices[change.instance] = static_cast<std::uint32_t>(static_cast<std::int64_t>(indices[change.instance]) +
                                                          (side == Side::X ? change.delta_x : change.delta_o));
  }
}

}  // namespace evalsynth::model
