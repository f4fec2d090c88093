#pragma once
// The built-in grammar of a game of stones in lines (the m,n,k family and
// adjacent4): arithmetic, logic, lets, the board's cells and every line
// feature (games/grid/line_features.hpp).

#include <string>

namespace evalsynth::grid {

std::string line_grammar(const std::string& game, int columns, int rows, int line);

}  // namespace evalsynth::grid
