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
#include "games/grid/stone_game.hpp"

namespace evalsynth::adjacent4 {

inline constexpr GameFamily kFamily{2};

inline constexpr int kLine = 4;

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

class Game : public grid::StoneGame<Game> {
 public:
  static constexpr GameFamily kFamily = adjacent4::kFamily;
  static constexpr bool kFirstLineWins = true;
  // The n-tuple learner tells the empty cells that may be played now.
  static constexpr bool kPlayableCellState = true;

  Game() : Game(8, 6) {}
  Game(int columns, int rows) : StoneGame(grid::grid_geometry(columns, rows, kLine)) {}

  std::string name() const {
    return "adjacent4(" + std::to_string(g_->columns()) + "," + std::to_string(g_->rows()) + ")";
  }
  // The cells the side to move may play: any on an empty board, else the
  // empty ones next to a stone.
  std::uint64_t legal_cells(const Position& p) const {
    return p.occupied() ? g_->neighbours(p.occupied()) : g_->board();
  }
  Status status(const Position& p) const {
    const Side last = opponent(p.side_to_move());
    if (p.count() > 0 && g_->has_line(p.of(last))) return last == Side::X ? Status::XWon : Status::OWon;
    return p.count() == g_->cells() ? Status::Drawn : Status::Ongoing;
  }
  void require_move(const Position& p, int cell, const TextLocation& where) const {
    require_free(p, cell, where);
    if (!(legal_cells(p) >> cell & 1))
      throw InputError(where, "cell " + g_->cell_name(cell) +
                                  " touches no stone (after the first move, every stone "
                                  "goes next to one already on the board)");
  }
  std::string move_help() const { return "an empty cell next to a stone, such as d3"; }
  std::span<const ReferenceProgram> reference_programs() const { return adjacent4::reference_programs(); }

  // Exact values are affordable only late in the game on a full-size board.
  std::pair<int, int> default_position_plies() const {
    return {g_->cells() <= 16 ? 0 : g_->cells() - 18, g_->cells() - 1};
  }
  int perfect_play_min_plies() const { return g_->cells() <= 16 ? 0 : g_->cells() - 18; }
};

// What it offers beyond the Game concept (game/game.hpp's abilities).
static_assert(HasFastWinTests<Game> && HasSearchOrder<Game> && HasReferencePrograms<Game> && HasSolverReach<Game> &&
              HasCellGrid<Game> && HasStoneBitboards<Game> && !HasMoveSeparator<Game> && !HasRootOrder<Game> &&
              !HasNativeEvaluators<Game> && !HasOwnWords<Game> && !HasRulesName<Game> && !HasTerminalBoard<Game> &&
              !HasOwnBoardFiles<Game> && !HasBoardRules<Game> && !HasOwnSolver<Game>);

}  // namespace evalsynth::adjacent4
