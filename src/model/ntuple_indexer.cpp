#include "model/ntuple_indexer.hpp"

namespace evalsynth::model {

void NTupleIndexer::reset(const connect4::Position& p, Indices& indices) const {
  indices.resize(net_.instance_count());
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = net_.table_index(p, i);
}

double NTupleIndexer::sum(const Indices& indices, int set) const {
  const float* w = net_.weights().data();
  double total = 0;
  for (std::size_t i = 0; i < indices.size(); ++i) total += w[net_.table_offset(i, set) + indices[i]];
  return total;
}

double NTupleIndexer::sum_after(const Indices& indices, double sum, int bit, Side side, int set) const {
  const float* w = net_.weights().data();
  for (const NTupleNet::IndexChange& change : net_.changes_at(bit)) {
    const std::size_t base = net_.table_offset(change.instance, set) + indices[change.instance];
    const std::int32_t delta = side == Side::X ? change.delta_x : change.delta_o;
    sum += static_cast<double>(w[base + static_cast<std::size_t>(static_cast<std::int64_t>(delta))]) - w[base];
  }
  return sum;
}

void NTupleIndexer::apply(Indices& indices, int bit, Side side) const {
  for (const NTupleNet::IndexChange& change : net_.changes_at(bit))
    indices[change.instance] = static_cast<std::uint32_t>(static_cast<std::int64_t>(indices[change.instance]) +
                                                          (side == Side::X ? change.delta_x : change.delta_o));
}

}  // namespace evalsynth::model
