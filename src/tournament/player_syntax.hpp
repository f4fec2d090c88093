#pragma once
// The one parser of the player syntax, shared by `match`, `strength`, `play`
// and the opponents of run specs:
//   NAME@DEPTH, NAME@FIRST-LAST   a built-in (ibef, adate) or a program file
//                                 (.eval, .ckpt, or any path with a '/')
//   random                        the random mover (no depth)
//   perfect, perfect:EPS          perfect play by the solver; with probability
//                                 EPS (0..1) a random move that does not lose
//   perfect-resist[:EPS]          the same, but when lost only the moves that
//                                 lose latest (the longest resistance)
//   answer@D, hallK@D             a run's own answer / K best programs
//                                 (self-play; run specs only)
//   sampled:NAME@DEPTH            NAME searching by the four-in-a-row design's
//                                 neighbouring-state search
//                                 (game/sampled_search.hpp), not alpha-beta

#include <string>
#include <string_view>
#include <vector>

namespace evalsynth {

struct PlayerEntry {
  enum class Kind { Builtin, File, Random, Perfect, SelfPlay };
  Kind kind = Kind::Builtin;
  std::string name;     // as written before '@' (a path for files)
  int first_depth = 0;  // 0 for the random mover
  int last_depth = 0;
  int self_play_count = 0;   // SelfPlay: 1 for answer, K for hallK
  double epsilon = 0;        // Perfect: how often it explores
  std::string epsilon_text;  // as written
  bool resist = false;       // Perfect: the longest resistance when lost
  bool sampled = false;      // Builtin, File: the sampled search
  // "mine=results/a/best.eval@1-3": the name the player goes by in tables
  // (letters, digits, '-' and '_'); empty: its own.
  std::string label;
};

inline constexpr int kMaxPlayerDepth = 20;
inline constexpr int kMaxHallPlayers = 20;

// Parses one entry; throws UsageError saying what is wrong. Self-play entries
// are errors unless `allow_self_play`.
PlayerEntry parse_player_entry(std::string_view text, bool allow_self_play = false);

// Splits a comma-separated list and parses each entry.
std::vector<PlayerEntry> parse_player_entries(std::string_view text, bool allow_self_play = false);

// A list of search depths: "1,3,5", "1-7", "2,4-6" (each 1..kMaxPlayerDepth).
// Throws UsageError naming the bad item.
std::vector<int> parse_depth_list(std::string_view text);

// A range of plies "A-B" or a single "A" (0..41), as {A, ..., B}. Throws
// UsageError.
std::vector<int> parse_ply_range(std::string_view text);

}  // namespace evalsynth
