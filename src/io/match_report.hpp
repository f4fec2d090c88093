#pragma once
// Match results as text: the thesis's Appendix D lines, CSV and JSON.

#include <string>
#include <vector>

#include "tournament/match.hpp"

namespace evalsynth {

// A percentage with at most one decimal, trailing ".0" dropped: 88.5, 100, 0.
std::string format_percent(int count, int total);

// `IBEF4 - ADATE4 11.5 - 88.5 (0)`
std::string thesis_line(const PairingResult& r);

// X's mean score (a draw half a win) with its 95% interval (normal
// approximation; ± 0 when every observation is the same):
// `X's score 57.3% ± 1.1`. A start board's repeated games are one
// observation (a cluster) with the left-to-right order, which repeats one
// game, and under random tie-breaking when the match has several boards,
// whose games share their board ("(by start board)"); one observation
// gives no interval.
std::string score_text(const PairingResult& r);

// Both colours of a pair of players taken together, from the first's view:
// `FEATURES4 vs IBEF4: +612 =80 -308 (65.2%)` (wins, draws, losses, score
// with draws as half), then the paired analysis (paired_verdict). One line
// per pairing whose colour-swapped pairing is also in `results`, in the
// order the first of the two appears.
std::vector<std::string> paired_lines(const std::vector<PairingResult>& results);

// The paired analysis of `a` (the first player as X) and `b` (the same two,
// colours swapped, from the same start boards): game k of each began from
// the same board, so the pair's net result (the first player's wins minus
// losses, -2..2) is one observation (in clusters, a board's pairs together
// are: score_text). The first player's mean score over the
// pairs with its 95% interval, and the exact sign test of the pairs it won
// against those it lost: "... is stronger" only where p < 0.05, else "no
// significant difference". Precondition: as many games in each.
std::string paired_verdict(const PairingResult& a, const PairingResult& b);

std::string match_csv(const std::vector<PairingResult>& results);

struct MatchDescription {
  std::uint64_t seed = 0;
  std::string order;
  std::string rules;
  std::string boards;  // "empty board" or the file
  int games_per_board = 0;
};
std::string match_json(const std::vector<PairingResult>& results, const MatchDescription& description);

}  // namespace evalsynth
