#pragma once
// m,n,k-games: tic-tac-toe and its larger boards. Stones go on any empty
// cell of an M x N board (M columns, N rows); a line of K of one's own
// stones (across, up, or diagonal) wins, a full board without one is a
// draw. mnk(3,3,3) is tic-tac-toe. With `fill` (FABLE's variant, Jackson
// 2009) the game instead goes on until the board is full and each side
// scores a point per line of K it holds (a longer run holds several); more
// points wins, equal points draw.
//
// Limits: M, N from 1 to 16 with M x N at most 64 cells; K from 1 to 8 and
// at most max(M, N).

#include <span>
#include <string>
#include <string_view>

#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/family.hpp"
#include "games/grid/grid.hpp"
#include "games/grid/line_features.hpp"

namespace evalsynth::mnk {

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

template <bool Fill>
class MnkGame {
 public:
  using Position = grid::Stones;
  using Move = int;  // a cell: row * M + column
  static constexpr std::size_t kMaxMoves = grid::kMaxCells;
  static constexpr GameFamily kFamily = GameFamily::Mnk;

  MnkGame() : MnkGame(3, 3, 3) {}
  MnkGame(int columns, int rows, int line) : g_(&grid::grid_geometry(columns, rows, line)) {}

  const grid::Geometry& geometry() const { return *g_; }
  std::string name() const {
    return "mnk(" + std::to_string(g_->columns()) + "," + std::to_string(g_->rows()) + "," +
           std::to_string(g_->line()) + (Fill ? ",fill)" : ")");
  }
  Position start() const { return {}; }
  Side side_to_move(const Position& p) const { return p.side_to_move(); }
  int plies(const Position& p) const { return p.count(); }
  void legal_moves(const Position& p, MovesOf<MnkGame>& out) const {
    for (std::uint64_t free = g_->board() & ~p.occupied(); free; free &= free - 1)
      out.push_back(std::countr_zero(free));
  }
  Position play(const Position& p, int cell) const {
    Position next = p;
    (p.side_to_move() == Side::X ? next.x : next.o) |= std::uint64_t{1} << cell;
    return next;
  }
  Status status(const Position& p) const {
    const bool full = p.count() == g_->cells();
    if constexpr (Fill) {
      if (!full) return Status::Ongoing;
      const int x = g_->lines_filled(p.x), o = g_->lines_filled(p.o);
      return x > o ? Status::XWon : o > x ? Status::OWon : Status::Drawn;
    } else {
      const Side last = opponent(p.side_to_move());
      if (p.count() > 0 && g_->has_line(p.of(last))) return last == Side::X ? Status::XWon : Status::OWon;
      return full ? Status::Drawn : Status::Ongoing;
    }
  }
  // The first line wins: the search tests wins before moving (game/search.hpp).
  bool wins_at_once(const Position& p, int cell) const requires(!Fill) {
    return g_->completes_line(p.of(p.side_to_move()) | std::uint64_t{1} << cell, cell);
  }
  bool has_winning_move(const Position& p) const requires(!Fill) {
    const Side s = p.side_to_move();
    return g_->winning_cells(p.of(s), p.of(opponent(s))) != 0;
  }
  bool is_drawn(const Position& p) const requires(!Fill) { return p.count() == g_->cells(); }

  // Below the root: cells on the most lines first (game/search.hpp).
  template <class F>
  void for_each_search_move(const Position& p, F&& f) const {
    const std::uint64_t legal = g_->board() & ~p.occupied();
    for (const std::uint8_t cell : g_->search_order())
      if ((legal >> cell & 1) && !f(static_cast<int>(cell))) return;
  }
  // The exact solver's forcing rule: the opponent's winning cells the side
  // to move must fill (how many there are; the one to play if just one).
  int forced_moves(const Position& p, MovesOf<MnkGame>& out) const requires(!Fill) {
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
    require_free(p, cell, where);
    return cell;
  }
  // A move sequence ("b2a1c3"): cells one after another, X first.
  Position parse_position(std::string_view text, const TextLocation& where) const {
    return grid::parse_cell_sequence(*g_, text, where, [&](const Position& p, int cell, const TextLocation& at) {
      if (status(p) != Status::Ongoing) throw InputError(at, "a move after the game has ended");
      require_free(p, cell, at);
      return play(p, cell);
    });
  }
  std::string board_text(const Position& p) const { return g_->text(p); }
  std::string move_help() const { return "a cell such as b2"; }

  // The language (lang/game_program.hpp).
  void features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const {
    grid::line_features(*g_, p, g_->board() & ~p.occupied(), requests, values);
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
  std::span<const ReferenceProgram> reference_programs() const { return mnk::reference_programs(); }

  int max_plies() const { return g_->cells(); }
  // `positions` labels positions from this many moves on by default: boards
  // up to 4 x 4 are solved from the start in seconds, larger ones from later.
  std::pair<int, int> default_position_plies() const {
    return {g_->cells() <= 16 ? 0 : g_->cells() / 3, g_->cells() - 1};
  }
  int perfect_play_min_plies() const { return g_->cells() <= 16 ? 0 : g_->cells() / 3; }

 private:
  void require_free(const Position& p, int cell, const TextLocation& where) const {
    if (p.occupied() >> cell & 1) throw InputError(where, "cell " + g_->cell_name(cell) + " is taken");
  }

  const grid::Geometry* g_;
};

using Game = MnkGame<false>;
using FillGame = MnkGame<true>;
static_assert(HasFastWinTests<Game> && !HasFastWinTests<FillGame>);

}  // namespace evalsynth::mnk
