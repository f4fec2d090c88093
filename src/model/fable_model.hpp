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
//   Goal    "the probability that a particular option will result in the
//           goal state" (§3.3.2) compared against the undesired one:
//           P(goal) = wins / (wins + losses), times c; never negative, 0
//           where no game through it was decided.
enum class FableValues { Signed, Net, Wins, Goal };
inline constexpr FableValues kFableValues[] = {FableValues::Signed, FableValues::Net, FableValues::Wins,
                                               FableValues::Goal};
inline const char* fable_values_word(FableValues v) {
  switch (v) {
    case FableValues::Signed:
      return "signed";
    case FableValues::Net:
      return "net";
    case FableValues::Wins:
      return "wins";
    case FableValues::Goal:
      break;
  }
  return "goal";
}
// The rule a word names; false if none.
inline bool parse_fable_values(const std::string& word, FableValues& v) {
  for (const FableValues each : kFableValues)
    if (word == fable_values_word(each)) {
      v = each;
      return true;
    }
  return false;
}

// What identifies a locality (a k x k window of the board):
//   Contents  its size and what its cells hold, each cell by its place in
//             the window: the same contents count alike wherever the window
//             sits, so what is learned in one place holds in every other
//             (the thesis bounds the 2 x 2 localities at "never more than
//             10^4 distinct states ... no matter how large the grid is",
//             §4.2.2: true only so). The default.
//   Placed    also where the window sits, each cell by its place on the
//             board (evalsynth's reading before; model files without the
//             word were learned and are read with it).
enum class FableLocalities { Contents, Placed };
inline const char* fable_localities_word(FableLocalities l) {
  return l == FableLocalities::Contents ? "contents" : "placed";
}
inline bool parse_fable_localities(const std::string& word, FableLocalities& l) {
  for (const FableLocalities each : {FableLocalities::Contents, FableLocalities::Placed})
    if (word == fable_localities_word(each)) {
      l = each;
      return true;
    }
  return false;
}

// What the mechanism claims about FABLE's choices rest on, counted over the
// choices it made: how many fell back to the random move after its ten
// passes, and how many of the moves it valued were valued below 0 (no pass
// accepts those) or exactly 0 (unknown, or known but even).
struct FableTally {
  std::uint64_t choices = 0, random_choices = 0, moves_valued = 0, negative = 0, zero = 0;
  friend bool operator==(const FableTally&, const FableTally&) = default;
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
  FableValues values = FableValues::Signed;
  FableLocalities localities = FableLocalities::Contents;
  std::uint64_t games = 0;  // games learned from
  std::unordered_map<std::uint64_t, FableCounts> transitions;
};

// A transition's value for `side` by the model's rule (above): P(end) =
// count / n times the confidence n / (n + K), so count / (n + K).
inline double fable_value(const FableCounts& c, bool side_is_x, const FableModel& model) {
  if (c.total() == 0) return 0.0;
  const double wins = side_is_x ? c.x_wins : c.o_wins, losses = side_is_x ? c.o_wins : c.x_wins;
  const double n = static_cast<double>(c.total()), confidence = n / (n + model.confidence);
  switch (model.values) {
    case FableValues::Signed:
      return (wins >= losses ? wins : -losses) / (n + model.confidence);
    case FableValues::Net:
      return (wins - losses) / (n + model.confidence);
    case FableValues::Wins:
      return wins / (n + model.confidence);
    case FableValues::Goal:
      break;
  }
  return wins + losses > 0 ? wins / (wins + losses) * confidence : 0.0;
}

}  // namespace evalsynth::model
