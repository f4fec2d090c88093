#pragma once
// An n-tuple network over any game's board (game/cell_board.hpp): the same
// model as Connect4's (model/ntuple_net.hpp; Lucas 2008, Thill et al. 2012),
// a set of tuples of cells, each with a table of one weight per combination
// of its cells' states, value = tanh(sum of the selected weights), from X's
// view. Every tuple is read under each of the board's symmetries into the
// same table, so symmetric positions have the same value; optionally each
// tuple has a table per side to move.
//
// Connect4 keeps its own network (its 4-state cells and column-wise sums,
// and the models its results were made with); this one knows a game only by
// its name and its CellBoard, and reads cells through the game's
// cell_state(), so one class serves every game that describes its board.
//
// A table index is sum over the tuple's cells k of state_k * states^k.

#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/cell_board.hpp"
#include "model/model_value.hpp"

namespace evalsynth::model {

class BoardNTupleNet {
 public:
  static constexpr int kMaxTuples = 1000;
  static constexpr int kMaxLength = 12;
  static constexpr double kMaxWeights = double(1 << 26);  // 256 MiB of floats

  BoardNTupleNet() = default;
  // Tuples of distinct cells of `board`, all of one length; weights start at 0.
  // Precondition: weight_count(board, tuples.size(), length, per_side) <= kMaxWeights.
  BoardNTupleNet(std::string game, CellBoard board, std::vector<std::vector<std::uint8_t>> tuples,
                 bool per_side_tables);

  // How many weights such a network has (as a double: it is checked against
  // kMaxWeights before anything is allocated).
  static double weight_count(const CellBoard& board, std::size_t tuples, int length, bool per_side_tables);

  const std::string& game() const { return game_; }  // the game's canonical name, "mnk(3,3,3)"
  const CellBoard& board() const { return board_; }
  bool per_side_tables() const { return sides_ == 2; }
  int length() const { return length_; }
  std::size_t tuple_count() const { return tuples_.size(); }
  std::size_t instance_count() const { return instance_cells_.size() / static_cast<std::size_t>(length_); }
  const std::vector<std::vector<std::uint8_t>>& tuples() const { return tuples_; }
  std::vector<float>& weights() { return weights_; }
  const std::vector<float>& weights() const { return weights_; }

  // Instance i: tuple i / symmetries under symmetry i % symmetries. Where
  // its table for positions with `to_move` to move starts in weights().
  std::size_t table_offset(std::size_t instance, Side to_move) const {
    return ((instance / symmetry_count_) * static_cast<std::size_t>(sides_) +
            (sides_ == 2 && to_move == Side::O ? 1 : 0)) *
           table_size_;
  }

  // The cell states of a position, read once (a tuple reads several cells,
  // and a cell is in many tuples).
  using CellStates = std::array<std::uint16_t, CellBoard::kMaxCells>;
  template <class G>
  void read_cells(const G& game, const typename G::Position& p, CellStates& states) const {
    if constexpr (requires { game.read_cell_states(p, states.data()); }) {
      game.read_cell_states(p, states.data());  // a game may read all cells at once, faster
      return;
    }
    for (int c = 0; c < board_.cells; ++c) {
      const int state = game.cell_state(p, c);
      assert(state >= 0 && state < board_.states);
      states[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(state);
    }
  }
  // Instance i's cells, length() of them, in the order of its table index.
  const std::uint8_t* instance_cells(std::size_t instance) const {
    return &instance_cells_[instance * static_cast<std::size_t>(length_)];
  }
  // Instance i's table index (within its table).
  std::uint32_t table_index(const CellStates& states, std::size_t instance) const {
    const std::uint8_t* cells = instance_cells(instance);
    std::uint32_t index = 0;
    for (int k = length_ - 1; k >= 0; --k) index = index * static_cast<std::uint32_t>(board_.states) + states[cells[k]];
    return index;
  }
  double sum(const CellStates& states, Side to_move) const {
    double total = 0;
    for (std::size_t i = 0; i < instance_count(); ++i)
      total += weights_[table_offset(i, to_move) + table_index(states, i)];
    return total;
  }
  template <class G>
  double value(const G& game, const typename G::Position& p) const {
    CellStates states;
    read_cells(game, p, states);
    return std::tanh(sum(states, game.side_to_move(p)));
  }

 private:
  std::string game_;
  CellBoard board_;
  int sides_ = 1;
  int length_ = 0;
  std::size_t symmetry_count_ = 1;
  std::uint32_t table_size_ = 0;
  std::vector<std::vector<std::uint8_t>> tuples_;
  std::vector<std::uint8_t> instance_cells_;  // instance by instance, length_ cells each
  std::vector<float> weights_;
};

// Whether `board` is well formed: sizes in range, every symmetry a
// permutation of the cells (the identity first), neighbours on the board.
// Returns what is wrong, or "" (model files are checked with it).
std::string cell_board_problem(const CellBoard& board);

// `count` tuples of `length` distinct cells, each a random walk over the
// board's neighbours from a random cell (Thill et al.'s construction).
// Precondition: 1 <= length <= board.cells.
std::vector<std::vector<std::uint8_t>> random_walk_tuples(const CellBoard& board, int count, int length,
                                                          std::uint64_t seed);

// Every straight line of `length` cells of the grid (across, down and both
// diagonals) whose cells are all on the board, one per class of lines the
// board's symmetries map onto one another (each tuple is read under every
// symmetry anyway): Jaśkowski's (2014) systematic n-tuples. Othello's
// 8x8 board has 32 lines of 2 cells, 24 of 3. Empty when none fits.
std::vector<std::vector<std::uint8_t>> straight_tuples(const CellBoard& board, const CellGrid& grid, int length);

// A game's model, as a search evaluator: the network's value on the
// evaluation scale (model_value.hpp), its saturated tails kept apart.
template <class G>
struct BoardNTupleEvaluator {
  G game;
  std::shared_ptr<const BoardNTupleNet> net;  // shared by the players that copy it
  int operator()(const typename G::Position& p) const {
    BoardNTupleNet::CellStates states;
    net->read_cells(game, p, states);
    return evaluation_from_tanh_sum(net->sum(states, game.side_to_move(p)));
  }
};

}  // namespace evalsynth::model
