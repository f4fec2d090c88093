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

// How a transition's counts become a value for the side to move, c being
// the confidence factor n / (n + confidence) over its n games (Jackson
// 2009, §3.3.4; model/fable.hpp quotes the lines that decide):
//   Signed  each end state is a goal valued P(end) x c, positive for the
//           desired one (the mover's win), negative for the undesired one
//           (its loss), a draw neutral; the value of greatest absolute
//           value is the transition's: wins >= losses ? wins : -losses,
//           over n + confidence. The thesis's, as we read it (default).
//   Net     the desired and undesired counts compared by their difference:
//           (wins - losses) / (n + confidence).
//   Wins    P(win) x c alone, wins / (n + confidence), never negative
//           (evalsynth's reading before; model files without a value rule
//           were learned and are read with it).
enum class FableValues { Signed, Net, Wins };
inline const char* fable_values_word(FableValues v) {
  return v == FableValues::Signed ? "signed" : v == FableValues::Net ? "net" : "wins";
}
// The rule a word names; false if none.
inline bool parse_fable_values(const std::string& word, FableValues& v) {
  for (const FableValues each : {FableValues::Signed, FableValues::Net, FableValues::Wins})
    if (word == fable_values_word(each)) {
      v = each;
      return true;
    }
  return false;
}

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
  FableValues values = FableValues::Signed;
  std::uint64_t games = 0;  // games learned from
  std::unordered_map<std::uint64_t, FableCounts> transitions;
};

}  // namespace evalsynth::model
