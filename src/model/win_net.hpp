#pragma once
// The network of the four-in-a-row design document (Ledger and Kneeland,
// "four-in-a-row design document"), for any game of stones on a grid of at
// most 64 cells (mnk, adjacent4):
//
//   inputs   one per cell: +1 an X stone, -1 an O stone, 0 empty (the
//            document's 48 for its board)
//   hidden   `hidden` sigmoid units (the document's 40), fully connected
//   outputs  two sigmoid units: the chances that X wins and that O wins
//
// The document returns the chosen side's own chance mapped onto -100..100.
// Our search values every position from X's view for both players, so the
// evaluation here is P(X wins) - P(O wins) on the scale of model_value.hpp;
// a side maximising its own chance and one maximising this difference agree
// when the outputs sum to one, which training towards {1,0} or {0,1} drives
// them to. Learning is learn/win_net_td.hpp.
//
// A position's stones are two bit sets (cells 0..63), so the forward pass
// adds a column of weights per stone: at most 64 x hidden additions, no
// multiplication in the first layer.

#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/grid/stone_game.hpp"
#include "model/model_value.hpp"

namespace evalsynth::model {

// The games of stones on a grid (games/grid/stone_game.hpp): a position is
// X's and O's stones as bit sets of cells.
template <class G>
concept StoneGridGame = std::derived_from<G, grid::StoneGame<G>>;

class WinNet {
 public:
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxHidden = 64;  // as the thesis network's
  static constexpr int kDesignHidden = 40;
  using Outputs = std::array<double, 2>;  // P(X wins), P(O wins)
  using Hidden = std::array<double, kMaxHidden>;

  WinNet() = default;
  // All weights 0. Precondition: 1 <= cells <= 64, 1 <= hidden <= kMaxHidden.
  WinNet(std::string game, int cells, int hidden)
      : game_(std::move(game)), cells_(cells), hidden_(hidden), parameters_(parameter_count(cells, hidden), 0.0) {
    assert(cells >= 1 && cells <= kMaxCells && hidden >= 1 && hidden <= kMaxHidden);
  }

  // Layout: hidden unit j at j * (cells + 1): [bias, weight of cell 0, ...];
  // then output k (0: X wins, 1: O wins) at output_offset() + k * (hidden + 1):
  // [bias, weight of hidden 0, ...].
  static std::size_t parameter_count(int cells, int hidden) {
    return static_cast<std::size_t>(hidden) * static_cast<std::size_t>(cells + 1) +
           2 * static_cast<std::size_t>(hidden + 1);
  }
  const std::string& game() const { return game_; }  // the game's canonical name
  int cells() const { return cells_; }
  int hidden() const { return hidden_; }
  std::vector<double>& parameters() { return parameters_; }
  const std::vector<double>& parameters() const { return parameters_; }
  std::size_t unit_offset(int j) const { return static_cast<std::size_t>(j) * static_cast<std::size_t>(cells_ + 1); }
  std::size_t output_offset(int k) const {
    return unit_offset(hidden_) + static_cast<std::size_t>(k) * static_cast<std::size_t>(hidden_ + 1);
  }

  // The hidden units' sums before the sigmoid, for stones `x` and `o`.
  void hidden_sums(std::uint64_t x, std::uint64_t o, Hidden& sums) const {
    const double* w = parameters_.data();
    for (int j = 0; j < hidden_; ++j) {
      const double* unit = w + unit_offset(j);
      double z = unit[0];
      for (std::uint64_t s = x; s; s &= s - 1) z += unit[1 + std::countr_zero(s)];
      for (std::uint64_t s = o; s; s &= s - 1) z -= unit[1 + std::countr_zero(s)];
      sums[static_cast<std::size_t>(j)] = z;
    }
  }
  // The outputs from the hidden sums; `activations` receives the hidden units' outputs.
  Outputs outputs_from_sums(const Hidden& sums, Hidden& activations) const {
    for (int j = 0; j < hidden_; ++j)
      activations[static_cast<std::size_t>(j)] = sigmoid(sums[static_cast<std::size_t>(j)]);
    Outputs out{};
    for (int k = 0; k < 2; ++k) {
      const double* unit = parameters_.data() + output_offset(k);
      double z = unit[0];
      for (int j = 0; j < hidden_; ++j) z += unit[1 + j] * activations[static_cast<std::size_t>(j)];
      out[static_cast<std::size_t>(k)] = sigmoid(z);
    }
    return out;
  }
  Outputs outputs(std::uint64_t x, std::uint64_t o) const {
    Hidden sums, activations;
    hidden_sums(x, o, sums);
    return outputs_from_sums(sums, activations);
  }
  Outputs outputs(const grid::Stones& p) const { return outputs(p.x, p.o); }
  // The outputs after a stone of `side` lands on `cell` of the position
  // whose hidden sums are `sums` (a column of weights added: how training
  // values every move of a position).
  Outputs outputs_with_stone(const Hidden& sums, int cell, Side side) const {
    Hidden moved, activations;
    const double sign = side == Side::X ? 1 : -1;
    for (int j = 0; j < hidden_; ++j)
      moved[static_cast<std::size_t>(j)] =
          sums[static_cast<std::size_t>(j)] + sign * parameters_[unit_offset(j) + 1 + static_cast<std::size_t>(cell)];
    return outputs_from_sums(moved, activations);
  }

  // One step of back-propagation of the squared error between the outputs
  // for stones (x, o) and `target`, with step `alpha`.
  void train(std::uint64_t x, std::uint64_t o, const Outputs& target, double alpha);

  static double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

 private:
  std::string game_;
  int cells_ = 0;
  int hidden_ = 0;
  std::vector<double> parameters_;
};

// The network as a search evaluator of game G: P(X wins) - P(O wins).
template <class G>
struct WinNetEvaluator {
  std::shared_ptr<const WinNet> net;  // shared by the players that copy it
  int operator()(const typename G::Position& p) const {
    const WinNet::Outputs out = net->outputs(p);
    return evaluation_from_signed(out[0] - out[1]);
  }
};

}  // namespace evalsynth::model
