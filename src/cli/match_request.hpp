#pragma once
// What `evalsynth match` was asked (match_command.cpp parses it), and the
// parts of the command in files of their own: the report every match ends
// with (match_output.cpp), the sequential test (match_sprt.cpp) and the
// replay of saved games (match_replay.cpp).

#include <map>
#include <string>
#include <vector>

#include "io/match_records.hpp"
#include "io/match_report.hpp"
#include "support/error.hpp"
#include "support/sprt.hpp"
#include "tournament/match.hpp"

namespace evalsynth {

struct MatchRequest {
  std::string x_text, o_text, boards_file, csv, json, html;
  bool both_colours = false, same_depth = false, from_file = false, openings = false, balanced = false;
  int opening_plies = 0, balanced_within = 0;
  MatchOptions options;
  std::string record;  // --record FILE: every game's record
  std::string replay;  // --replay FILE: the games of a record file, not played
  std::string game;    // --game with --replay: the game the records must be of
  bool ratings = false;
  bool sprt = false;
  stats::SprtBounds sprt_bounds;
  int sprt_max_pairs = 20000;
};

// The rules a match's header, CSV and JSON name: Connect4's win test
// ("standard" or "thesis-java"), another game's name. One place, so a
// replayed or sequential match names them as the match that played them.
template <Game G>
std::string match_rules_text(const G& game) {
  if constexpr (HasRulesName<G>)
    return game.rules_name();
  else
    return game.name();
}

// The players of a match as its records name them ("LABEL: SOURCE"), each
// label once. Two players of one label from different sources are refused
// before any game (two runs' answers both named quick@2 would be one row).
template <class Player>
std::vector<std::string> match_player_sources(const std::vector<Player>& players) {
  std::map<std::string, std::string> source_of;
  std::vector<std::string> out;
  for (const Player& p : players) {
    const auto [at, added] = source_of.emplace(p.label(), p.source);
    if (added) {
      out.push_back(p.label() + ": " + p.source);
    } else if (at->second != p.source) {
      throw UsageError("two players are named " + p.label() + " (" + at->second + ", and " + p.source +
                       "): name one, as NAME=" + (p.from_file ? "FILE@DEPTH" : "PLAYER"));
    }
  }
  return out;
}

// After the games: one line per pairing (the thesis's form and X's score),
// the colour-swapped pairs taken together with their paired test, the
// ratings if asked for, and the files asked for (--csv, --json, --html,
// --record: `games` and `header` are what --record writes).
void report_match(const MatchRequest& r, const std::vector<PairingResult>& results, const MatchDescription& d,
                  const std::vector<MatchGame>& games, const MatchRecordHeader& header);

// The ratings of the players of `results` (one cross-table), printed.
void print_ratings(const std::vector<PairingResult>& results, const std::string& anchor = {});
// The header's line saying what share of the moves were random (none when
// `percent` is 0): a match and its --replay print it alike.
void print_random_moves_line(int percent);

// match --sprt: A (the X player) against B (the O player) in pairs of
// games until the test decides. Precondition: `r.sprt`.
int sprt_match(const GameDescriptor& game, const MatchRequest& r);

// match --replay FILE: the report (and with --sprt the test) of saved games.
int replay_match(const MatchRequest& r);

// The sequential test of A against B, fed one pair of games at a time (A
// as X, then A as O, from one start board): the pentanomial counts of the
// pairs, the trinomial counts of their games, and the LLR after each pair.
class SprtSequence {
 public:
  SprtSequence(std::string a, std::string b, const stats::SprtBounds& bounds);
  // Adds the next pair; returns false once the test has decided (the pair
  // that decided it counted, later ones not).
  bool add(const MatchGame& a_as_x, const MatchGame& a_as_o);
  bool decided() const { return verdict_ != stats::SprtVerdict::Continue; }
  std::size_t pairs() const { return pairs_; }
  // The hypotheses, the counts, the LLR with its bounds, the verdict and
  // A's Elo against B with its interval.
  // `max_pairs`: the most the test could take (`random`: set by
  // --sprt-max; else one pair a start board).
  void print(std::size_t max_pairs, bool random) const;

 private:
  std::string a_, b_;
  stats::SprtBounds bounds_;
  std::vector<std::uint64_t> pentanomial_ = std::vector<std::uint64_t>(5, 0);
  std::vector<std::uint64_t> trinomial_ = std::vector<std::uint64_t>(3, 0);
  std::size_t pairs_ = 0;
  double llr_ = 0;
  stats::SprtVerdict verdict_ = stats::SprtVerdict::Continue;
};

}  // namespace evalsynth
