#pragma once
// Othello on an N x N board (N = 6 or 8, 8 by default): the standard start
// (d4 and e5 O's, d5 and e4 X's; X, black, moves first); a move places a
// disc that brackets a line of the other side's discs and flips every such
// line; a side without a move passes (a move of its own in the record,
// written `pass`); the game ends when neither side can move, and most discs
// wins (equal is a draw). Bitboards one bit a cell, as the grid games lay
// them out (games/grid/grid.hpp: row r, column c is bit r N + c), so the
// grid's names, symmetries and neighbours serve it.

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "game/cell_board.hpp"
#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/family.hpp"
#include "games/grid/grid.hpp"

namespace evalsynth::othello {

inline constexpr GameFamily kFamily{5};

const FeatureLibrary& feature_library();
// The references of an N x N board (the League's weighted piece counter
// only where it was published: 8 x 8).
std::span<const ReferenceProgram> reference_programs(int size);

struct Position {
  std::uint64_t x = 0, o = 0;  // X's (black's) discs, O's (white's)
  std::uint16_t plies = 0;     // moves made, passes included
  friend bool operator==(const Position&, const Position&) = default;
};

class Game {
 public:
  using Position = othello::Position;
  using Move = int;  // a cell (row N + column), or kPass
  static constexpr int kPass = 64;
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr GameFamily kFamily = othello::kFamily;

  Game() : Game(8) {}
  explicit Game(int size);

  int size() const { return n_; }
  std::string name() const { return "othello(" + std::to_string(n_) + ")"; }
  Position start() const { return start_; }
  Side side_to_move(const Position& p) const { return p.plies % 2 ? Side::O : Side::X; }
  int plies(const Position& p) const { return p.plies; }
  std::uint64_t own(const Position& p) const { return side_to_move(p) == Side::X ? p.x : p.o; }
  std::uint64_t other(const Position& p) const { return side_to_move(p) == Side::X ? p.o : p.x; }

  // The cells where `mine` may place a disc against `theirs`.
  std::uint64_t moves_of(std::uint64_t mine, std::uint64_t theirs) const {
    const std::uint64_t empty = board_ & ~(mine | theirs);
    std::uint64_t moves = 0;
    for (int d = 0; d < 8; ++d) {
      std::uint64_t run = shift(mine, d) & theirs;
      for (int i = 2; i < n_ - 1; ++i) run |= shift(run, d) & theirs;
      moves |= shift(run, d) & empty;
    }
    return moves;
  }
  // The discs a disc of `mine` at `cell` flips.
  std::uint64_t flips(std::uint64_t mine, std::uint64_t theirs, int cell) const {
    std::uint64_t flipped = 0;
    for (int d = 0; d < 8; ++d) {
      std::uint64_t line = 0, next = shift(std::uint64_t{1} << cell, d);
      while (next & theirs) {
        line |= next;
        next = shift(next, d);
      }
      if (next & mine) flipped |= line;
    }
    return flipped;
  }

  void legal_moves(const Position& p, MovesOf<Game>& out) const {
    const std::uint64_t moves = moves_of(own(p), other(p));
    for (std::uint64_t m = moves; m; m &= m - 1) out.push_back(std::countr_zero(m));
    if (!moves && moves_of(other(p), own(p))) out.push_back(kPass);
  }
  Position play(const Position& p, Move m) const {
    Position next = p;
    ++next.plies;
    if (m == kPass) return next;
    const std::uint64_t bit = std::uint64_t{1} << m;
    const std::uint64_t flipped = flips(own(p), other(p), m);
    if (side_to_move(p) == Side::X) {
      next.x |= bit | flipped;
      next.o &= ~flipped;
    } else {
      next.o |= bit | flipped;
      next.x &= ~flipped;
    }
    return next;
  }
  Status status(const Position& p) const {
    if (moves_of(p.x, p.o) || moves_of(p.o, p.x)) return Status::Ongoing;
    const int x = std::popcount(p.x), o = std::popcount(p.o);
    return x > o ? Status::XWon : x < o ? Status::OWon : Status::Drawn;
  }

  // The side to move follows from the plies' parity; the count beyond it
  // changes nothing in play.
  std::uint64_t key(const Position& p) const {
    return mix(mix(p.x ^ 0x6A09E667F3BCC909ULL) ^ p.o ^ (p.plies % 2 ? 0xBB67AE8584CAA73BULL : 0));
  }
  // The least image under the board's eight symmetries, which the rules
  // and the start all keep.
  Position canonical(const Position& p) const {
    const grid::Stones s = g_->canonical(grid::Stones{p.x, p.o});
    return {s.x, s.o, p.plies};
  }
  std::uint64_t canonical_key(const Position& p) const { return key(canonical(p)); }

