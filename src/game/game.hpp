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
#include <string>
#include <string_view>

#include "support/error.hpp"

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
};

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

template <class E, class P>
concept PositionEvaluator = requires(const E& e, const P& p) {
  { e(p) } -> std::convertible_to<int>;
};

// Appends a move to a move sequence as text: the moves' notation joined by
// the game's separator (G::kMoveSeparator; none by default, as Connect4's
// "4453"). A game's parse_position reads such a sequence back.
template <Game G>
void append_move_text(const G& g, std::string& sequence, const typename G::Position& before,
                      const typename G::Move& m) {
  if constexpr (requires { G::kMoveSeparator; })
    if (!sequence.empty()) sequence += G::kMoveSeparator;
  sequence += g.move_text(before, m);
}

// The side that made the last move (the game alternates).
template <Game G>
Side last_mover(const G& g, const typename G::Position& p) {
  return opponent(g.side_to_move(p));
}

}  // namespace evalsynth
