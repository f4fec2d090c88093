#pragma once
// Sets of start boards: read from a file, or generated as in the thesis
// (the empty board, all 1-ply and 2-ply boards, and boards taken from
// random-vs-random games).

#include <cstdint>
#include <string>
#include <vector>

#include "game/position.hpp"
#include "solver/opening_book.hpp"

namespace evalsynth {

// A file of start boards, one entry at a time, '#' starts a comment line:
//  - a move string, optionally followed by integers (so Pons's benchmark files
//    and their .analysis files can be read as they are): `4453 -2`;
//  - a Stenmark list `[[...],...]`, possibly over several lines;
//  - a grid of 6 lines (top row first), ended by a blank line or the file's end.
// Finished positions are rejected. Throws InputError with file:line:col.
std::vector<Position> read_board_file(const std::string& path);
std::vector<Position> parse_board_text(const std::string& text, const std::string& source_name);

// The empty board, its 7 successors and their 49 successors (57 boards).
std::vector<Position> shallow_boards();

// Every distinct position after exactly `plies` moves from the empty board,
// one of each mirror pair (the first met when move strings are enumerated
// in column order, so the set and its order are fixed): 1, 4, 25, 121, 568
// boards for 0-4 plies. Precondition: 0 <= plies <= kMaxOpeningPlies.
inline constexpr int kMaxOpeningPlies = 8;
std::vector<Position> opening_boards(int plies);

// The same openings, each with the move string that reaches it first.
struct Opening {
  std::string moves;  // columns 1-7, as game/notation.hpp reads them
  Position position;
};
std::vector<Opening> openings_with_moves(int plies);

// The openings of opening_boards(plies) that perfect play values within
// `within` of a draw (|score| <= within, solver/opening_book.hpp): the ones
// neither side can win early, so a pair of games from one tells the players
// apart rather than the colours. Preconditions: 0 <= plies <=
// solver::kOpeningBookPlies, within >= 0.
std::vector<Position> balanced_opening_boards(int plies, int within);

// One part of a board set, as specs write it: `shallow` (the 57 boards up to
// 2 plies), `random(N)` (N boards from seeded random games), `openings(N)`
// (every N-ply opening up to mirror images), `balanced-openings(N, B)` (those
// of them scored within B of a draw) or `file("path")`.
struct BoardSource {
  enum class Kind { Shallow, Random, File, Openings, BalancedOpenings } kind = Kind::Shallow;
  int count = 0;  // random: boards; openings: plies
  std::string path;
  int within = 0;  // balanced openings: the largest |score| kept
};

// The boards of a set of sources, in order; random boards avoid `exclude` and
// the boards of earlier sources.
std::vector<Position> build_boards(const std::vector<BoardSource>& sources, std::uint64_t seed,
                                   const std::vector<Position>& exclude);

// The fewest stones a board of `sources` can have, found without making
// random boards: 0 for shallow and random(N) (either may give the empty
// board), N for N-ply openings, the fewest of a file's boards.
int fewest_stones(const std::vector<BoardSource>& sources);
// The fewest stones of `boards` (kCells when there are none).
int fewest_stones(const std::vector<Position>& boards);

// `count` distinct positions, not finished and not already in `exclude`, each
// taken at a uniformly random ply of a seeded random-vs-random game.
std::vector<Position> random_game_boards(int count, std::uint64_t seed, const std::vector<Position>& exclude);

}  // namespace evalsynth
