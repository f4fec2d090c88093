#pragma once
// Checkers (English draughts, the American Checkers Federation's rules, as
// FABLE's thesis quotes them) on 8 x 8 and on FABLE's smaller boards, 6 x 6
// and 4 x 4 (moves.hpp has the rules of moving; board.hpp the board and its
// numbering). X is Black and moves first, from the squares of the low
// numbers; men start on the three rows nearest their side on 8 x 8, two on
// 6 x 6, one on 4 x 4. A side that cannot move (no pieces, or all blocked)
// has lost. The draw rule, for endless games: after Q plies with no capture
// and no man moved the game is drawn; by default Q = 80 (40 moves each: the
// ACF's forty-move rule made automatic). FABLE's thesis added "no material
// change for the last 50 moves" without saying whose: checkers(N, Q) sets Q.
// The ACF's rules as the thesis quotes them never say that a side which has
// pieces but cannot move loses; checkers(N, blocked-draws) makes that a draw
// (the reading under which the thesis's random games tie as often as they
// do: results/fable). A side without a piece loses either way.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "game/cell_board.hpp"
#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/checkers/board.hpp"
#include "games/checkers/moves.hpp"
#include "games/family.hpp"

namespace evalsynth::checkers {

inline constexpr GameFamily kFamily{4};

inline constexpr int kDrawQuietPlies = 80;
inline constexpr int kMaxQuietPlies = 1000;
inline constexpr std::string_view kBlockedDrawsWord = "blocked-draws";

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

class Game {
 public:
  using Position = checkers::Position;
  using Move = checkers::Move;
  static constexpr std::size_t kMaxMoves = checkers::kMaxMoves;
  static constexpr GameFamily kFamily = checkers::kFamily;
  // One word per position (labelled files and `solve` read the first word).
  static constexpr char kMoveSeparator = ',';

  Game() : Game(8) {}
  explicit Game(int size, int quiet_plies = kDrawQuietPlies, bool blocked_draws = false)
      : board_(&board_of_size(size)), moves_(*board_), quiet_plies_(quiet_plies), blocked_draws_(blocked_draws) {}

  const Board& board() const { return *board_; }
  int size() const { return board_->size(); }
  int quiet_plies() const { return quiet_plies_; }
  bool blocked_draws() const { return blocked_draws_; }
  std::string name() const {
    return std::string("checkers(")
        .append(std::to_string(board_->size()))
        .append(quiet_plies_ == kDrawQuietPlies ? "" : ",")
        .append(quiet_plies_ == kDrawQuietPlies ? "" : std::to_string(quiet_plies_))
        .append(blocked_draws_ ? "," : "")
        .append(blocked_draws_ ? kBlockedDrawsWord : "")
        .append(")");
  }
  Position start() const { return {board_->x_start(), board_->o_start(), 0, 0, 0}; }
  Side side_to_move(const Position& p) const { return p.side_to_move(); }
  int plies(const Position& p) const { return p.plies; }
  void legal_moves(const Position& p, Moves& out) const { moves_.legal_moves(p, out); }
  Position play(const Position& p, const Move& m) const { return moves_.play(p, m); }
  Status status(const Position& p) const {
    if (!moves_.has_moves(p)) {
      const bool has_pieces = (p.side_to_move() == Side::X ? p.x : p.o) != 0;
      if (blocked_draws_ && has_pieces) return Status::Drawn;
      return p.side_to_move() == Side::X ? Status::OWon : Status::XWon;
    }
    return p.quiet >= quiet_plies_ ? Status::Drawn : Status::Ongoing;
  }
  const MoveGenerator& moves() const { return moves_; }

  // Keys: the pieces, the side to move and the draw rule's count (two
  // positions that differ in it may differ in value). No symmetry keeps
  // a checkers position's value from X's view, so canonical is the identity.
  std::uint64_t key(const Position& p) const;
  Position canonical(const Position& p) const { return p; }
  std::uint64_t canonical_key(const Position& p) const { return key(p); }

