#include "model/ntuple_tracker.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <span>

namespace evalsynth::model {

namespace {
constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2;  // 2^-53
}

NTupleTracker::NTupleTracker(const NTupleNet* net) : net_(net) {
  assert(!net_ || net_->instance_count() <= indices_.size());
}

void NTupleTracker::reset(const connect4::Position& root) {
  parent_sum_valid_ = false;
  if (!net_) return;
  for (std::size_t i = 0; i < net_->instance_count(); ++i) indices_[i] = net_->table_index(root, i);
}

void NTupleTracker::move(const connect4::Position& parent, int column, int sign) {
  if (!net_) return;
  parent_sum_valid_ = false;
  const int bit = std::countr_zero(parent.landing_cell(column));
  const bool x_moves = parent.side_to_move() == Side::X;
  for (const NTupleNet::IndexChange& change : net_->changes_at(bit))
    indices_[change.instance] += static_cast<std::uint32_t>(sign * (x_moves ? change.delta_x : change.delta_o));
}

double NTupleTracker::ordered_sum(int set, double& magnitude) const {
  const float* w = net_->weights().data();
  double total = 0;
  magnitude = 0;
  for (std::size_t i = 0; i < net_->instance_count(); ++i) {
    const float weight = w[net_->table_offset(i, set) + indices_[i]];
    total += weight;
    magnitude += std::abs(weight);
  }
  return total;
}

void NTupleTracker::prefetch_children(const connect4::Position& parent) const {
  // The weights the parent's leaves will read are scattered over the
  // tables: asked for all at once, their cache misses overlap instead of
  // following one another (a leaf cut off unread costs only its requests).
  const float* w = net_->weights().data();
  const Side mover = parent.side_to_move();
  const int next = net_->table_set(parent.moves_played() + 1);
  for (std::uint64_t landing = parent.playable_cells(); landing != 0; landing &= landing - 1)
    for (const NTupleNet::IndexChange& change : net_->changes_at(std::countr_zero(landing))) {
      const std::int32_t delta = mover == Side::X ? change.delta_x : change.delta_o;
      __builtin_prefetch(w + (net_->table_offset(change.instance, next) + indices_[change.instance] +
                              static_cast<std::size_t>(static_cast<std::int64_t>(delta))));
    }
}

std::int32_t NTupleTracker::scaled_value_after(const connect4::Position& parent, int column, double scale) {
  assert(active());
  const Side mover = parent.side_to_move();
  const int next = net_->table_set(parent.moves_played() + 1);  // the leaf's tables
  if (!parent_sum_valid_ || parent_set_ != next) {
    parent_sum_ = ordered_sum(next, parent_magnitude_);
    parent_set_ = next;
    parent_sum_valid_ = true;
    prefetch_children(parent);
  }
  const int bit = std::countr_zero(parent.landing_cell(column));
  const float* w = net_->weights().data();
  const std::span<const NTupleNet::IndexChange> changes = net_->changes_at(bit);
  double sum = parent_sum_, magnitude = parent_magnitude_;
  for (const NTupleNet::IndexChange& change : changes) {
    const std::size_t at = net_->table_offset(change.instance, next) + indices_[change.instance];
    const std::int32_t delta = mover == Side::X ? change.delta_x : change.delta_o;
    const float before = w[at], after = w[at + static_cast<std::size_t>(static_cast<std::int64_t>(delta))];
    sum += static_cast<double>(after) - before;
    magnitude += static_cast<double>(std::abs(after)) - std::abs(before);
  }
  // How far this sum may be from NTupleNet::sum's. Every partial sum of
  // either, and every weight, is at most A = the parent's magnitude plus the
  // leaf's (each instance contributes its old or its new weight).
  // NTupleNet::sum rounds n times, at most u*A each; this sum rounds as the
  // parent's sum did, then twice per change (the difference of two weights,
  // the addition), again at most u*A each. Doubled for the terms these
  // bounds drop and the rounding in the magnitudes themselves.
  const double bound = parent_magnitude_ + std::max(magnitude, 0.0);
  const auto roundings = static_cast<double>(2 * net_->instance_count() + 2 * changes.size() + 8);
  const double tolerance = 2 * roundings * kUnitRoundoff * bound;
  const double scaled = scale * std::tanh(sum);
  // The scaled values then differ by at most scale times that (tanh' <= 1)
  // plus a few units of tanh's and the product's rounding: if no
  // half-integer lies that close, both round to the same integer.
  const double margin = scale * (tolerance + 64 * kUnitRoundoff);
  if (!always_recompute_ && std::abs(scaled - std::floor(scaled) - 0.5) > margin)
    return static_cast<std::int32_t>(std::lround(scaled));
  ++recomputations_;
  move(parent, column, +1);
  double unused;
  const double ordered = ordered_sum(next, unused);
  move(parent, column, -1);
  parent_sum_valid_ = true;  // the indices are the parent's again
  return static_cast<std::int32_t>(std::lround(scale * std::tanh(ordered)));
}

NTupleTracker NTupleNet::search_state() const { return NTupleTracker(this); }

int NTupleNet::leaf_value(NTupleTracker& state, const connect4::Position& parent, int column,
                          const connect4::Position&) const {
  return state.scaled_value_after(parent, column, kModelScale);
}

}  // namespace evalsynth::model
