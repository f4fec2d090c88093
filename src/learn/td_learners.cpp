#include "learn/td_learners.hpp"

#include <algorithm>
#include <cassert>

namespace evalsynth::learn {

void ThesisTd::remember(const Position& before, int col, bool /*explored: the thesis's traces run on*/) {
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

int NTupleTd::trace_length(double lambda) {
  int length = 1;
  for (double weight = lambda; length < kMaxTrace && weight >= kTraceCut; weight *= lambda) ++length;
  return length;
}

NTupleTd::NTupleTd(model::NTupleNet& net, double lambda) : net_(net), indexer_(net) {
  assert(lambda >= 0 && lambda <= 1);
  const auto length = static_cast<std::size_t>(trace_length(lambda));
  trace_.resize(length);
  for (Visited& v : trace_) v.indices.resize(net.instance_count());
  decay_.resize(length);
  double weight = 1;
  for (double& d : decay_) {
    d = weight;
    weight *= lambda;
  }
}

void NTupleTd::remember(const Position& before, int col, bool explored) {
  if (explored) trace_size_ = 0;
  previous_value_ = afterstate_value(before, col);
  newest_ = (newest_ + 1) % trace_.size();
  trace_size_ = std::min(trace_size_ + 1, trace_.size());
  Visited& v = trace_[newest_];
  v.indices = current_;  // same size: copies, never allocates
  v.to_move = opponent(before.side_to_move());
  // d tanh(s) / ds = 1 - tanh(s)^2; every selected weight has slope 1 in s.
  v.slope = 1 - previous_value_ * previous_value_;
  indexer_.apply(v.indices, landing_bit(before, col), before.side_to_move());
}

void NTupleTd::update(double target, double alpha) {
  if (trace_size_ == 0) return;
  const double error = alpha * (target - previous_value_);
  std::vector<float>& w = net_.weights();
  for (std::size_t k = 0; k < trace_size_; ++k) {
    const Visited& v = trace_[(newest_ + trace_.size() - k) % trace_.size()];
    const auto step = static_cast<float>(error * (v.slope * decay_[k]));
    for (std::size_t i = 0; i < v.indices.size(); ++i) w[net_.table_offset(i, v.to_move) + v.indices[i]] += step;
  }
  sum_valid_ = false;
}

}  // namespace evalsynth::learn
