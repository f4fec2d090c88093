#pragma once
// What the games of stones placed on a grid share (mnk/, adjacent4/): the
// position and its moves, keys and symmetries, cell notation, the text
// board, the language's line features and squares. A game derives from
// StoneGame<itself> (a compile-time base: no virtual call in the search) and
// adds its rules:
//   std::uint64_t legal_cells(const Position&) const;   the cells it may play
//   Status status(const Position&) const;
//   void require_move(const Position&, int cell, const TextLocation&) const;
//                                     throws InputError if the cell is not legal
// With `static constexpr bool kFirstLineWins = true` (the first line of K
// ends the game) it also gets the search's fast win tests and the exact
// solver's forcing rule.

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "game/cell_board.hpp"
#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/grid/grid.hpp"
#include "games/grid/line_features.hpp"

namespace evalsynth::grid {

template <class Derived>
class StoneGame {
 public:
  using Position = Stones;
  using Move = int;  // a cell: row * columns + column
  static constexpr std::size_t kMaxMoves = kMaxCells;
  // MovesOf<Derived>, which cannot be named while Derived is incomplete.
  using Moves = MoveList<int, kMaxCells>;

  const Geometry& geometry() const { return *g_; }
  Position start() const { return {}; }
  Side side_to_move(const Position& p) const { return p.side_to_move(); }
  int plies(const Position& p) const { return p.count(); }
  int max_plies() const { return g_->cells(); }
  void legal_moves(const Position& p, Moves& out) const {
    for (std::uint64_t free = self().legal_cells(p); free; free &= free - 1) out.push_back(std::countr_zero(free));
  }
  Position play(const Position& p, int cell) const {
    Position next = p;
    (p.side_to_move() == Side::X ? next.x : next.o) |= std::uint64_t{1} << cell;
    return next;
  }
  // Below the root: cells on the most lines first (game/search.hpp); under
  // gravity the columns, centre first, as Connect4's search.
  template <class F>
  void for_each_search_move(const Position& p, F&& f) const {
    const std::uint64_t legal = self().legal_cells(p);
    if (g_->gravity()) {
      for (int i = 0; i < g_->columns(); ++i)
        if (const std::uint64_t cell = legal & g_->column_cells(g_->column_in_search_order(i)))
          if (!f(std::countr_zero(cell))) return;
      return;
    }
    for (const std::uint8_t cell : g_->search_order())
      if ((legal >> cell & 1) && !f(static_cast<int>(cell))) return;
  }

  // The first line wins: the search tests wins before moving (game/search.hpp).
  // A cell that completes a line is next to that line's stones, so it is
  // legal under the placement rules anywhere and adjacent; under gravity
  // (line_cells_may_be_unplayable) only if it is a column's lowest free cell.
  bool wins_at_once(const Position& p, int cell) const requires Derived::kFirstLineWins {
    return g_->completes_line(p.of(p.side_to_move()) | std::uint64_t{1} << cell, cell);
  }
  bool has_winning_move(const Position& p) const requires Derived::kFirstLineWins {
    const Side s = p.side_to_move();
    return playable(p, g_->winning_cells(p.of(s), p.of(opponent(s)))) != 0;
  }
  bool is_drawn(const Position& p) const requires Derived::kFirstLineWins { return p.count() == g_->cells(); }
  // The exact solver's forcing rule: the opponent's winning cells the side
  // to move must fill (how many there are; the one to play if just one).
  int forced_moves(const Position& p, Moves& out) const requires Derived::kFirstLineWins {
    const Side s = p.side_to_move();
    const std::uint64_t theirs = playable(p, g_->winning_cells(p.of(opponent(s)), p.of(s)));
    if (std::popcount(theirs) == 1) out.push_back(std::countr_zero(theirs));
    return std::popcount(theirs);
  }

  std::uint64_t key(const Position& p) const { return stones_key(p); }
  Position canonical(const Position& p) const { return g_->canonical(p); }
  std::uint64_t canonical_key(const Position& p) const { return stones_key(g_->canonical(p)); }

