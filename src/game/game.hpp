#pragma once
// The engine's game interface. Every layer above (search, players, matches,
// fitness, the evolver, learners, exporters, the commands) is written against
// the `Game` concept, so a new game is one folder under src/games/ that
// models it (src/README.md says what else it takes).
//
// A game is a value: it holds the game's parameters (board size, rules), and
// positions are plain values it interprets. Algorithms are templates over the
// game type, so calls into the game inline and the hot path has no virtual
// call. Conventions, as the thesis's (Stenmark 2005):
//  - two sides, X moves first; values are from X's view, X maximizes;
//  - a won game is worth +-kWinValue whatever its depth, a drawn one 0;
//  - heuristic values are clamped strictly inside (-kWinValue, kWinValue).

#include <algorithm>
#include <array>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/solve_options.hpp"
#include "support/error.hpp"
#include "support/random.hpp"

namespace evalsynth {

enum class Side : std::uint8_t { X, O };
inline constexpr Side opponent(Side s) { return s == Side::X ? Side::O : Side::X; }

inline constexpr int kWinValue = 100000;
// Heuristic values are clamped strictly inside (-kWinValue, kWinValue) so a
// heuristic never looks like a proven result.
inline constexpr int kMaxHeuristic = kWinValue - 1;
constexpr int clamp_heuristic(int v) { return std::clamp(v, -kMaxHeuristic, kMaxHeuristic); }

// Where a game stands: still going, or how it ended.
enum class Status : std::uint8_t { Ongoing, XWon, OWon, Drawn };

// The value of a finished game from X's view.
constexpr int final_value(Status s) {
  assert(s != Status::Ongoing);
  return s == Status::XWon ? kWinValue : s == Status::OWon ? -kWinValue : 0;
}

// The legal moves of one position, on the stack: a game's most moves in any
// position bounds it (G::kMaxMoves), so listing moves never allocates.
template <class Move, std::size_t Capacity>
class MoveList {
 public:
  void push_back(const Move& m) {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

template <class G>
using MovesOf = MoveList<typename G::Move, G::kMaxMoves>;

// What every game provides. Moves are made copy-make: play() returns the new
// position. legal_moves() lists moves in the game's natural order (the order
// `left-to-right` tries them at the root). Keys identify positions (two
// different positions may share a key only with negligible probability);
// canonical keys are equal for positions equal under the game's symmetries.
// Text: a move's notation, a position from text (the game's notations:
// move sequences, grids...) with errors at file:line:col, and a board for
// people to read.
template <class G>
concept Game = requires(const G& g, const typename G::Position& p, const typename G::Move& m, MovesOf<G>& moves,
                        std::string_view text, const TextLocation& where) {
  typename G::Position;
  typename G::Move;
  requires std::copyable<typename G::Position>;
  requires std::equality_comparable<typename G::Position>;
  { G::kMaxMoves } -> std::convertible_to<std::size_t>;
  { g.name() } -> std::convertible_to<std::string>;
  { g.start() } -> std::same_as<typename G::Position>;
  { g.side_to_move(p) } -> std::same_as<Side>;
  { g.plies(p) } -> std::same_as<int>;
  {g.legal_moves(p, moves)};
  { g.play(p, m) } -> std::same_as<typename G::Position>;
  { g.status(p) } -> std::same_as<Status>;
  { g.key(p) } -> std::same_as<std::uint64_t>;
  { g.canonical_key(p) } -> std::same_as<std::uint64_t>;
  { g.move_text(p, m) } -> std::same_as<std::string>;
  { g.parse_move(p, text, where) } -> std::same_as<typename G::Move>;
  { g.parse_position(text, where) } -> std::same_as<typename G::Position>;
  { g.board_text(p) } -> std::same_as<std::string>;
  // What a person types to move, for prompts: "a cell such as b2".
  { g.move_help() } -> std::same_as<std::string>;
  // The longest game, and the plies `positions` labels by default.
  { g.max_plies() } -> std::same_as<int>;
  { g.default_position_plies() } -> std::same_as<std::pair<int, int>>;
};

template <class E, class P>
concept PositionEvaluator = requires(const E& e, const P& p) {
  { e(p) } -> std::convertible_to<int>;
};

// How a player orders the moves it tries at the root, which decides between
// equally valued moves (the words: game/move_order.hpp).
enum class MoveOrder {
  LeftToRight,  // the game's natural order (Connect4: columns 1..7, as the ADATE specification)
  Random,       // shuffled anew for every move, as the thesis's Java agents (C.5)
};

// ---- Abilities ----------------------------------------------------------
// What a game may offer beyond the concept, each a named concept here.
// Every game states the ones it offers in a static_assert beside its class,
// and the layers above ask for abilities, never for a game by name
// (src/README.md: adding a game).

// Games where only the mover can end the game by winning, and a move that
// does not win either continues the game or draws it (a full board): the
// search then tests a move for a win before making it and stops at once when
// the side to move can win, as the thesis's Connect4 search does.
template <class G>
concept HasFastWinTests = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.wins_at_once(p, m) } -> std::same_as<bool>;
  { g.has_winning_move(p) } -> std::same_as<bool>;
  { g.is_drawn(p) } -> std::same_as<bool>;
};

// Its own order of moves below the root: for_each_search_move calls f with
// each legal move until f returns false (Connect4: the centre first; stone
// games: the cells next to stones first).
template <class G>
concept HasSearchOrder = Game<G> &&
    requires(const G& g, const typename G::Position& p, bool (*f)(const typename G::Move&)) {
  g.for_each_search_move(p, f);
};

// Its own order at the root (root_moves; Connect4: the thesis's shuffle of
// all seven columns, full ones included, which the published tables need).
template <class G>
concept HasRootOrder = Game<G> &&
    requires(const G& g, const typename G::Position& p, MovesOf<G>& moves, MoveOrder order, Rng& rng) {
  g.root_moves(p, order, rng, moves);
};

// Moves written with a separator in a move sequence ("3,1,2"); without
// one, moves are written one after another ("4453", "a1b2").
template <class G>
concept HasMoveSeparator = Game<G> && requires {
  { G::kMoveSeparator } -> std::convertible_to<char>;
};

// Reference evaluators written in the language (game/feature_library.hpp's
// ReferenceProgram): built-in players, the stand-in of a run's self-play
// and the references its answer is compared with.
template <class G>
concept HasReferencePrograms = Game<G> && requires(const G& g) {
  { g.reference_programs().size() } -> std::convertible_to<std::size_t>;
  { g.reference_programs()[0].name } -> std::convertible_to<std::string_view>;
  { g.reference_programs()[0].text } -> std::convertible_to<std::string_view>;
};

// Reference evaluators in native code (Connect4's IBEF and ADATE-2005),
// before any reference program: each a built-in player and a reference.
template <class E>
struct NativeReference {
  std::string_view key;             // as players name it: "ibef"
  std::string_view alias1, alias2;  // other names players accept ("" for none)
  std::string_view label;           // in match tables: "IBEF"
  std::string_view reference;       // among a run's references: "IBEF", "ADATE-2005"
  std::string_view about;           // for `evalsynth players`
  E evaluator;
};
template <class G>
concept HasNativeEvaluators = Game<G> && requires(const G& g) {
  typename G::NativeEvaluator;
  requires PositionEvaluator<typename G::NativeEvaluator, typename G::Position>;
  { g.native_evaluators() } -> std::same_as<std::span<const NativeReference<typename G::NativeEvaluator>>>;
};

// The stones as two 64-bit boards, X's and O's, whose bits are the game's
// cell handles (lang/game_program.hpp's cell_of): native code for the
// game's programs reads sq(r, c) as two bit tests.
struct StoneBitboards {
  std::uint64_t x = 0, o = 0;
};
template <class G>
concept HasStoneBitboards = Game<G> && requires(const G& g, const typename G::Position& p) {
  { g.stone_bitboards(p) } -> std::same_as<StoneBitboards>;
};

// Perfect play within reach only from this many plies on (the solver's
// reach); without it, from the start.
template <class G>
concept HasSolverReach = Game<G> && requires(const G& g) {
  { g.perfect_play_min_plies() } -> std::same_as<int>;
};

// The words a game's messages use where they differ from the defaults.
struct GameWords {
  std::string_view ply = "move", plies = "moves";                // "1 move", "10 moves" (Connect4: stones)
  std::string_view start = "start position";                     // Connect4: "empty board"
  std::string_view symmetry = "symmetry";                        // "openings up to symmetry"
  std::string_view symmetric_image = "a symmetric image of it";  // Connect4: "its mirror image"
  std::string_view draw = "Draw";                                // the end of a drawn game in `play`
};
template <class G>
concept HasOwnWords = Game<G> && requires(const G& g) {
  { g.words() } -> std::same_as<GameWords>;
};
template <Game G>
GameWords words_of(const G& game) {
  if constexpr (HasOwnWords<G>)
    return game.words();
  else
    return {};
}

// The rules a match names in its header and records: Connect4's win test
// ("standard", "thesis-java"); else the game's name.
template <class G>
concept HasRulesName = Game<G> && requires(const G& g) {
  { g.rules_name() } -> std::same_as<std::string>;
};

// A move in words ("column 4") and the board drawn for a terminal with the
// last move marked (and in colour, `colour`).
template <class G>
concept HasTerminalBoard = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.move_words(p, m) } -> std::same_as<std::string>;
  { g.board_text(p, &m, true) } -> std::same_as<std::string>;
};