  // Notation (notation.cpp): the numbered squares, "11-15" for a step and
  // "15x24x31" for a jump sequence (parse_move also takes "15x31" when only
  // one sequence joins the two squares); a position is either moves from
  // the start separated by commas or spaces (PDN's move numbers skipped:
  // "1. 11-15 24-19"), or a PDN FEN such as
  // "B:W21,22,K30:B1-12" (the side to move, then each side's squares, K for
  // kings).
  std::string move_text(const Position& p, const Move& m) const;
  Move parse_move(const Position& p, std::string_view text, const TextLocation& where) const;
  Position parse_position(std::string_view text, const TextLocation& where) const;
  std::string board_text(const Position& p) const;
  std::string move_help() const { return "a move in numbered squares, such as 11-15, or a jump such as 15x24"; }
  std::string fen(const Position& p) const;

  // The language (lang/game_program.hpp; features.cpp).
  void features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const;
  std::uint64_t cell_of(std::int32_t row, std::int32_t col) const {
    const int bit = board_->bit_at(row, col);
    return bit < 0 ? 0 : std::uint64_t{1} << bit;
  }
  std::int32_t square_at(const Position& p, std::uint64_t cell) const {
    return (p.x & cell) ? 1 : (p.o & cell) ? -1 : 0;
  }
  // Men and kings alike: sq() does not tell them apart.
  StoneBitboards stone_bitboards(const Position& p) const { return {p.x, p.o}; }
  std::int32_t square(const Position& p, std::int32_t row, std::int32_t col) const {
    return square_at(p, cell_of(row, col));
  }
  std::span<const ReferenceProgram> reference_programs() const { return checkers::reference_programs(); }

  // For the n-tuple learner (game/cell_board.hpp): the squares, each empty
  // (0), X's man (1), X's king (2), O's man (3) or O's king (4); no symmetry.
  CellBoard cell_board() const;
  // Square s (0-based, numbered row by row from X's back rank) on the N x N
  // board: the dark squares, (row + col) odd.
  CellGrid cell_grid() const {
    const int n = board_->size(), per_row = n / 2;
    CellGrid grid{n, n, {}};
    for (int s = 0; s < n * per_row; ++s) {
      const int row = s / per_row;
      grid.place.emplace_back(static_cast<std::uint8_t>(row),
                              static_cast<std::uint8_t>(2 * (s % per_row) + 1 - row % 2));
    }
    return grid;
  }
  int cell_state(const Position& p, int square) const {
    const std::uint64_t b = std::uint64_t{1} << board_->bit_of(square);
    const int king = (p.kings & b) ? 1 : 0;
    return (p.x & b) ? 1 + king : (p.o & b) ? 3 + king : 0;
  }

  // Random positions for `positions` and the benchmarks: games rarely reach
  // this many plies (it is not a rule).
  int max_plies() const { return 40 * board_->size(); }
  std::pair<int, int> default_position_plies() const { return {board_->size(), 10 * board_->size()}; }
  // The exact solver is for 4 x 4 (and 6 x 6 endings); 8 x 8 needs
  // databases it does not have.
  int perfect_play_min_plies() const { return board_->size() == 4 ? 0 : 1000000; }

 private:
  const Board* board_;
  MoveGenerator moves_;
  int quiet_plies_;
  bool blocked_draws_;
};

// What it offers beyond the Game concept (game/game.hpp's abilities).
static_assert(HasMoveSeparator<Game> && HasReferencePrograms<Game> && HasSolverReach<Game> && HasCellGrid<Game> &&
              HasStoneBitboards<Game> && !HasFastWinTests<Game> && !HasRootOrder<Game> && !HasNativeEvaluators<Game> &&
              !HasOwnWords<Game> && !HasRulesName<Game> && !HasTerminalBoard<Game> && !HasOwnBoardFiles<Game> &&
              !HasBoardRules<Game> && !HasOwnSolver<Game>);

}  // namespace evalsynth::checkers