  std::string move_text(const Position&, int cell) const { return g_->cell_name(cell); }
  int parse_move(const Position& p, std::string_view text, const TextLocation& where) const {
    const int cell = g_->parse_cell(text, where);
    self().require_move(p, cell, where);
    return cell;
  }
  // A move sequence ("b2a1c3"): cells one after another, X first.
  Position parse_position(std::string_view text, const TextLocation& where) const {
    return parse_cell_sequence(*g_, text, where, [&](const Position& p, int cell, const TextLocation& at) {
      if (self().status(p) != Status::Ongoing) throw InputError(at, "a move after the game has ended");
      self().require_move(p, cell, at);
      return play(p, cell);
    });
  }
  std::string board_text(const Position& p) const { return g_->text(p); }

  // The language (lang/game_program.hpp).
  void features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const {
    line_features(*g_, p, self().legal_cells(p), requests, values);
  }
  std::uint64_t cell_of(std::int32_t row, std::int32_t col) const {
    return g_->on_board(row, col) ? g_->cell(row, col) : 0;
  }
  std::int32_t square_at(const Position& p, std::uint64_t cell) const {
    return (p.x & cell) ? 1 : (p.o & cell) ? -1 : 0;
  }
  StoneBitboards stone_bitboards(const Position& p) const { return {p.x, p.o}; }
  std::int32_t square(const Position& p, std::int32_t row, std::int32_t col) const {
    return square_at(p, cell_of(row, col));
  }

  // The board as the n-tuple learner sees it (game/cell_board.hpp): a cell
  // is empty (0), X's (1) or O's (2), and in games whose placement rule
  // leaves empty cells unplayable (Derived::kPlayableCellState, or
  // playable_cell_state_now() for a rule chosen at run time) an empty cell
  // that may be played now is a fourth state (3), as Connect4's network
  // tells the playable cell of a column; the grid's symmetries; the 8 cells
  // around each.
  bool playable_cell_state() const {
    if constexpr (requires { Derived::kPlayableCellState; })
      return Derived::kPlayableCellState;
    else if constexpr (requires { self().playable_cell_state_now(); })
      return self().playable_cell_state_now();
    else
      return false;
  }
  CellBoard cell_board() const { return grid_cell_board(*g_, playable_cell_state() ? 4 : 3); }
  CellGrid cell_grid() const {
    CellGrid grid{g_->rows(), g_->columns(), {}};
    for (int cell = 0; cell < g_->cells(); ++cell)
      grid.place.emplace_back(static_cast<std::uint8_t>(cell / g_->columns()),
                              static_cast<std::uint8_t>(cell % g_->columns()));
    return grid;
  }
  int cell_state(const Position& p, int cell) const {
    const int stone = static_cast<int>((p.x >> cell & 1) | (p.o >> cell & 1) << 1);
    if (playable_cell_state())
      if (stone == 0 && (self().legal_cells(p) >> cell & 1)) return 3;
    return stone;
  }
  // All cells at once (what the network reads; the legal cells once).
  void read_cell_states(const Position& p, std::uint16_t* states) const {
    const std::uint64_t playable = playable_cell_state() ? self().legal_cells(p) : 0;
    for (int cell = 0; cell < g_->cells(); ++cell)
      states[cell] =
          static_cast<std::uint16_t>((p.x >> cell & 1) | (p.o >> cell & 1) << 1 | (playable >> cell & 1) * 3);
  }

 protected:
  explicit StoneGame(const Geometry& geometry) : g_(&geometry) {}
  // A taken cell, in the words every stone game uses.
  void require_free(const Position& p, int cell, const TextLocation& where) const {
    if (p.occupied() >> cell & 1) throw InputError(where, "cell " + g_->cell_name(cell) + " is taken");
  }

  const Geometry* g_;

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  // The cells of `cells` the side to move may play now.
  std::uint64_t playable(const Position& p, std::uint64_t cells) const {
    if constexpr (requires { self().line_cells_may_be_unplayable(); })
      if (self().line_cells_may_be_unplayable()) return cells & self().legal_cells(p);
    return cells;
  }
};

}  // namespace evalsynth::grid