// Start boards read from files in the game's own formats (Connect4: move
// strings, Stenmark's lists, grids: games/connect4/board_file.hpp) instead
// of the generic position lines (tournament/start_boards.hpp).
template <class G>
concept HasOwnBoardFiles = Game<G> && requires(const G& g, const std::string& path) {
  { g.read_boards(path) } -> std::same_as<std::vector<typename G::Position>>;
};

// Start boards made under other rules than the game's (Connect4's thesis
// win test plays from the boards the standard rules make, as every
// committed run did): board_game() is the game whose random games and
// openings give them, with the same positions.
template <class G>
concept HasBoardRules = Game<G> && requires(const G& g) {
  requires Game<decltype(g.board_game())>;
  requires std::same_as<typename decltype(g.board_game())::Position, typename G::Position>;
};

// A position as a file or a command wrote it (its move sequence), and the
// line it was on.
template <class Position>
struct WrittenPosition {
  std::string moves;
  Position position;
  int line = 0;
};

// What `evalsynth solve` prints and sums up.
struct SolveReport {
  std::string text;  // one line a position
  double seconds = 0;
  std::uint64_t nodes = 0;
};

// Labels from the game's own perfect-play solver and file format, instead
// of the exact solver (solver/exact_solver.hpp) and the generic labelled
// files (solver/game_positions.hpp): Connect4's solver, opening book and
// Pons's .analysis files. G::Labelled is its labelled position; beside it
// (found by argument-dependent lookup) are is_mistake(p, move),
// value_classes(p), moves_left(p) and scores_of(p), as the generic
// solver::Labelled<G> has them.
template <class G>
concept HasOwnSolver = Game<G> &&
    requires(const G& g, const typename G::Position& p, const std::string& path,
             std::vector<typename G::Labelled>& batch, const std::vector<typename G::Position>& positions,
             const SolveOptions& options) {
  typename G::Labelled;
  { G::kLabelledSuffix } -> std::convertible_to<std::string_view>;
  { g.read_labelled(path) } -> std::same_as<std::vector<typename G::Labelled>>;
  { g.labelled_text(batch) } -> std::same_as<std::string>;
  {g.label(batch, options)};
  // The value class (1 win, 0 draw, -1 loss for the mover) of each legal
  // move, in legal_moves' order; and their exact scores (later wins less).
  { g.perfect_outcomes(p) } -> std::same_as<std::vector<int>>;
  { g.perfect_scores(p) } -> std::same_as<std::vector<int>>;
  // Openings valued by an opening book up to this many plies: a score for
  // the side to move, 0 a draw.
  { G::kOpeningBookPlies } -> std::convertible_to<int>;
  { g.opening_score(p) } -> std::same_as<int>;
  { g.solver_about() } -> std::same_as<std::string>;
  // `solve`: positions one a line in the solver's own files (Pons's move
  // strings), and what it prints for them (scores, or every move's).
  { g.parse_positions(path, path) } -> std::same_as<std::vector<WrittenPosition<typename G::Position>>>;
  { g.solve_report(std::vector<WrittenPosition<typename G::Position>>{}, options) } -> std::same_as<SolveReport>;
};

// Appends a move to a move sequence as text: the moves' notation joined by
// the game's separator (G::kMoveSeparator; none by default, as Connect4's
// "4453"). A game's parse_position reads such a sequence back.
template <Game G>
void append_move_text(const G& g, std::string& sequence, const typename G::Position& before,
                      const typename G::Move& m) {
  if constexpr (HasMoveSeparator<G>)
    if (!sequence.empty()) sequence += G::kMoveSeparator;
  sequence += g.move_text(before, m);
}

// The side that made the last move (the game alternates).
template <Game G>
Side last_mover(const G& g, const typename G::Position& p) {
  return opponent(g.side_to_move(p));
}

}  // namespace evalsynth
