#pragma once
// A stone-placement game described in a file (`game = specs/games/x.game`,
// `--game x.game`): the board, where a stone may go, the line that counts,
// its directions, how the game ends. The game is the mnk family's with
// those rules (games/mnk/mnk.hpp), so its canonical name ("mnk(9,7,5,drop)")
// is what programs, models and results carry: they read back without the
// file. Lines of `key = value`, `#` comments:
//
//   board      = 9 x 7        columns x rows, at most 64 cells
//   line       = 5            stones in a row that win (or count)
//   placement  = drop         anywhere | drop (the lowest free cell of a
//                             column) | adjacent (next to a stone, the first
//                             anywhere); default anywhere
//   directions = all          all, or some of across, up, diagonal,
//                             antidiagonal (comma-separated); default all
//   end        = first-line   first-line (a line wins) | full-board (play on
//                             to a full board, more lines win); default first-line
//   first      = x            who moves first: x (evalsynth's first player is
//                             always X; the rules treat both sides alike)

#include <span>
#include <string>
#include <string_view>

#include "support/error.hpp"

namespace evalsynth {

struct GameDescriptor;

// The keys a game file may have, in the order `evalsynth help games` and the
// README list them; the reader knows these and no others.
struct GameFileKey {
  std::string_view key, values, default_value, about;
};
std::span<const GameFileKey> game_file_keys();
// Their list as help texts print it: a key, its values and default, what it means.
std::string game_file_keys_text();

// Reads and checks the file; every bad field is an InputError at its
// file:line:col (a missing or unreadable file, at `where`).
GameDescriptor read_game_file(const std::string& path, const TextLocation& where);

}  // namespace evalsynth
