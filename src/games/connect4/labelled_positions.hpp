#pragma once
// Positions labelled with the perfect-play value of every move: the
// `.analysis` format of Pons's benchmark files, which the solver also writes
// (`evalsynth solve --analyse`, `evalsynth positions`). One position a line:
//
//   MOVES s1 s2 s3 s4 s5 s6 s7
//
// MOVES a move string (columns 1-7 from the empty board), s_i the score of
// playing column i for the side to move (solver.hpp's convention), -1000 for
// a full column. '#' starts a comment line.

#include <array>
#include <span>
#include <string>
#include <vector>

#include "games/connect4/position.hpp"
#include "games/connect4/solver.hpp"

namespace evalsynth::connect4 {

struct LabelledPosition {
  Position position;
  std::string moves;                      // the move string it was given as
  std::array<int, kColumns> move_scores;  // for the side to move; kFullColumn for a full column
  int line = 0;                           // in its file, for messages
};

// The largest |score| of a playable move: a win with one's 4th stone.
inline constexpr int kMaxAbsScore = (kCells + 1) / 2 - 3;

// Throws InputError with file:line:col for a bad line (bad moves, a finished
// position, a missing or out-of-range score, a full column not scored -1000).
std::vector<LabelledPosition> read_analysis_file(const std::string& path);
std::vector<LabelledPosition> parse_analysis_text(const std::string& text, const std::string& source_name);

// `text` with its game line blanked out (game/registry.hpp's take_game_line),
// if it has one: Connect4's files need none, and one naming another game is
// an InputError there ("these positions are of mnk(3,3,3), and the game is
// connect4", `what` "these positions").
std::string without_game_line(const std::string& text, const std::string& source_name, std::string_view what);

// A position given as a move string, with where it was given.
struct MovesLine {
  std::string moves;
  Position position;
  int line = 0;
  std::size_t rest = 0, line_end = 0;  // offsets in the text: after the move string, the line's end
};

// One position a line, as its move string (the first word: Pons's files
// "MOVES SCORE" and .analysis files read as they are); blank lines and lines
// starting with '#' are skipped. Throws InputError with file:line:col for bad
// moves and finished positions.
std::vector<MovesLine> parse_move_lines(const std::string& text, const std::string& source_name);

// How many more stones the game lasts under perfect play (Pons's "R" of his
// benchmark sets: R1 is under 14): a score s != 0 is a win with the winner's
// (22 - |s|)-th stone; a draw fills the board.
int moves_left(const LabelledPosition& p);

// What generic code asks of labelled positions of any kind (beside
// solver::Labelled<G>'s, solver/game_positions.hpp): whether playing
// `column` is a mistake (another move has a better value class: win >
// draw > loss); the value class of every playable move; every score the
// position carries (full columns too), for fingerprints.
bool is_mistake(const LabelledPosition& p, int column);
std::vector<int> value_classes(const LabelledPosition& p);
inline std::span<const int> scores_of(const LabelledPosition& p) { return p.move_scores; }

// "MOVES s1 ... s7", without a line break.
std::string analysis_line(const LabelledPosition& p);

}  // namespace evalsynth::connect4
