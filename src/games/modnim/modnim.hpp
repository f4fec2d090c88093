#pragma once
// ModNim(K, M) (Oon 2007, M²ICAL's test bed): K sticks on the table; a move
// takes 1 to M of them; whoever takes the last stick loses. Strongly
// solved: the side to move loses exactly when the sticks left n satisfy
// n mod (M + 1) = 1. K up to 1000, M up to 64.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "game/cell_board.hpp"
#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/family.hpp"

namespace evalsynth::modnim {

inline constexpr GameFamily kFamily{3};

inline constexpr int kMaxSticks = 1000;
inline constexpr int kMaxTake = 64;

const FeatureLibrary& feature_library();
std::span<const ReferenceProgram> reference_programs();

struct Position {
  std::int32_t sticks = 0;  // left on the table
  std::int32_t plies = 0;   // moves made
  friend bool operator==(const Position&, const Position&) = default;
};

class Game {
 public:
  using Position = modnim::Position;
  using Move = int;  // sticks taken
  static constexpr std::size_t kMaxMoves = kMaxTake;
  static constexpr GameFamily kFamily = modnim::kFamily;
  static constexpr char kMoveSeparator = ',';

  Game() : Game(100, 3) {}
  Game(int sticks, int take) : sticks_(sticks), take_(take) {}

  int sticks() const { return sticks_; }
  int take() const { return take_; }
  std::string name() const { return "modnim(" + std::to_string(sticks_) + "," + std::to_string(take_) + ")"; }
  Position start() const { return {sticks_, 0}; }
  Side side_to_move(const Position& p) const { return p.plies % 2 ? Side::O : Side::X; }
  int plies(const Position& p) const { return p.plies; }
  void legal_moves(const Position& p, MovesOf<Game>& out) const {
    for (int n = 1; n <= take_ && n <= p.sticks; ++n) out.push_back(n);
  }
  Position play(const Position& p, int taken) const { return {p.sticks - taken, p.plies + 1}; }
  // No sticks left: the side that took the last one lost.
  Status status(const Position& p) const {
    if (p.sticks > 0) return Status::Ongoing;
    return side_to_move(p) == Side::X ? Status::XWon : Status::OWon;
  }

  std::uint64_t key(const Position& p) const {
    return static_cast<std::uint64_t>(p.sticks) * 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(p.plies);
  }
  // The value for the side to move depends on the sticks alone.
  Position canonical(const Position& p) const { return {p.sticks, 0}; }
  std::uint64_t canonical_key(const Position& p) const { return key(canonical(p)); }

  std::string move_text(const Position&, int taken) const { return std::to_string(taken); }
  int parse_move(const Position& p, std::string_view text, const TextLocation& where) const {
    int n = 0;
    for (char c : text) {
      if (c < '0' || c > '9' || n > kMaxSticks) {
        n = -1;
        break;
      }
      n = n * 10 + (c - '0');
    }
    const int most = std::min(take_, p.sticks);
    if (p.sticks == 0) throw InputError(where, "no sticks are left: the game is over");
    if (text.empty() || n < 1 || n > most)
      throw InputError(where, (most == 1 ? std::string("one stick is left, and a move must take it")
                                         : "a move takes 1 to " + std::to_string(most) + " sticks") +
                                  ", not '" + std::string(text) + "'");
    return n;
  }
  // Moves separated by commas ("3,1,2"), X first.
  Position parse_position(std::string_view text, const TextLocation& where) const {
    Position p = start();
    std::size_t i = 0;
    while (i <= text.size()) {
      const std::size_t comma = std::min(text.find(',', i), text.size());
      TextLocation at = where;
      at.column += static_cast<int>(i);
      if (status(p) != Status::Ongoing) throw InputError(at, "a move after the game has ended");
      p = play(p, parse_move(p, text.substr(i, comma - i), at));
      i = comma + 1;
    }
    return p;
  }
  std::string board_text(const Position& p) const {
    std::string sticks;
    for (int n = 0; n < p.sticks; ++n) sticks += n % 5 == 4 ? "| " : "|";
    return std::to_string(p.sticks) + " stick" + (p.sticks == 1 ? "" : "s") + " left  " + sticks + "\n";
  }
  std::string move_help() const { return "how many sticks to take (1 to " + std::to_string(take_) + ")"; }

  // The language (lang/game_program.hpp): no cells, four features.
  void features(const Position& p, std::span<const FeatureRequest> requests, std::int32_t* values) const;
  std::uint64_t cell_of(std::int32_t, std::int32_t) const { return 0; }
  std::int32_t square_at(const Position&, std::uint64_t) const { return 0; }
  std::int32_t square(const Position&, std::int32_t, std::int32_t) const { return 0; }
  std::span<const ReferenceProgram> reference_programs() const { return modnim::reference_programs(); }

  // For the n-tuple learner (game/cell_board.hpp): one cell, holding the
  // sticks left, so a network of 1-tuples is a table of values by sticks.
  CellBoard cell_board() const { return {1, sticks_ + 1, {{0}}, {{}}}; }
  CellGrid cell_grid() const { return {1, 1, {{0, 0}}}; }
  int cell_state(const Position& p, int) const { return p.sticks; }

  int max_plies() const { return sticks_; }
  std::pair<int, int> default_position_plies() const { return {0, sticks_ - 1}; }

 private:
  int sticks_, take_;
};

// What it offers beyond the Game concept (game/game.hpp's abilities).
static_assert(HasMoveSeparator<Game> && HasReferencePrograms<Game> && HasCellGrid<Game> && !HasFastWinTests<Game> &&
              !HasSearchOrder<Game> && !HasSolverReach<Game> && !HasRootOrder<Game> && !HasNativeEvaluators<Game> &&
              !HasOwnWords<Game> && !HasRulesName<Game> && !HasTerminalBoard<Game> && !HasOwnBoardFiles<Game> &&
              !HasBoardRules<Game> && !HasOwnSolver<Game> && !HasStoneBitboards<Game>);

}  // namespace evalsynth::modnim
