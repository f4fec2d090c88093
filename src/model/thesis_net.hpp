#pragma once
// The evaluator of Stenmark's reinforcement-learning chapter (2005, §5.6): a
// fully connected network with 126 inputs, one hidden layer of sigmoid units
// (15 in the thesis) and one sigmoid output.
//
// Inputs, three per cell as the thesis's makeState: input col*18 + row*3 + k
// is 1 when the cell holds X (k = 0), O (k = 1) or nothing (k = 2), else 0.
// Exactly 42 inputs are 1, so the forward pass adds 42 weights per hidden
// unit instead of multiplying 126.
//
// One difference from the thesis: it trained one network per colour, each
// valuing positions for its own side. Here one network values every position
// for X (output 0.9 = X wins, 0.1 = O wins, the thesis's training targets), so
// the model is one evaluator that plays either colour in the search.

#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <vector>

#include "games/connect4/position.hpp"
#include "model/model_value.hpp"

namespace evalsynth::model {

class ThesisNet {
 public:
  static constexpr int kInputs = 3 * connect4::kCells;  // 126
  static constexpr int kMaxHidden = 64;
  static constexpr int kThesisHidden = 15;

  // Parameters, one flat vector (the layout the TD update walks):
  // hidden unit j: [bias, weight of input 0, ..., input 125] at j * (kInputs + 1);
  // then the output unit: [bias, weight of hidden 0, ..., hidden H-1].
  ThesisNet() : ThesisNet(kThesisHidden) {}
  explicit ThesisNet(int hidden) : hidden_(hidden), parameters_(parameter_count(hidden), 0.0) {
    assert(hidden >= 1 && hidden <= kMaxHidden);
  }

  static constexpr std::size_t parameter_count(int hidden) {
    return static_cast<std::size_t>(hidden) * (kInputs + 1) + static_cast<std::size_t>(hidden) + 1;
  }
  int hidden() const { return hidden_; }
  std::vector<double>& parameters() { return parameters_; }
  const std::vector<double>& parameters() const { return parameters_; }
  std::size_t output_offset() const { return static_cast<std::size_t>(hidden_) * (kInputs + 1); }

  // The 42 inputs that are 1 for `p`.
  using ActiveInputs = std::array<std::uint8_t, connect4::kCells>;
  static ActiveInputs active_inputs(const connect4::Position& p) {
    ActiveInputs active{};
    for (int col = 0; col < connect4::kColumns; ++col)
      for (int row = 0; row < connect4::kRows; ++row) {
        const int k = p.square(row, col) > 0 ? 0 : p.square(row, col) < 0 ? 1 : 2;
        active[static_cast<std::size_t>(col * connect4::kRows + row)] =
            static_cast<std::uint8_t>(col * 18 + row * 3 + k);
      }
    return active;
  }

  // The output in (0, 1), and the hidden activations that produced it.
  double forward(const ActiveInputs& active, std::array<double, kMaxHidden>& hidden_out) const {
    const double* w = parameters_.data();
    const double* out = w + output_offset();
    double sum = out[0];
    for (int j = 0; j < hidden_; ++j) {
      const double* unit = w + static_cast<std::size_t>(j) * (kInputs + 1);
      double z = unit[0];
      for (const std::uint8_t i : active) z += unit[1 + i];
      const double h = sigmoid(z);
      hidden_out[static_cast<std::size_t>(j)] = h;
      sum += out[1 + j] * h;
    }
    return sigmoid(sum);
  }
  double output(const connect4::Position& p) const {
    std::array<double, kMaxHidden> hidden;
    return forward(active_inputs(p), hidden);
  }

  // The search's evaluation: X's prospects on the scale of model_value.hpp.
  int operator()(const connect4::Position& p) const { return evaluation_from_probability(output(p)); }

  static double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

 private:
  int hidden_;
  std::vector<double> parameters_;
};

}  // namespace evalsynth::model
