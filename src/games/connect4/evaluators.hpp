#pragma once
// Native evaluators and the concept every evaluator meets.
//
// An evaluator maps a (non-terminal) position to a value from X's view. The
// search clamps it into [-kMaxHeuristic, kMaxHeuristic]. Evaluators are plain
// value types called through templates, so the search inlines them.

#include <array>
#include <bit>
#include <concepts>
#include <cstdint>

#include "games/connect4/position.hpp"

namespace evalsynth::connect4 {

template <class E>
concept Evaluator = PositionEvaluator<E, Position>;

// Weights per square, row 0 = bottom: weights[row][col].
using SquareWeights = std::array<std::array<int, kColumns>, kRows>;

// value = bias + sum over squares of weight * (+1 X, -1 O, 0 empty).
//
// Stored as bit planes: plane k holds the squares whose |weight| has bit k set,
// split by the weight's sign, so the sum is a few popcounts instead of 42
// multiply-adds: sum_k 2^k * (|X & P_k| - |O & P_k| - |X & N_k| + |O & N_k|).
class LinearEvaluator {
 public:
  static constexpr int kMaxPlanes = 16;  // |weight| < 2^16

  constexpr LinearEvaluator() = default;
  constexpr LinearEvaluator(const SquareWeights& weights, int bias) : weights_(weights), bias_(bias) {
    for (int row = 0; row < kRows; ++row) {
      for (int col = 0; col < kColumns; ++col) {
        const int w = weights[row][col];
        const unsigned magnitude = static_cast<unsigned>(w < 0 ? -w : w);
        for (int k = 0; k < kMaxPlanes; ++k) {
          if (!(magnitude >> k & 1U)) continue;
          (w > 0 ? positive_[k] : negative_[k]) |= bits::cell(row, col);
          if (k + 1 > planes_) planes_ = k + 1;
        }
      }
    }
  }

  constexpr int operator()(const Position& p) const {
    const std::uint64_t x = p.x_stones(), o = p.o_stones();
    int sum = 0;
    for (int k = planes_ - 1; k >= 0; --k) {
      const int plane = std::popcount(x & positive_[k]) - std::popcount(o & positive_[k]) -
                        std::popcount(x & negative_[k]) + std::popcount(o & negative_[k]);
      sum = 2 * sum + plane;
    }
    // Wrapping add: the language's integers wrap, and a compiled program's
    // bias may be any 32-bit value.
    return static_cast<int>(static_cast<std::uint32_t>(bias_) + static_cast<std::uint32_t>(sum));
  }

  constexpr const SquareWeights& weights() const { return weights_; }
  constexpr int bias() const { return bias_; }

 private:
  SquareWeights weights_{};
  int bias_ = 0;
  int planes_ = 0;
  std::array<std::uint64_t, kMaxPlanes> positive_{};
  std::array<std::uint64_t, kMaxPlanes> negative_{};
};
static_assert(Evaluator<LinearEvaluator>);

// IBEF (Stenmark 2005, §3.4): each square weighted by the number of the 69
// four-square lines through it; equals the sum over lines of their squares.
inline constexpr SquareWeights kIbefWeights = {{
    {3, 4, 5, 7, 5, 4, 3},     // row 0 (bottom)
    {4, 6, 8, 10, 8, 6, 4},    // row 1
    {5, 8, 11, 13, 11, 8, 5},  // row 2
    {5, 8, 11, 13, 11, 8, 5},  // row 3
    {4, 6, 8, 10, 8, 6, 4},    // row 4
    {3, 4, 5, 7, 5, 4, 3},     // row 5 (top)
}};

// ADATE-2005 (Stenmark 2005, §4.2, Appendix B): 1 + sum of weight * square.
inline constexpr SquareWeights kAdate2005Weights = {{
    {0, 2, 0, 1, 12, 0, 0},     // row 0 (bottom)
    {0, 2, 5, 0, 5, 4, 4},      // row 1
    {0, 1, 4, 16, 0, 0, 2},     // row 2
    {0, 12, 6, 14, 12, 11, 2},  // row 3
    {0, 2, 6, 6, 2, 4, 1},      // row 4
    {2, 0, 2, 2, 2, 2, 1},      // row 5 (top)
}};

inline constexpr LinearEvaluator ibef_evaluator() { return LinearEvaluator(kIbefWeights, 0); }
inline constexpr LinearEvaluator adate2005_evaluator() { return LinearEvaluator(kAdate2005Weights, 1); }

}  // namespace evalsynth::connect4