  std::string move_text(const Position&, Move m) const { return m == kPass ? "pass" : g_->cell_name(m); }
  Move parse_move(const Position& p, std::string_view text, const TextLocation& where) const;
  // Moves one after another ("f5d6c3", "pass" where a side had none), X first.
  Position parse_position(std::string_view text, const TextLocation& where) const;
  // Row 1 on top, as Othello's diagrams have it.
  std::string board_text(const Position& p) const;
  std::string move_help() const { return "a cell that brackets discs of the other side, such as d3, or pass"; }

  // The language (lang/game_program.hpp).
  void features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const;
  std::uint64_t cell_of(std::int32_t row, std::int32_t col) const {
    return g_->on_board(row, col) ? g_->cell(row, col) : 0;
  }
  std::int32_t square_at(const Position& p, std::uint64_t cell) const {
    return (p.x & cell) ? 1 : (p.o & cell) ? -1 : 0;
  }
  std::int32_t square(const Position& p, std::int32_t row, std::int32_t col) const {
    return square_at(p, cell_of(row, col));
  }
  StoneBitboards stone_bitboards(const Position& p) const { return {p.x, p.o}; }
  std::span<const ReferenceProgram> reference_programs() const { return othello::reference_programs(n_); }

  // For the n-tuple learner (game/cell_board.hpp): a cell is empty (0), X's
  // (1) or O's (2); the board's eight symmetries.
  CellBoard cell_board() const { return grid::grid_cell_board(*g_, 3); }
  CellGrid cell_grid() const {
    CellGrid grid{n_, n_, {}};
    for (int cell = 0; cell < n_ * n_; ++cell)
      grid.place.emplace_back(static_cast<std::uint8_t>(cell / n_), static_cast<std::uint8_t>(cell % n_));
    return grid;
  }
  int cell_state(const Position& p, int cell) const {
    return static_cast<int>((p.x >> cell & 1) | (p.o >> cell & 1) << 1);
  }

  // A pass is always followed by a disc (two passes end the game), so a
  // game has at most twice the empty cells of the start in plies.
  int max_plies() const { return 2 * (n_ * n_ - 4); }
  // Exact values are within the solver's reach with about 14 empty cells.
  int perfect_play_min_plies() const { return n_ * n_ - 4 - 14; }
  std::pair<int, int> default_position_plies() const { return {n_ * n_ - 4 - 12, n_ * n_ - 4 - 2}; }

  const grid::Geometry& geometry() const { return *g_; }
  std::uint64_t board() const { return board_; }
  // `mine`'s discs that no sequence of moves can flip (features.cpp).
  std::uint64_t stable_discs(std::uint64_t mine, std::uint64_t occupied) const;

 private:
  static constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // The cells one step from `cells` in direction d (E, W, N, S, NE, SW,
  // NW, SE: d and d ^ 1 opposite), none off the board or wrapped to
  // another row.
  std::uint64_t shift(std::uint64_t cells, int d) const {
    switch (d) {
      case 0:
        return (cells << 1) & not_first_column_;
      case 1:
        return (cells >> 1) & not_last_column_;
      case 2:
        return (cells << n_) & board_;
      case 3:
        return cells >> n_;
      case 4:
        return (cells << (n_ + 1)) & not_first_column_;
      case 5:
        return (cells >> (n_ + 1)) & not_last_column_;
      case 6:
        return (cells << (n_ - 1)) & not_last_column_;
      default:
        return (cells >> (n_ - 1)) & not_first_column_;
    }
  }

  int n_;
  const grid::Geometry* g_;
  std::uint64_t board_, not_first_column_, not_last_column_;
  Position start_;
};

// What it offers beyond the Game concept (game/game.hpp's abilities).
static_assert(HasReferencePrograms<Game> && HasSolverReach<Game> && HasCellGrid<Game> && HasStoneBitboards<Game> &&
              !HasMoveSeparator<Game> && !HasFastWinTests<Game> && !HasSearchOrder<Game> && !HasRootOrder<Game> &&
              !HasNativeEvaluators<Game> && !HasOwnWords<Game> && !HasRulesName<Game> && !HasTerminalBoard<Game> &&
              !HasOwnBoardFiles<Game> && !HasBoardRules<Game> && !HasOwnSolver<Game>);

}  // namespace evalsynth::othello
