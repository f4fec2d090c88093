#pragma once
// Reading and writing positions as text.
//
// Move strings (Pascal Pons's notation): the columns played from the empty
// board, digits 1..7 (1 = leftmost), X first: "4453".
//
// Grid text: 6 lines of 7 cells, TOP row first, exactly as `to_ascii` prints
// them: 'X'/'x' for X, 'O'/'o' for O, '.', '-' or '_' for empty. Spaces and '|'
// between cells are ignored; a footer line "1 2 3 4 5 6 7" is skipped.
//
// Stenmark's lists (the thesis's ADATE spec): 6 lists of 7 integers, BOTTOM
// row first, 1 = X, -1 (or ML's ~1) = O, 0 = empty:
//   [[0,0,0,1,0,0,0],[0,0,0,0,0,0,0],...]
//
// Grids are checked for what a real game could produce: stones stacked from
// the bottom, X having as many stones as O or one more, and at most one winner
// whose last stone agrees with the counts.

#include <string>
#include <string_view>

#include "games/connect4/position.hpp"
#include "support/error.hpp"

namespace evalsynth::connect4 {

// Throws InputError located relative to `origin` (the location of text[0]).
Position parse_moves(std::string_view text, const TextLocation& origin = {"<moves>"});
Position parse_grid(std::string_view text, const TextLocation& origin = {"<grid>"});
Position parse_stenmark_list(std::string_view text, const TextLocation& origin = {"<list>"});

// Picks the notation by its look: '[' starts a Stenmark list, a line of digits
// is a move string, anything else is grid text.
Position parse_position(std::string_view text, const TextLocation& origin = {"<position>"});

// Grid text, top row first, followed by the column numbers 1..7.
std::string to_ascii(const Position& p);

// The move string of the mirror image (column c becomes 8 - c).
std::string mirrored_moves(const std::string& moves);
}  // namespace evalsynth::connect4
