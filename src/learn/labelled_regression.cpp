#include "learn/labelled_regression.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>

namespace evalsynth::learn {

LabelledRegression::LabelledRegression(model::NTupleNet& net, const std::vector<connect4::LabelledPosition>& positions)
    : net_(net), positions_(positions), indexer_(net) {
  indices_.resize(net.instance_count());
  before_.resize(net.instance_count());
}

double LabelledRegression::target(const connect4::LabelledPosition& p, int column) {
  const int score = p.move_scores[static_cast<std::size_t>(column)];
  assert(score != connect4::kFullColumn);
  const double mover = score > 0 ? 1.0 : score < 0 ? -1.0 : 0.0;
  return p.position.side_to_move() == Side::X ? mover : -mover;
}

int LabelledRegression::correct(const connect4::LabelledPosition& p, double alpha) {
  int corrected = 0;
  indexer_.reset(p.position, before_);
  const Side mover = p.position.side_to_move();
  const int set = net_.table_set(p.position.moves_played() + 1);  // the afterstates' tables
  for (int column = 0; column < connect4::kColumns; ++column) {
    if (p.move_scores[static_cast<std::size_t>(column)] == connect4::kFullColumn) continue;
    if (!p.position.can_play(column) || p.position.is_winning_move(column)) continue;
    // The afterstate's indices: the position's, changed by the move only.
    std::copy(before_.begin(), before_.end(), indices_.begin());
    indexer_.apply(indices_, std::countr_zero(p.position.landing_cell(column)), mover);
    const double v = std::tanh(indexer_.sum(indices_, set));
    const auto step = static_cast<float>(alpha * (target(p, column) - v) * (1 - v * v));
    std::vector<float>& w = net_.weights();
    for (std::size_t i = 0; i < indices_.size(); ++i) w[net_.table_offset(i, set) + indices_[i]] += step;
    ++corrected;
  }
  return corrected;
}

void LabelledRegression::run(int steps, double alpha, Rng& rng) {
  assert(!positions_.empty());
  for (int s = 0; s < steps; ++s)
    correct(positions_[static_cast<std::size_t>(rng.below(static_cast<int>(positions_.size())))], alpha);
}

}  // namespace evalsynth::learn
