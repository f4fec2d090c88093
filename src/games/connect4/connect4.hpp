#pragma once
// Connect4 as a game of the engine (game/game.hpp): the bitboard Position of
// position.hpp under a win test (`Rules`: the standard one, or the thesis's
// Java test), with the thesis's search conventions — wins tested before a
// move is made, the centre tried first below the root, and the root order
// shuffled over all seven columns (full ones included) exactly as the
// thesis's agents did, so the published tables and every committed result
// replay move for move.

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "game/game.hpp"
#include "game/move_order.hpp"
#include "games/connect4/board_file.hpp"
#include "games/connect4/evaluators.hpp"
#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/notation.hpp"
#include "games/connect4/opening_book.hpp"
#include "games/connect4/perfect_play.hpp"
#include "games/connect4/position.hpp"
#include "games/family.hpp"
#include "support/random.hpp"

namespace evalsynth::connect4 {

inline constexpr GameFamily kFamily{0};

// Start boards of fewer stones make games against a perfect player take
// seconds to minutes each (measured against IBEF: about 0.6 s of CPU a game
// from 10 stones, 2 s from 8, minutes from the empty board): runs refuse
// them, learning refuses perfect opponents, `match` warns.
inline constexpr int kPerfectPlayMinStones = 10;

// The thesis's two evaluators in native code: the game's reference players.
inline constexpr NativeReference<LinearEvaluator> kNativeReferences[] = {
    {"ibef", "", "", "IBEF", "IBEF",
     "IBEF, the thesis's hand-written evaluator (native; as a program:\n                grammar/examples/ibef.eval)",
     ibef_evaluator()},
    {"adate", "adate2005", "adate-2005", "ADATE", "ADATE-2005",
     "ADATE-2005, the thesis's evolved evaluator (native; as a program:\n"
     "                grammar/examples/adate2005.eval)",
     adate2005_evaluator()},
};

// The board for a terminal: to_ascii's, with X red, O yellow and the last
// stone played bold when `colour` (last_column -1: none).
std::string terminal_board(const Position& p, int last_column, bool colour);
using ColumnOrder = std::array<int, kColumns>;
inline constexpr ColumnOrder kLeftToRight = {0, 1, 2, 3, 4, 5, 6};
inline constexpr ColumnOrder kCentreFirst = {3, 2, 4, 1, 5, 0, 6};

// The thesis's Java shuffle of the seven columns.
inline ColumnOrder thesis_shuffle(Rng& rng) {
  ColumnOrder order = kLeftToRight;
  thesis_shuffle(order, rng);
  return order;
}

template <class Rules = StandardRules>
class GameOf {
 public:
  using Position = connect4::Position;
  using Move = int;  // a column, 0..6
  using RulesType = Rules;
  static constexpr std::size_t kMaxMoves = kColumns;
  static constexpr GameFamily kFamily = connect4::kFamily;

  std::string name() const { return "connect4"; }
  Position start() const { return {}; }
  Side side_to_move(const Position& p) const { return p.side_to_move(); }
  int plies(const Position& p) const { return p.moves_played(); }
  void legal_moves(const Position& p, MovesOf<GameOf>& out) const {
    for (int col = 0; col < kColumns; ++col)
      if (p.can_play(col)) out.push_back(col);
  }
  Position play(const Position& p, int col) const { return p.played(col); }
  Status status(const Position& p) const {
    if (p.last_mover_won<Rules>()) return p.side_to_move() == Side::O ? Status::XWon : Status::OWon;
    return p.is_full() ? Status::Drawn : Status::Ongoing;
  }

  // The search's fast paths (game/search.hpp).
  bool wins_at_once(const Position& p, int col) const { return p.is_winning_move<Rules>(col); }
  bool has_winning_move(const Position& p) const { return p.can_win_now<Rules>(); }
  bool is_drawn(const Position& p) const { return p.is_full(); }
  template <class F>
  void for_each_search_move(const Position& p, F&& f) const {
    for (int col : kCentreFirst)
      if (p.can_play(col) && !f(col)) return;
  }
  void root_moves(const Position& p, MoveOrder order, Rng& rng, MovesOf<GameOf>& out) const {
    const ColumnOrder columns = order == MoveOrder::Random ? thesis_shuffle(rng) : kLeftToRight;
    for (int col : columns)
      if (p.can_play(col)) out.push_back(col);
  }

  std::uint64_t key(const Position& p) const { return p.key(); }
  std::uint64_t canonical_key(const Position& p) const { return p.canonical_key(); }

