#include "learn/td_learners.hpp"

#include <algorithm>
#include <cassert>

namespace evalsynth::learn {

void ThesisTd::remember(const connect4::Position& before, int col, bool /*explored: the thesis's traces run on*/) {
  const auto active = model::ThesisNet::active_inputs(before.played(col));
  std::array<double, model::ThesisNet::kMaxHidden> hidden;
  const double v = net_.forward(active, hidden);
  // e = lambda * e + dV/dw (gamma = 1).
  for (double& e : traces_) e *= lambda_;
  const std::vector<double>& w = net_.parameters();
  const std::size_t out = net_.output_offset();
  const double g_out = v * (1 - v);  // the output sigmoid's slope
  traces_[out] += g_out;
  for (int j = 0; j < net_.hidden(); ++j) {
    const auto ju = static_cast<std::size_t>(j);
    traces_[out + 1 + ju] += g_out * hidden[ju];
    const double g_hidden = g_out * w[out + 1 + ju] * hidden[ju] * (1 - hidden[ju]);
    const std::size_t unit = ju * (model::ThesisNet::kInputs + 1);
    traces_[unit] += g_hidden;
    for (const std::uint8_t i : active) traces_[unit + 1 + i] += g_hidden;
  }
  previous_value_ = v;
  has_previous_ = true;
}

void ThesisTd::update(double target, double alpha) {
  if (!has_previous_) return;
  const double step = alpha * (target - previous_value_);
  std::vector<double>& w = net_.parameters();
  for (std::size_t i = 0; i < w.size(); ++i) w[i] += step * traces_[i];
}

NTupleTd::NTupleTd(model::NTupleNet& net, double lambda, TclCounters* tcl)
    : net_(net), indexer_(net), trace_(lambda, net.instance_count()), tcl_(tcl) {}

void NTupleTd::remember(const connect4::Position& before, int col, bool explored) {
  AfterstateTrace::Visited& v = trace_.push(explored);
  previous_value_ = afterstate_value(before, col);
  v.indices = current_;  // same size: copies, never allocates
  v.table_set = net_.table_set(before.moves_played() + 1);
  // d tanh(s) / ds = 1 - tanh(s)^2; every selected weight has slope 1 in s.
  v.slope = 1 - previous_value_ * previous_value_;
  indexer_.apply(v.indices, landing_bit(before, col), before.side_to_move());
}

void NTupleTd::update(double target, double alpha) {
  if (trace_.empty()) return;
  const auto offset = [&](std::size_t instance, int set) { return net_.table_offset(instance, set); };
  if (tcl_)
    trace_.correct_tcl(alpha, target - previous_value_, net_.weights(), offset, *tcl_);
  else
    trace_.correct(alpha * (target - previous_value_), net_.weights(), offset);
  sum_valid_ = false;
}

}  // namespace evalsynth::learn
