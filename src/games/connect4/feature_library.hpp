#pragma once
// Connect4's features in the evaluator language (game/feature_library.hpp):
// the ids are those of lang::Feature, in its order.

#include "game/feature_library.hpp"

namespace evalsynth::connect4 {

const FeatureLibrary& connect4_feature_library();

}  // namespace evalsynth::connect4
