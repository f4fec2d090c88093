#pragma once
// Four in a row placed freely under an adjacency rule (Ledger and Kneeland's
// OS X game, "four-in-a-row design document"): the first stone goes on any
// cell, every later one on an empty cell that touches an occupied one
// (8-neighbourhood); four of one's own stones in a line (across, up, or
// diagonal) win, a full board is a draw. The board is W columns by H rows,
// 8 x 6 by default (the document's network reads 48 cells); up to 64 cells.

#include <span>
#include <string>
#include <string_view>

#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/family.hpp"
#include "games/grid/grid.hpp"
#include "games/grid/line_features.hpp"

namespace evalsynth::adjacent4 {

inline constexpr int kLine = 4;

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

class Game {
 public:
  using Position = grid::Stones;
  using Move = int;  // a cell: row * W + column
  static constexpr std::size_t kMaxMoves = grid::kMaxCells;
  static constexpr GameFamily kFamily = GameFamily::Adjacent4;

  Game() : Game(8, 6) {}
  Game(int columns, int rows) : g_(&grid::grid_geometry(columns, rows, kLine)) {}

  const grid::Geometry& geometry() const { return *g_; }
  std::string name() const {
    return "adjacent4(" + std::to_string(g_->columns()) + "," + std::to_string(g_->rows()) + ")";
  }
  Position start() const { return {}; }
  Side side_to_move(const Position& p) const { return p.side_to_move(); }
  int plies(const Position& p) const { return p.count(); }
  // The cells the side to move may play: any on an empty board, else the
  // empty ones next to a stone.
  std::uint64_t legal_cells(const Position& p) const {
    return p.occupied() ? g_->neighbours(p.occupied()) : g_->board();
  }
  void legal_moves(const Position& p, MovesOf<Game>& out) const {
    for (std::uint64_t free = legal_cells(p); free; free &= free - 1) out.push_back(std::countr_zero(free));
  }
  Position play(const Position& p, int cell) const {
    Position next = p;
    (p.side_to_move() == Side::X ? next.x : next.o) |= std::uint64_t{1} << cell;
    return next;
  }
  Status status(const Position& p) const {
    const Side last = opponent(p.side_to_move());
    if (p.count() > 0 && g_->has_line(p.of(last))) return last == Side::X ? Status::XWon : Status::OWon;
    return p.count() == g_->cells() ? Status::Drawn : Status::Ongoing;
  }
  // Only the mover can win, with a move that completes a line; a cell that
  // does is always next to that line's stones, so always playable.
  bool wins_at_once(const Position& p, int cell) const {
    return g_->completes_line(p.of(p.side_to_move()) | std::uint64_t{1} << cell, cell);
  }
  bool has_winning_move(const Position& p) const {
    const Side s = p.side_to_move();
    return g_->winning_cells(p.of(s), p.of(opponent(s))) != 0;
  }
  bool is_drawn(const Position& p) const { return p.count() == g_->cells(); }

  // Below the root: cells on the most lines first (game/search.hpp).
  template <class F>
  void for_each_search_move(const Position& p, F&& f) const {
    const std::uint64_t legal = legal_cells(p);
    for (const std::uint8_t cell : g_->search_order())
      if ((legal >> cell & 1) && !f(static_cast<int>(cell))) return;
  }
  // The exact solver's forcing rule: the opponent's winning cells the side
  // to move must fill (how many there are; the one to play if just one).
  int forced_moves(const Position& p, MovesOf<Game>& out) const {
    const Side s = p.side_to_move();
    const std::uint64_t theirs = g_->winning_cells(p.of(opponent(s)), p.of(s));
    if (std::popcount(theirs) == 1) out.push_back(std::countr_zero(theirs));
    return std::popcount(theirs);
  }

  std::uint64_t key(const Position& p) const { return grid::stones_key(p); }
  Position canonical(const Position& p) const { return g_->canonical(p); }
  std::uint64_t canonical_key(const Position& p) const { return grid::stones_key(g_->canonical(p)); }

  std::string move_text(const Position&, int cell) const { return g_->cell_name(cell); }
  int parse_move(const Position& p, std::string_view text, const TextLocation& where) const {
    const int cell = g_->parse_cell(text, where);
    require_legal(p, cell, where);
    return cell;
  }
  // A move sequence ("d3e4d4"): cells one after another, X first.
  Position parse_position(std::string_view text, const TextLocation& where) const {
    return grid::parse_cell_sequence(*g_, text, where, [&](const Position& p, int cell, const TextLocation& at) {
      if (status(p) != Status::Ongoing) throw InputError(at, "a move after the game has ended");
      require_legal(p, cell, at);
      return play(p, cell);
    });
  }
  std::string board_text(const Position& p) const { return g_->text(p); }
  std::string move_help() const { return "an empty cell next to a stone, such as d3"; }

  // The language (lang/game_program.hpp).
  void features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const {
    grid::line_features(*g_, p, legal_cells(p), requests, values);
  }
  std::uint64_t cell_of(std::int32_t row, std::int32_t col) const {
    return g_->on_board(row, col) ? g_->cell(row, col) : 0;
  }
  std::int32_t square_at(const Position& p, std::uint64_t cell) const {
    return (p.x & cell) ? 1 : (p.o & cell) ? -1 : 0;
  }
  std::int32_t square(const Position& p, std::int32_t row, std::int32_t col) const {
    return square_at(p, cell_of(row, col));
  }
  std::span<const ReferenceProgram> reference_programs() const { return adjacent4::reference_programs(); }

  int max_plies() const { return g_->cells(); }
  // Exact values are affordable only late in the game on a full-size board.
  std::pair<int, int> default_position_plies() const {
    return {g_->cells() <= 16 ? 0 : g_->cells() - 18, g_->cells() - 1};
  }
  int perfect_play_min_plies() const { return g_->cells() <= 16 ? 0 : g_->cells() - 18; }

 private:
  void require_legal(const Position& p, int cell, const TextLocation& where) const {
    if (p.occupied() >> cell & 1) throw InputError(where, "cell " + g_->cell_name(cell) + " is taken");
    if (!(legal_cells(p) >> cell & 1))
      throw InputError(where, "cell " + g_->cell_name(cell) +
                                  " touches no stone (after the first move, every stone "
                                  "goes next to one already on the board)");
  }

  const grid::Geometry* g_;
};

static_assert(HasFastWinTests<Game>);

}  // namespace evalsynth::adjacent4
