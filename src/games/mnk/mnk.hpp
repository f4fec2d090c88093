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
#include "games/grid/stone_game.hpp"

namespace evalsynth::mnk {

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

template <bool Fill>
class MnkGame : public grid::StoneGame<MnkGame<Fill>> {
  using Base = grid::StoneGame<MnkGame<Fill>>;
  using Base::g_;

 public:
  using typename Base::Position;
  static constexpr GameFamily kFamily = GameFamily::Mnk;
  // The fill variant plays on after a line (grid/stone_game.hpp).
  static constexpr bool kFirstLineWins = !Fill;

  MnkGame() : MnkGame(3, 3, 3) {}
  MnkGame(int columns, int rows, int line) : Base(grid::grid_geometry(columns, rows, line)) {}

  std::string name() const {
    return "mnk(" + std::to_string(g_->columns()) + "," + std::to_string(g_->rows()) + "," +
           std::to_string(g_->line()) + (Fill ? ",fill)" : ")");
  }
  std::uint64_t legal_cells(const Position& p) const { return g_->board() & ~p.occupied(); }
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
  void require_move(const Position& p, int cell, const TextLocation& where) const {
    Base::require_free(p, cell, where);
  }
  std::string move_help() const { return "a cell such as b2"; }
  std::span<const ReferenceProgram> reference_programs() const { return mnk::reference_programs(); }

  // `positions` labels positions from this many moves on by default: boards
  // up to 4 x 4 are solved from the start in seconds, larger ones from later.
  std::pair<int, int> default_position_plies() const {
    return {g_->cells() <= 16 ? 0 : g_->cells() / 3, g_->cells() - 1};
  }
  int perfect_play_min_plies() const { return g_->cells() <= 16 ? 0 : g_->cells() / 3; }
};

using Game = MnkGame<false>;
using FillGame = MnkGame<true>;
static_assert(HasFastWinTests<Game> && !HasFastWinTests<FillGame>);

}  // namespace evalsynth::mnk
