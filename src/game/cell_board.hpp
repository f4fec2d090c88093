#pragma once
// A game's board as a learner that knows no game sees it: a number of cells,
// each in one of a few states, the board's symmetries as permutations of the
// cells, and which cells are next to which. The n-tuple learner
// (model/board_ntuple_net.hpp) reads nothing else, so every game that
// describes its board this way can be learned, and one learned network
// values a position and its symmetric images alike.
//
// A game provides it with
//   CellBoard cell_board() const;                   the description
//   int cell_state(const Position&, int cell) const;  0 .. states - 1
// (grid games: 0 empty, 1 X, 2 O; ModNim: one cell holding the sticks left).

#include <concepts>
#include <cstdint>
#include <utility>
#include <vector>

#include "game/game.hpp"

namespace evalsynth {

struct CellBoard {
  // Cells are numbered 0 .. cells - 1, at most kMaxCells (tuples store a
  // cell in a byte).
  static constexpr int kMaxCells = 256;
  // Within a table of 2^26 weights a tuple of one cell may have this many.
  static constexpr int kMaxStates = 1 << 16;

  int cells = 0;
  int states = 0;
  // symmetries[s][cell]: the image of `cell` under symmetry s; the identity
  // first. A position and its image under s have the same value.
  std::vector<std::vector<std::uint8_t>> symmetries;
  // neighbours[cell]: the cells next to it (random walks grow tuples along them).
  std::vector<std::vector<std::uint8_t>> neighbours;

  friend bool operator==(const CellBoard&, const CellBoard&) = default;
};

// Where the cells lie on the board's rows and columns (what FABLE's
// localities and rotations need, model/fable.hpp): place[cell] = {row, col}.
// Checkers' squares keep their places on the full board, so a window of it
// holds the dark squares inside it.
struct CellGrid {
  int rows = 1, columns = 1;
  std::vector<std::pair<std::uint8_t, std::uint8_t>> place;
};

template <class G>
concept HasCellBoard = Game<G> && requires(const G& g, const typename G::Position& p, int cell) {
  { g.cell_board() } -> std::same_as<CellBoard>;
  { g.cell_state(p, cell) } -> std::convertible_to<int>;
};

}  // namespace evalsynth

namespace evalsynth {

template <class G>
concept HasCellGrid = HasCellBoard<G> && requires(const G& g) {
  { g.cell_grid() } -> std::same_as<CellGrid>;
};

}  // namespace evalsynth
