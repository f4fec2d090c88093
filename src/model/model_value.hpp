#pragma once
// How a model's real-valued estimate becomes the integer evaluation the
// alpha-beta search uses. Both learners estimate X's prospects: the thesis
// network as a sigmoid output in (0, 1) (0.5 = even), the n-tuple network as
// tanh in (-1, 1) (0 = even). Each maps linearly onto
// [-kModelScale, kModelScale], well inside the search's heuristic range
// (kMaxHeuristic = 99,999), so a model never looks like a proven result and
// rounding merges only estimates closer than 1/50,000; the board n-tuple
// networks' tails go on beyond (evaluation_from_tanh_sum).

#include <cmath>

#include "games/connect4/position.hpp"

namespace evalsynth::model {

inline constexpr double kModelScale = 50000;
static_assert(kModelScale < kMaxHeuristic);

// From (-1, 1), 0 = even.
inline int evaluation_from_signed(double v) { return static_cast<int>(std::lround(v * kModelScale)); }
// From (0, 1), 0.5 = even.
inline int evaluation_from_probability(double p) { return evaluation_from_signed(2 * p - 1); }

// From a tanh network's sum (value = tanh(sum)), for the board n-tuple
// networks. A learned network's sums often pass 5, where tanh's steps fall
// below the rounding: evaluation_from_signed(tanh(sum)) then gives most
// moves of a position the same value, and the search picks among them at
// random (a 1-ply Othello network played as if untrained). So where
// |tanh(sum)| <= kTanhKept the value is evaluation_from_signed(tanh(sum)),
// as before; beyond, it goes on linearly in the sum (kTailStep per unit),
// up to kMaxSum, the value keeping tanh's order and a step per 1/kTailStep
// of the sum to the clamp.
inline constexpr double kTanhKept = 0.9;
inline constexpr double kTailStep = 1800;               // per unit of the sum beyond the kept range
inline constexpr double kKeptSum = 1.4722194895832204;  // atanh(kTanhKept)
inline constexpr double kMaxSum = 30;
static_assert(kTanhKept * kModelScale + kTailStep * (kMaxSum - kKeptSum) < kMaxHeuristic);
inline int evaluation_from_tanh_sum(double sum) {
  const double magnitude = std::fabs(sum);
  if (magnitude <= kKeptSum) return evaluation_from_signed(std::tanh(sum));
  const double tail = kTanhKept * kModelScale + kTailStep * (std::fmin(magnitude, kMaxSum) - kKeptSum);
  return static_cast<int>(std::lround(sum < 0 ? -tail : tail));
}

}  // namespace evalsynth::model
