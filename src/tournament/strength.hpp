#pragma once
// Strength against perfect play (Pons's benchmark, see
// ../shared/data/pons-benchmark/README.md): a player's chosen move is a
// mistake if another legal move has a strictly better value sign
// (win > draw > loss) under perfect play. The mistake rate on a set is the
// fraction of its positions where the chosen move is a mistake.
//
// Ties between equally valued moves are broken as in a game: by the root
// move order, shuffled per position with the thesis's shuffle (or left to
// right), seeded from (seed, position index, depth), so results are
// reproducible and do not depend on the thread count.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tournament/player.hpp"

namespace evalsynth {

struct LabelledPosition {
  Position position;
  std::array<int, kColumns> move_scores;  // for the side to move; kFullColumn for a full column
  int line = 0;                           // in its file, for messages
};
inline constexpr int kFullColumn = -1000;

// Reads a `.analysis` file: `<moves> s1 .. s7` per line. Throws InputError
// naming the file, line and column of a bad line.
std::vector<LabelledPosition> read_analysis_file(const std::string& path);
std::vector<LabelledPosition> parse_analysis_text(const std::string& text, const std::string& source_name);

// True if playing `column` in `p` is a mistake.
bool is_mistake(const LabelledPosition& p, int column);

struct StrengthResult {
  int positions = 0;
  int mistakes = 0;
  double rate() const { return positions ? static_cast<double>(mistakes) / positions : 0.0; }
};

// The player (at its own depth) on every position, in parallel.
StrengthResult measure_strength(const Player& player, const std::vector<LabelledPosition>& positions, MoveOrder order,
                                std::uint64_t seed, int threads);

}  // namespace evalsynth
