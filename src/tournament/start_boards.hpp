#pragma once
// Sets of start boards: read from a file, or generated as in the thesis
// (the empty board, all 1-ply and 2-ply boards, and boards taken from
// random-vs-random games).

#include <cstdint>
#include <string>
#include <vector>

#include "game/game.hpp"

namespace evalsynth {

// Start boards of any game from a file: the game's own formats where it has
// them (HasOwnBoardFiles: Connect4's, games/connect4/board_file.hpp); else the file names its game first (`game
// mnk(3,3,3)`), then one position a line in the game's notation (`-` the start), optionally followed by MOVE:SCORE
// pairs (so labelled position files are board files too).
template <Game G>
std::vector<typename G::Position> read_game_boards(const G& game, const std::string& path);

// The start position, its successors and theirs (Connect4: 1 + 7 + 49 = 57
// boards), in move order.
template <Game G>
std::vector<typename G::Position> shallow_boards(const G& game);

// Every distinct position after exactly `plies` moves from the start, one of
// each symmetry class (the first met when move sequences are enumerated in
// the game's move order, so the set and its order are fixed); Connect4: 1, 4,
// 25, 121, 568 boards for 0-4 plies. Finished positions are left out.
// Precondition: 0 <= plies <= kMaxOpeningPlies.
inline constexpr int kMaxOpeningPlies = 8;
template <Game G>
struct Opening {
  std::string moves;  // the move sequence that reaches it first (the game's notation)
  typename G::Position position;
};
template <Game G>
std::vector<Opening<G>> openings_with_moves(const G& game, int plies);
template <Game G>
std::vector<typename G::Position> opening_boards(const G& game, int plies);

// The openings that perfect play values within `within` of a draw: Connect4
// from the solver's opening book (|score| <= within, solver/opening_book.hpp;
// plies up to connect4::kOpeningBookPlies); other games solve them exactly
// (solver/exact_solver.hpp), and `within` must be 0 (the drawn ones): the
// ones neither side can win early, so a pair of games from one tells the
// players apart rather than the colours.
template <Game G>
std::vector<typename G::Position> balanced_opening_boards(const G& game, int plies, int within);

// One part of a board set, as specs write it: `shallow` (the start and the
// positions up to 2 plies), `random(N)` (N boards from seeded random games),
// `openings(N)` (every N-ply opening up to symmetry),
// `balanced-openings(N, B)` (those of them scored within B of a draw) or
// `file("path")`.
struct BoardSource {
  enum class Kind { Shallow, Random, File, Openings, BalancedOpenings } kind = Kind::Shallow;
  int count = 0;  // random: boards; openings: plies
  std::string path;
  int within = 0;                  // balanced openings: the largest |score| kept
  TextLocation where{"the spec"};  // where a spec gave it, for its errors
};

// The boards of a set of sources, in order; random boards avoid `exclude` and
// the boards of earlier sources.
template <Game G>
std::vector<typename G::Position> build_boards(const G& game, const std::vector<BoardSource>& sources,
                                               std::uint64_t seed, const std::vector<typename G::Position>& exclude);

// The fewest plies a board of `sources` can have, found without making
// random boards: 0 for shallow and random(N) (either may give the start),
// N for N-ply openings, the fewest of a file's boards.
template <Game G>
int fewest_plies(const G& game, const std::vector<BoardSource>& sources);
// The fewest plies of `boards` (a large number when there are none).
template <Game G>
int fewest_plies(const G& game, const std::vector<typename G::Position>& boards);

// `count` distinct positions, not finished and not already in `exclude`, each
// taken at a uniformly random ply of a seeded random-vs-random game.
template <Game G>
std::vector<typename G::Position> random_game_boards(const G& game, int count, std::uint64_t seed,
                                                     const std::vector<typename G::Position>& exclude);

}  // namespace evalsynth
