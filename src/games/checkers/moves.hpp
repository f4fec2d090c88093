#pragma once
// Checkers' moves on the padded bitboards of board.hpp: simple moves and
// jump sequences under the American Checkers Federation's rules (men move
// and jump diagonally forward, kings both ways; a jump must be taken when
// one can be, and a jump sequence goes on while the jumping piece can jump
// again; a man that reaches the far row is crowned and its move ends there).
// Header-only: the search lists moves at every node.

#include <bit>
#include <cassert>
#include <cstdint>

#include "game/game.hpp"
#include "games/checkers/board.hpp"

namespace evalsynth::checkers {

// One position: both sides' pieces, which of them are kings, the plies
// played, and the plies since the last capture or man's move (the draw rule).
struct Position {
  std::uint64_t x = 0, o = 0, kings = 0;
  std::uint16_t plies = 0;
  std::uint16_t quiet = 0;
  Side side_to_move() const { return plies % 2 ? Side::O : Side::X; }
  std::uint64_t of(Side s) const { return s == Side::X ? x : o; }
  std::uint64_t occupied() const { return x | o; }
  friend bool operator==(const Position&, const Position&) = default;
};

// A move: where the piece starts and ends, and the pieces it jumps (none for
// a simple move). Two jump sequences with the same ends and the same pieces
// taken are one move: they leave the same position.
struct Move {
  std::uint64_t captured = 0;
  std::uint8_t from = 0, to = 0;  // bits of the padded layout
  friend bool operator==(const Move&, const Move&) = default;
};

// The most moves a position can have: simple moves are at most 4 for each of
// 12 pieces; jump sequences are far fewer in any reachable position, and
// the generator keeps within the bound whatever happens (asserting in debug
// builds).
inline constexpr std::size_t kMaxMoves = 128;
using Moves = MoveList<Move, kMaxMoves>;

class MoveGenerator {
 public:
  explicit MoveGenerator(const Board& board) : board_(&board) {}

  // Every legal move of the side to move: jumps if it has any, else simple
  // moves. Order: by starting square, then direction.
  void legal_moves(const Position& p, Moves& out) const {
    if (jumps(p, out)) return;
    simple_moves(p, out);
  }

  // Whether the side to move has a move (cheaper than listing them).
  bool has_moves(const Position& p) const {
    const Side s = p.side_to_move();
    const std::uint64_t empty = board_->mask() & ~p.occupied();
    return forward_targets(p, s, empty) != 0 || jumpers(p, s) != 0;
  }

  // The pieces of `s` that could jump now (whoever is to move).
  std::uint64_t jumpers(const Position& p, Side s) const {
    const std::uint64_t empty = board_->mask() & ~p.occupied();
    const std::uint64_t theirs = p.of(opponent(s));
    std::uint64_t found = 0;
    // A piece whose neighbour in direction d is theirs and the square beyond
    // empty.
    for (int d = 0; d < 4; ++d) found |= back(d, back(d, empty) & theirs) & movers(p, d, s);
    return found;
  }

  // The squares the pieces of `s` could step to (simple moves), counted per
  // move: how many simple moves `s` has.
  int simple_move_count(const Position& p, Side s) const {
    const std::uint64_t empty = board_->mask() & ~p.occupied();
    int count = 0;
    for (int d = 0; d < 4; ++d) count += std::popcount(step(d, movers(p, d, s)) & empty);
    return count;
  }

  // The position after a move.
  Position play(const Position& p, const Move& m) const {
    Position next = p;
    const std::uint64_t from = std::uint64_t{1} << m.from, to = std::uint64_t{1} << m.to;
    const bool man = !(p.kings & from);
    std::uint64_t& own = p.side_to_move() == Side::X ? next.x : next.o;
    std::uint64_t& theirs = p.side_to_move() == Side::X ? next.o : next.x;
    own = (own & ~from) | to;
    theirs &= ~m.captured;
    next.kings &= ~(from | m.captured);
    if (!man || (to & crown_row(p.side_to_move()))) next.kings |= to;
    ++next.plies;
    next.quiet = (man || m.captured) ? 0 : static_cast<std::uint16_t>(p.quiet + 1);
    return next;
  }

