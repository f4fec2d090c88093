#pragma once
// Connect4's perfect play as the game offers it (game/game.hpp's
// HasOwnSolver, through connect4.hpp): the solver (solver.hpp) with its
// opening book, the process-wide memo of opening analyses (outcome_memo.hpp)
// and Pons's .analysis files (labelled_positions.hpp). The value of a move
// is always the standard rules' (the solver's), whatever win test a game is
// played under.

#include <string>
#include <vector>

#include "game/game.hpp"
#include "game/solve_options.hpp"
#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/position.hpp"

namespace evalsynth::connect4 {

// The value class of each playable column (1 the mover wins, 0 draw, -1
// loses), left to right; remembered for the process in the opening.
// Precondition: the game is not over.
std::vector<int> perfect_outcomes(const Position& p);
// The score of each playable column (solver.hpp's convention), left to right.
std::vector<int> perfect_scores(const Position& p);
// Every move's score of each position in `batch` (its `position` set).
void label_positions(std::vector<LabelledPosition>& batch, const SolveOptions& options);
// Positions one a line as move strings (the first word: Pons's files read
// as they are), for `solve`; errors at file:line:col.
std::vector<WrittenPosition<Position>> parse_position_lines(const std::string& text, const std::string& source);
// What `solve` prints for them: "MOVES SCORE", or with options.analyse
// .analysis lines (every column's score).
SolveReport solve_report(const std::vector<WrittenPosition<Position>>& lines, const SolveOptions& options);
// A whole .analysis file: one line a position.
std::string analysis_text(const std::vector<LabelledPosition>& positions);

}  // namespace evalsynth::connect4
