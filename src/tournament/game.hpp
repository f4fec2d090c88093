#pragma once
// Playing one game between two players from a start position.

#include <cstdint>

#include "tournament/player.hpp"

namespace evalsynth {

enum class Outcome : std::uint8_t { XWin, OWin, Draw };

struct GameRecord {
  Outcome outcome = Outcome::Draw;
  int plies = 0;            // moves made from the start position
  std::uint64_t nodes = 0;  // search nodes both players used
};

// Plays to the end. Precondition: the game is not over at `start`. Both
// players draw their randomness (move order, random moves) from `rng`.
GameRecord play_game(const Player& x, const Player& o, const Position& start, const GameSettings& settings, Rng& rng);

}  // namespace evalsynth
