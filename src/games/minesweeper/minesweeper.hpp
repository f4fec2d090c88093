#pragma once
// Minesweeper as FABLE's thesis plays it (Jackson 2009, §3.2.1): an N x N
// grid (3, 4 or 5) with M mines placed at random before the first click (so
// the first click may lose), no flags; a click on a mine loses, a click
// elsewhere shows the number of mines around the cell, and a 0 clicks its
// neighbours in turn; clicking every cell without a mine wins.
//
// It is its own small module, not a Game of the engine (game/game.hpp):
// it has one player and hidden information, so it has no opponent, no
// position to search from (a position is the mines and what was clicked, of
// which a player sees only the second) and no fixed start (each game deals
// its mines). What it shares with the engine's games is the shape FABLE
// reads (model/fable.hpp): cells on a grid in observed states, moves, a
// result. A player sees `cell_state`: a clicked cell's count (0-8) or 9 for
// a cell not clicked; never the mines.

#include <cstdint>
#include <string>

#include "game/cell_board.hpp"
#include "game/game.hpp"
#include "support/random.hpp"

namespace evalsynth::minesweeper {

inline constexpr int kUnclicked = 9;

struct Position {
  std::uint32_t mines = 0, clicked = 0;
  bool exploded = false;
  friend bool operator==(const Position&, const Position&) = default;
};

// Whether `name` is the name() of a game of some size and number of mines
// (model files name their game).
bool is_game_name(const std::string& name);

class Game {
 public:
  using Position = minesweeper::Position;
  using Move = int;  // a cell: row * N + column
  static constexpr std::size_t kMaxMoves = 25;

  // Throws UsageError unless 3 <= size <= 5 and 1 <= mines < size^2.
  Game(int size, int mines);

  std::string name() const { return "minesweeper(" + std::to_string(size_) + "," + std::to_string(mines_) + ")"; }
  int size() const { return size_; }
  int mines() const { return mines_; }
  int cells() const { return size_ * size_; }

  // A new game: the mines at distinct cells, uniformly at random.
  Position deal(Rng& rng) const;
  // The cells not clicked yet (what a player may click).
  void legal_moves(const Position& p, MoveList<Move, kMaxMoves>& moves) const;
  // A click, with the cascade of zeros. Precondition: the game is on.
  Position play(const Position& p, Move cell) const;
  // XWon: every free cell clicked; OWon: a mine clicked (the player lost).
  Status status(const Position& p) const;
  Side side_to_move(const Position&) const { return Side::X; }

  // FABLE's view (model/fable.hpp): a move is the click alone, not what it
  // reveals (which the player cannot know before clicking).
  static int clicked_cell(Move m) { return m; }
  CellBoard cell_board() const;
  CellGrid cell_grid() const;
  int cell_state(const Position& p, int cell) const;
  // The board as a player sees it: counts, '.' not clicked ('*' a clicked mine).
  std::string board_text(const Position& p) const;

 private:
  int around(std::uint32_t mines, int cell) const;
  std::uint32_t neighbours(int cell) const { return neighbours_[static_cast<std::size_t>(cell)]; }

  int size_, mines_;
  std::uint32_t all_;
  std::uint32_t neighbours_[25] = {};
};

}  // namespace evalsynth::minesweeper
