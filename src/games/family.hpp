#pragma once
// The game families: each has its own features in the evaluator language
// (game/feature_library.hpp) and its own rules; games of one family differ by
// their parameters (board size, line length). games/registry.hpp names them.

#include <cstdint>

namespace evalsynth {

enum class GameFamily : std::uint8_t { Connect4, Mnk, Adjacent4, ModNim, Checkers };
inline constexpr int kGameFamilies = 5;

}  // namespace evalsynth
