#pragma once
// Programs back to text. The output parses back to the same program (tested
// on random programs); it uses as few brackets as precedence allows.

#include <string>

#include "lang/program.hpp"

namespace evalsynth::lang {

// Programs of other games than Connect4 begin with their `game` line.
std::string to_text(const Program& program);
// That line ("game mnk(3,3,3)\n"), or "" for Connect4's programs.
std::string game_line(const Program& program);
// The program's expression alone, on one line (no game line).
std::string expression_text(const Program& program);

}  // namespace evalsynth::lang
