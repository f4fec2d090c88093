#include "learn/td_learners.hpp"

namespace evalsynth::learn {

void ThesisTd::remember(const Position& before, int col) {
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

void NTupleTd::update(double target, double alpha) {
  if (!has_previous_) return;
  // d tanh(s) / ds = 1 - tanh(s)^2; every selected weight has slope 1 in s.
  const auto step = static_cast<float>(alpha * (target - previous_value_) * (1 - previous_value_ * previous_value_));
  std::vector<float>& w = net_.weights();
  for (std::size_t i = 0; i < previous_.size(); ++i) w[net_.table_offset(i, previous_to_move_) + previous_[i]] += step;
  sum_valid_ = false;
}

}  // namespace evalsynth::learn