  std::string move_text(const Position&, int col) const { return std::string(1, static_cast<char>('1' + col)); }
  int parse_move(const Position& p, std::string_view text, const TextLocation& where) const {
    if (text.size() != 1 || text[0] < '1' || text[0] > '7')
      throw InputError(where, "a move is a column from 1 to 7, not '" + std::string(text) + "'");
    const int col = text[0] - '1';
    if (!p.can_play(col)) throw InputError(where, "column " + std::string(text) + " is full");
    return col;
  }
  Position parse_position(std::string_view text, const TextLocation& where) const {
    return connect4::parse_position(text, where);
  }
  std::string board_text(const Position& p) const { return to_ascii(p); }
  std::string move_help() const { return "a column 1-7"; }

  // The abilities it offers (game/game.hpp; asserted below the class).
  std::string move_words(const Position& p, int col) const { return "column " + move_text(p, col); }
  std::string board_text(const Position& p, const int* last, bool colour) const {
    return connect4::terminal_board(p, last ? *last : -1, colour);
  }
  GameWords words() const {
    return {"stone", "stones", "empty board", "mirror images", "its mirror image", "Draw: the board is full"};
  }
  std::string rules_name() const { return std::is_same_v<Rules, ThesisJavaRules> ? "thesis-java" : "standard"; }
  int max_plies() const { return kCells; }
  int perfect_play_min_plies() const { return connect4::kPerfectPlayMinStones; }
  std::pair<int, int> default_position_plies() const { return {8, 36}; }

  using NativeEvaluator = LinearEvaluator;
  std::span<const NativeReference<LinearEvaluator>> native_evaluators() const { return connect4::kNativeReferences; }

  std::vector<Position> read_boards(const std::string& path) const { return connect4::read_board_file(path); }
  // Boards are made under the standard rules whatever a game plays.
  GameOf<StandardRules> board_game() const { return {}; }

  using Labelled = connect4::LabelledPosition;
  static constexpr std::string_view kLabelledSuffix = ".analysis";
  std::vector<Labelled> read_labelled(const std::string& path) const { return connect4::read_analysis_file(path); }
  std::string labelled_text(const std::vector<Labelled>& set) const { return connect4::analysis_text(set); }
  void label(std::vector<Labelled>& batch, const SolveOptions& options) const {
    connect4::label_positions(batch, options);
  }
  std::vector<int> perfect_outcomes(const Position& p) const { return connect4::perfect_outcomes(p); }
  std::vector<int> perfect_scores(const Position& p) const { return connect4::perfect_scores(p); }
  static constexpr int kOpeningBookPlies = connect4::kOpeningBookPlies;
  int opening_score(const Position& p) const { return connect4::opening_score(p); }
  std::vector<WrittenPosition<Position>> parse_positions(const std::string& text, const std::string& source) const {
    return connect4::parse_position_lines(text, source);
  }
  SolveReport solve_report(const std::vector<WrittenPosition<Position>>& lines, const SolveOptions& options) const {
    return connect4::solve_report(lines, options);
  }
  std::string solver_about() const {
    return "Connect4's solver with its opening book: milliseconds a position from " +
           std::to_string(connect4::kPerfectPlayMinStones) + " stones";
  }
};

using Game = GameOf<StandardRules>;
using ThesisJavaGame = GameOf<ThesisJavaRules>;
// What both offer beyond the Game concept (game/game.hpp's abilities).
static_assert(HasFastWinTests<Game> && HasSearchOrder<Game> && HasRootOrder<Game> && HasNativeEvaluators<Game> &&
              HasSolverReach<Game> && HasOwnWords<Game> && HasRulesName<Game> && HasTerminalBoard<Game> &&
              HasOwnBoardFiles<Game> && HasBoardRules<Game> && HasOwnSolver<Game> && !HasReferencePrograms<Game> &&
              !HasMoveSeparator<Game>);
static_assert(HasOwnSolver<ThesisJavaGame> && HasBoardRules<ThesisJavaGame>);

// The playable columns of `p` in `order`: a root order for the search.
inline MovesOf<Game> playable_in(const Position& p, const ColumnOrder& order) {
  MovesOf<Game> moves;
  for (int col : order)
    if (p.can_play(col)) moves.push_back(col);
  return moves;
}

// A uniformly random playable column, as the thesis's random agent (C.4).
inline int random_column(const Position& p, Rng& rng) { return random_move(Game{}, p, rng); }

}  // namespace evalsynth::connect4