  // Directions: 0 and 1 down the board (towards O: X's men's way), 2 and 3
  // up. step: the squares one step from `bits` in direction d; back: the
  // squares one step from which lands on `bits`.
  std::uint64_t step(int d, std::uint64_t bits) const {
    return (d < 2 ? bits << shift(d) : bits >> shift(d)) & board_->mask();
  }
  std::uint64_t back(int d, std::uint64_t bits) const {
    return (d < 2 ? bits >> shift(d) : bits << shift(d)) & board_->mask();
  }
  // The pieces of `s` that may step in direction d: kings always, men
  // forward only (X's down, O's up).
  static std::uint64_t movers(const Position& p, int d, Side s) {
    return p.of(s) & ((d < 2) == (s == Side::X) ? ~std::uint64_t{0} : p.kings);
  }
  static bool forward(int d, Side s) { return (d < 2) == (s == Side::X); }
  std::uint64_t crown_row(Side s) const {
    return s == Side::X ? board_->row_bits(board_->size() - 1) : board_->row_bits(0);
  }
  // The pieces of `s` that some piece of the other side could jump now.
  std::uint64_t exposed(const Position& p, Side s) const {
    const std::uint64_t empty = board_->mask() & ~p.occupied();
    std::uint64_t found = 0;
    for (int d = 0; d < 4; ++d) found |= step(d, movers(p, d, opponent(s))) & p.of(s) & back(d, empty);
    return found;
  }

 private:
  int shift(int d) const { return d % 2 == 0 ? board_->short_shift() : board_->long_shift(); }
  std::uint64_t forward_targets(const Position& p, Side s, std::uint64_t empty) const {
    std::uint64_t targets = 0;
    for (int d = 0; d < 4; ++d) targets |= step(d, movers(p, d, s)) & empty;
    return targets;
  }

  void simple_moves(const Position& p, Moves& out) const {
    const Side s = p.side_to_move();
    const std::uint64_t empty = board_->mask() & ~p.occupied();
    for (std::uint64_t pieces = p.of(s); pieces; pieces &= pieces - 1) {
      const int from = std::countr_zero(pieces);
      const std::uint64_t piece = std::uint64_t{1} << from;
      const bool king = p.kings & piece;
      for (int d = 0; d < 4; ++d) {
        if (!king && !forward(d, s)) continue;
        const std::uint64_t to = step(d, piece) & empty;
        if (to) out.push_back({0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(std::countr_zero(to))});
      }
    }
  }

  // Lists every jump sequence; returns whether there was one.
  bool jumps(const Position& p, Moves& out) const {
    const Side s = p.side_to_move();
    std::uint64_t can = jumpers(p, s);
    if (!can) return false;
    for (; can; can &= can - 1) {
      const int from = std::countr_zero(can);
      const std::uint64_t piece = std::uint64_t{1} << from;
      // The jumping piece has left its square: it may land there again.
      const std::uint64_t empty = (board_->mask() & ~p.occupied()) | piece;
      extend(from, from, p.kings & piece, s, p.of(opponent(s)), empty, 0, out);
    }
    return true;
  }

  // Continues a jump sequence from `at`, having taken `captured` (which
  // stay on the board, blocking, until the move ends).
  void extend(int from, int at, bool king, Side s, std::uint64_t theirs, std::uint64_t empty, std::uint64_t captured,
              Moves& out) const {
    const std::uint64_t here = std::uint64_t{1} << at;
    bool jumped = false;
    for (int d = 0; d < 4; ++d) {
      if (!king && !forward(d, s)) continue;
      const std::uint64_t over = step(d, here) & theirs & ~captured;
      if (!over) continue;
      const std::uint64_t land = step(d, over) & empty;
      if (!land) continue;
      jumped = true;
      const int to = std::countr_zero(land);
      // A man crowned by this jump stops here.
      if (!king && (land & crown_row(s)))
        add_jump(from, to, captured | over, out);
      else
        extend(from, to, king, s, theirs, empty, captured | over, out);
    }
    if (!jumped && captured) add_jump(from, at, captured, out);
  }

  static void add_jump(int from, int to, std::uint64_t captured, Moves& out) {
    const Move m{captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    for (const Move& seen : out)
      if (seen == m) return;
    assert(out.size() < kMaxMoves);
    if (out.size() < kMaxMoves) out.push_back(m);
  }

  const Board* board_;
};

}  // namespace evalsynth::checkers
