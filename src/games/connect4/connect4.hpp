#pragma once
// Connect4 as a game of the engine (game/game.hpp): the bitboard Position of
// position.hpp under a win test (`Rules`: the standard one, or the thesis's
// Java test), with the thesis's search conventions — wins tested before a
// move is made, the centre tried first below the root, and the root order
// shuffled over all seven columns (full ones included) exactly as the
// thesis's agents did, so the published tables and every committed result
// replay move for move.

#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "game/game.hpp"
#include "game/move_order.hpp"
#include "games/connect4/notation.hpp"
#include "games/connect4/position.hpp"
#include "games/family.hpp"
#include "support/random.hpp"

namespace evalsynth {

namespace connect4 {
inline constexpr GameFamily kFamily{0};
}

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
class Connect4Game {
 public:
  using Position = evalsynth::Position;
  using Move = int;  // a column, 0..6
  using RulesType = Rules;
  static constexpr std::size_t kMaxMoves = kColumns;
  static constexpr GameFamily kFamily = connect4::kFamily;

  std::string name() const { return "connect4"; }
  Position start() const { return {}; }
  Side side_to_move(const Position& p) const { return p.side_to_move(); }
  int plies(const Position& p) const { return p.moves_played(); }
  void legal_moves(const Position& p, MovesOf<Connect4Game>& out) const {
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
  void root_moves(const Position& p, MoveOrder order, Rng& rng, MovesOf<Connect4Game>& out) const {
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
    return evalsynth::parse_position(text, where);
  }
  std::string board_text(const Position& p) const { return to_ascii(p); }
};

using Connect4 = Connect4Game<StandardRules>;
using Connect4ThesisJava = Connect4Game<ThesisJavaRules>;
static_assert(HasFastWinTests<Connect4> && HasFastWinTests<Connect4ThesisJava>);

// The playable columns of `p` in `order`: a root order for the search.
inline MovesOf<Connect4> playable_in(const Position& p, const ColumnOrder& order) {
  MovesOf<Connect4> moves;
  for (int col : order)
    if (p.can_play(col)) moves.push_back(col);
  return moves;
}

// A uniformly random playable column, as the thesis's random agent (C.4).
inline int random_column(const Position& p, Rng& rng) { return random_move(Connect4{}, p, rng); }

}  // namespace evalsynth
