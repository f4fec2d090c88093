#pragma once
// How a model's real-valued estimate becomes the integer evaluation the
// alpha-beta search uses. Both learners estimate X's prospects: the thesis
// network as a sigmoid output in (0, 1) (0.5 = even), the n-tuple network as
// tanh in (-1, 1) (0 = even). Each maps linearly onto
// [-kModelScale, kModelScale], well inside the search's heuristic range
// (kMaxHeuristic = 99,999), so a model never looks like a proven result and
// rounding merges only estimates closer than 1/50,000.

#include <cmath>

#include "games/connect4/position.hpp"

namespace evalsynth::model {

inline constexpr double kModelScale = 50000;
static_assert(kModelScale < kMaxHeuristic);

// From (-1, 1), 0 = even.
inline int evaluation_from_signed(double v) { return static_cast<int>(std::lround(v * kModelScale)); }
// From (0, 1), 0.5 = even.
inline int evaluation_from_probability(double p) { return evaluation_from_signed(2 * p - 1); }

}  // namespace evalsynth::model
