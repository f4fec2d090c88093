#pragma once
// Game records (match --record FILE, --replay FILE, ratings FILE): every
// game of a match on one line, so a result can be re-examined, re-scored
// and re-tested without playing again. A text file: '#' lines describe the
// match, then a line of column names, then one game a line, tab-separated:
//
//   # evalsynth match records: one game a line
//   # game: connect4
//   # start boards: 1 (empty board)
//   # move order: random
//   # random moves: 10 (only where some were: match --random-moves)
//   # games per board: 1000
//   # seed: 1
//   # player: ibef@2: built-in
//   # player: quick@3: results/quick/best.eval (hash 9c1f0e2a4b6d8f10)
//   x  o  board  repetition  result  plies  nodes  moves
//   ibef@2  adate@2  0  0  1-0  23  14022  44433...
//   # end: 1000 games, checksum 5b2e0c6d1a7f3e49
//
// `board` indexes the match's start boards (the header says which they
// were), `result` is X's (1-0, 0-1 or 1/2-1/2), `moves` the game's move
// sequence from its start board, as the game writes one (game/game.hpp).
// A game's seed is not written: it is game_seed(seed, x, o, board,
// repetition) (tournament/match.hpp), which the reader fills in; the
// column would double a compressed file's size. The header says where each
// player came from (a file's path and the hash of its bytes) and, for a
// sequential test, its bounds; the closing line counts the games and sums
// their lines (FNV-1a), so a record cut short, or changed by hand, is
// refused where it ends rather than re-scored as if it were whole.

#include <string>
#include <vector>

#include "support/error.hpp"
#include "tournament/match.hpp"

namespace evalsynth {

struct MatchRecordHeader {
  std::string game;         // the game's name (games/registry.hpp)
  std::size_t boards = 1;   // how many start boards
  std::string board_text;   // what they were
  std::string order;        // the root move order's word
  int games_per_board = 1;  // repetitions per board and pairing
  std::uint64_t seed = 1;
  std::vector<std::string> players;  // "LABEL: SOURCE", where each came from
  std::string sprt;                  // the sequential test's bounds and limit ("" none)
  int random_move_percent = 0;       // moves made at random (match --random-moves; 0: the line is left out)
};

std::string match_records_text(const MatchRecordHeader& header, const std::vector<MatchGame>& games);
// Writes the records to `path` (atomically), gzip-compressed when the name
// ends in ".gz": a record of a long match compresses about fourfold.
void write_match_records(const std::string& path, const MatchRecordHeader& header, const std::vector<MatchGame>& games);

struct MatchRecords {
  MatchRecordHeader header;
  std::vector<MatchGame> games;
  TextLocation game_at;  // where the header names the game
};
// Reads a record file, plain or gzip-compressed; throws InputError at the file's line and column for
// anything that is not one (a missing header field, a bad column, a result
// that is not 1-0, 0-1 or 1/2-1/2, a board index beyond the boards).
MatchRecords read_match_records(const std::string& path);

}  // namespace evalsynth
