#include "games/grid/line_grammar.hpp"

#include <algorithm>

#include "games/grammar_text.hpp"

namespace evalsynth::grid {

// Windows of 1 to K-1 stones: K in a row ends the game, so a window of K
// never counts on a live board.
std::string line_grammar(const std::string& game, int columns, int rows, int line) {
  std::string windows;
  for (int k = 1; k < std::max(line, 2); ++k)
    windows += (k == 1 ? "windows(player, 1)" : " | windows(player, " + std::to_string(k) + ") @ 2");
  return grammar_text::heading(game, "the board's cells and\n# every line feature.") +
         std::string(grammar_text::kArithmetic) + "\nfeature ::= " + windows +
         "\n          | threats(player) @ 3 | forks(player) @ 2 | open_lines(player) @ 2 | lines(player)\n"
         "          | stones(player) | centre(player) | corners(player) | edges(player) | neighbours(player)\n"
         "          | moves() | to_move() | mobility()\n" +
         std::string(grammar_text::kLogic) + grammar_text::cells(rows, columns);
}

}  // namespace evalsynth::grid
