#pragma once
// Connect4's start-board files (the game offers them: HasOwnBoardFiles).

#include <string>
#include <vector>

#include "games/connect4/position.hpp"

namespace evalsynth::connect4 {

// A file of Connect4 start boards, one entry at a time, '#' starts a comment line:
//  - a move string, optionally followed by integers (so Pons's benchmark files
//    and their .analysis files can be read as they are): `4453 -2`;
//  - a Stenmark list `[[...],...]`, possibly over several lines;
//  - a grid of 6 lines (top row first), ended by a blank line or the file's end.
// Finished positions are rejected. Throws InputError with file:line:col.
std::vector<Position> read_board_file(const std::string& path);
std::vector<Position> parse_board_text(const std::string& text, const std::string& source_name);

}  // namespace evalsynth::connect4
