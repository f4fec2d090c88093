#pragma once
// What FABLE (Jackson 2009) knows of a game: for each transition it has
// seen — a state as observed and the input played there, under one of its
// "heuristics" (the whole board, or a square locality of it) — how the
// games through it ended. Kept by the learner (learn/), used by the FABLE
// player (model/fable.hpp), stored in model files (model_file.hpp).
//
// A transition is stored by a 64-bit hash of what identifies it (the
// heuristic, the cells it sees, the side to move, the input's cells): two
// transitions share counts only if their hashes collide, about once in
// 2^64 / (transitions stored) lookups.

#include <cstdint>
#include <string>
#include <unordered_map>

namespace evalsynth::model {

struct FableCounts {
  std::uint32_t x_wins = 0, o_wins = 0, draws = 0;
  std::uint64_t total() const { return std::uint64_t{x_wins} + o_wins + draws; }
  friend bool operator==(const FableCounts&, const FableCounts&) = default;
};

struct FableModel {
  // The thesis gives no formula for its "confidence factor": here it is
  // n / (n + confidence) over the n games through a transition, so a few
  // games say little and many say what they say.
  static constexpr double kDefaultConfidence = 5;
  // A model holds at most this many transitions (its file, 20 bytes each,
  // stays under the model frame's 256 MiB): games past it add no new ones.
  static constexpr std::size_t kMaxTransitions = std::size_t{12} << 20;

  std::string game;  // the game's name
  double confidence = kDefaultConfidence;
  std::uint64_t games = 0;  // games learned from
  std::unordered_map<std::uint64_t, FableCounts> transitions;
};

}  // namespace evalsynth::model
