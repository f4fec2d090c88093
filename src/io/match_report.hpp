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

// Both colours of a pair of players taken together, from the first's view:
// `FEATURES4 vs IBEF4: +612 =80 -308 (65.2%)` (wins, draws, losses, score
// with draws as half). One line per pairing whose colour-swapped pairing is
// also in `results`, in the order the first of the two appears.
std::vector<std::string> paired_lines(const std::vector<PairingResult>& results);

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
