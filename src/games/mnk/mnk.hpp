#pragma once
// m,n,k-games: tic-tac-toe and its larger boards. Stones go on any empty
// cell of an M x N board (M columns, N rows); a line of K of one's own
// stones (across, up, or diagonal) wins, a full board without one is a
// draw. mnk(3,3,3) is tic-tac-toe. With `fill` (FABLE's variant, Jackson
// 2009) the game instead goes on until the board is full and each side
// scores a point per line of K it holds (a longer run holds several); more
// points wins, equal points draw.
//
// The family also holds the stone-placement games a file describes
// (games/stone_rules.hpp): a stone may instead drop to the lowest free cell
// of a column (gravity: Connect4's rule) or go next to a stone already
// played (adjacent4's), and lines may count in some directions only.
//
// Limits: M, N from 1 to 16 with M x N at most 64 cells; K from 1 to 8 and
// at most max(M, N).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/family.hpp"
#include "games/grid/stone_game.hpp"

namespace evalsynth::mnk {

inline constexpr GameFamily kFamily{1};

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

// Where a stone may go.
enum class Placement : std::uint8_t { Anywhere, Drop, Adjacent };

// The rules past M, N and K, packed in one parameter of the game's name
// (games/registry.hpp): bit 0 fill, bits 1-2 the placement, bits 3-6 the
// directions lines do NOT run in (0: all, so the plain games are 0 and 1).
struct Rules {
  bool fill = false;
  Placement placement = Placement::Anywhere;
  std::uint8_t directions = grid::kAllDirections;

  int packed() const {
    return (fill ? 1 : 0) | static_cast<int>(placement) << 1 | (grid::kAllDirections & ~directions) << 3;
  }
  static Rules unpacked(int bits) {
    return {(bits & 1) != 0, static_cast<Placement>(bits >> 1 & 3),
            static_cast<std::uint8_t>(grid::kAllDirections & ~(bits >> 3))};
  }
};
// "mnk(7,6,4,drop)": M, N, K, then the rules that are not the defaults
// (fill; drop or adjacent; the directions, when not all).
std::string game_name(int columns, int rows, int line, const Rules& rules);
// The words of the rules in a name, in that order.
inline constexpr const char* kPlacementWords[] = {"anywhere", "drop", "adjacent"};
inline constexpr const char* kDirectionWords[] = {"across", "up", "diagonal", "antidiagonal"};

template <bool Fill>
class MnkGame : public grid::StoneGame<MnkGame<Fill>> {
  using Base = grid::StoneGame<MnkGame<Fill>>;
  using Base::g_;

 public:
  using typename Base::Position;
  static constexpr GameFamily kFamily = mnk::kFamily;
  // The fill variant plays on after a line (grid/stone_game.hpp).
  static constexpr bool kFirstLineWins = !Fill;

  MnkGame() : MnkGame(3, 3, 3) {}
  MnkGame(int columns, int rows, int line, Placement placement = Placement::Anywhere,
          std::uint8_t directions = grid::kAllDirections)
      : Base(grid::grid_geometry(columns, rows, line, directions, placement == Placement::Drop)),
        placement_(placement) {}

  std::string name() const;  // stone_rules.cpp: "mnk(4,4,4)", "mnk(7,6,4,drop)"
  Placement placement() const { return placement_; }
  std::uint64_t legal_cells(const Position& p) const {
    const std::uint64_t free = g_->board() & ~p.occupied();
    switch (placement_) {
      case Placement::Anywhere:
        break;
      case Placement::Drop:  // the lowest free cell of each column: row 1 or above a stone
        return free & (g_->bottom_row() | p.occupied() << g_->columns());
      case Placement::Adjacent:
        return p.occupied() ? g_->neighbours(p.occupied()) : free;
    }
    return free;
  }
  // Under gravity a cell that would complete a line may not be playable yet.
  bool line_cells_may_be_unplayable() const { return placement_ == Placement::Drop; }
  // The n-tuple learner tells the empty cells that may be played now where
  // that is not every empty cell.
  bool playable_cell_state_now() const { return placement_ != Placement::Anywhere; }
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
    if (!(legal_cells(p) >> cell & 1)) require_placement(cell, where);
  }
  std::string move_help() const;
  std::span<const ReferenceProgram> reference_programs() const { return mnk::reference_programs(); }

  // `positions` labels positions from this many moves on by default: boards
  // up to 4 x 4 are solved from the start in seconds, larger ones from later.
  std::pair<int, int> default_position_plies() const {
    return {g_->cells() <= 16 ? 0 : g_->cells() / 3, g_->cells() - 1};
  }
  int perfect_play_min_plies() const { return g_->cells() <= 16 ? 0 : g_->cells() / 3; }

 private:
  [[noreturn]] void require_placement(int cell, const TextLocation& where) const;
  Placement placement_;
};

using Game = MnkGame<false>;
using FillGame = MnkGame<true>;
// What they offer beyond the Game concept (game/game.hpp's abilities).
static_assert(HasFastWinTests<Game> && !HasFastWinTests<FillGame>);
static_assert(HasSearchOrder<Game> && HasSearchOrder<FillGame> && HasReferencePrograms<Game> && HasSolverReach<Game> &&
              HasCellGrid<Game> && HasCellGrid<FillGame> && HasStoneBitboards<Game> && HasStoneBitboards<FillGame> &&
              !HasMoveSeparator<Game> && !HasRootOrder<Game> && !HasNativeEvaluators<Game> && !HasOwnWords<Game> &&
              !HasRulesName<Game> && !HasTerminalBoard<Game> && !HasOwnBoardFiles<Game> && !HasBoardRules<Game> &&
              !HasOwnSolver<Game>);

}  // namespace evalsynth::mnk
