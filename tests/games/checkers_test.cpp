// Checkers: the move generator against the published perft counts of 8 x 8
// and against a naive generator written from the rules on every board; the
// notation, FEN and their errors.

#include "games/checkers/checkers.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "game/perft.hpp"

using evalsynth::InputError;
using evalsynth::Side;
using evalsynth::Status;
using evalsynth::TextLocation;
namespace ck = evalsynth::checkers;
using Catch::Matchers::Contains;

namespace {

// The rules, written plainly on a grid of cells: ' ' empty, x/X, o/O.
struct Grid {
  int n;
  std::vector<char> cell;
  char at(int r, int c) const { return cell[static_cast<std::size_t>(r * n + c)]; }
  char& at(int r, int c) { return cell[static_cast<std::size_t>(r * n + c)]; }
};

Grid grid_of(const ck::Game& g, const ck::Position& p) {
  Grid grid{g.size(), std::vector<char>(static_cast<std::size_t>(g.size() * g.size()), ' ')};
  for (int r = 0; r < g.size(); ++r)
    for (int c = 0; c < g.size(); ++c) {
      const int bit = g.board().bit_at(r, c);
      if (bit < 0) continue;
      const bool king = p.kings >> bit & 1;
      if (p.x >> bit & 1) grid.at(r, c) = king ? 'X' : 'x';
      if (p.o >> bit & 1) grid.at(r, c) = king ? 'O' : 'o';
    }
  return grid;
}

using Outcome = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;  // x, o, kings

Outcome outcome_of(const ck::Game& g, const Grid& grid) {
  Outcome o{0, 0, 0};
  for (int r = 0; r < grid.n; ++r)
    for (int c = 0; c < grid.n; ++c) {
      const char v = grid.at(r, c);
      if (v == ' ') continue;
      const std::uint64_t b = std::uint64_t{1} << g.board().bit_at(r, c);
      (v == 'x' || v == 'X' ? std::get<0>(o) : std::get<1>(o)) |= b;
      if (v == 'X' || v == 'O') std::get<2>(o) |= b;
    }
  return o;
}

void naive_jumps(const ck::Game& g, Grid grid, int r, int c, bool jumped, std::set<Outcome>& out) {
  const char piece = grid.at(r, c);
  const bool x = piece == 'x' || piece == 'X', king = piece == 'X' || piece == 'O';
  bool more = false;
  for (const int dr : {-1, 1})
    for (const int dc : {-1, 1}) {
      if (!king && dr != (x ? 1 : -1)) continue;
      const int mr = r + dr, mc = c + dc, lr = r + 2 * dr, lc = c + 2 * dc;
      if (lr < 0 || lr >= grid.n || lc < 0 || lc >= grid.n) continue;
      const char over = grid.at(mr, mc);
      // Theirs, not yet taken ('*' marks taken pieces until the move ends).
      if (over == ' ' || over == '*' || (over == 'x' || over == 'X') == x || grid.at(lr, lc) != ' ') continue;
      more = true;
      Grid next = grid;
      next.at(r, c) = ' ';
      next.at(mr, mc) = '*';
      const bool crowned = !king && lr == (x ? grid.n - 1 : 0);
      next.at(lr, lc) = crowned ? (x ? 'X' : 'O') : piece;
      if (crowned) {
        for (char& v : next.cell)
          if (v == '*') v = ' ';
        out.insert(outcome_of(g, next));
      } else {
        naive_jumps(g, next, lr, lc, true, out);
      }
    }
  if (!more && jumped) {
    for (char& v : grid.cell)
      if (v == '*') v = ' ';
    out.insert(outcome_of(g, grid));
  }
}

std::set<Outcome> naive_successors(const ck::Game& g, const ck::Position& p) {
  const Grid grid = grid_of(g, p);
  const bool x = p.side_to_move() == Side::X;
  std::set<Outcome> jumps, steps;
  for (int r = 0; r < grid.n; ++r)
    for (int c = 0; c < grid.n; ++c) {
      const char piece = grid.at(r, c);
      if (piece == ' ' || (piece == 'x' || piece == 'X') != x) continue;
      naive_jumps(g, grid, r, c, false, jumps);
      const bool king = piece == 'X' || piece == 'O';
      for (const int dr : {-1, 1})
        for (const int dc : {-1, 1}) {
          if (!king && dr != (x ? 1 : -1)) continue;
          const int tr = r + dr, tc = c + dc;
          if (tr < 0 || tr >= grid.n || tc < 0 || tc >= grid.n || grid.at(tr, tc) != ' ') continue;
          Grid next = grid;
          next.at(r, c) = ' ';
          next.at(tr, tc) = !king && tr == (x ? grid.n - 1 : 0) ? (x ? 'X' : 'O') : piece;
          steps.insert(outcome_of(g, next));
        }
    }
  return jumps.empty() ? steps : jumps;
}

}  // namespace

TEST_CASE("checkers 8x8: perft from the start matches the published counts (Bik 2009)", "[checkers]") {
  const ck::Game g(8);
  const std::array<std::uint64_t, 9> expected = {1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931};
  for (int depth = 0; depth < static_cast<int>(expected.size()); ++depth) {
    INFO(depth);
    CHECK(evalsynth::perft(g, g.start(), depth) == expected[static_cast<std::size_t>(depth)]);
  }
}

TEST_CASE("checkers: the bitboard generator gives the naive generator's moves on every board", "[checkers]") {
  std::mt19937_64 rng(11);
  for (const int size : {4, 6, 8}) {
    const ck::Game g(size);
    INFO(g.name());
    int positions = 0, with_jumps = 0, with_kings = 0;
    for (int game = 0; game < 300; ++game) {
      ck::Position p = g.start();
      while (g.status(p) == Status::Ongoing) {
        ck::Moves moves;
        g.legal_moves(p, moves);
        std::set<Outcome> mine;
        for (const ck::Move& m : moves) {
          const ck::Position next = g.play(p, m);
          mine.insert({next.x, next.o, next.kings});
          CHECK(next.plies == p.plies + 1);
        }
        const std::set<Outcome> naive = naive_successors(g, p);
        INFO(g.fen(p));
        REQUIRE(mine == naive);
        CHECK(mine.size() == moves.size());  // no two moves leave one position
        ++positions;
        with_jumps += moves[0].captured != 0;
        with_kings += p.kings != 0;
        p = g.play(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      }
      // Ended: the side to move cannot move, or 80 quiet plies.
      CHECK((naive_successors(g, p).empty() || p.quiet >= ck::kDrawQuietPlies));
    }
    CHECK(with_jumps > positions / 20);
    CHECK(with_kings > positions / 10);
  }
}

TEST_CASE("checkers: the start positions, status and the draw rule", "[checkers]") {
  const ck::Game g8(8), g6(6), g4(4);
  CHECK(g8.fen(g8.start()) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
  CHECK(g6.fen(g6.start()) == "B:W13,14,15,16,17,18:B1,2,3,4,5,6");
  CHECK(g4.fen(g4.start()) == "B:W7,8:B1,2");
  CHECK(g8.name() == "checkers(8)");
  // A side with no move has lost, whoever has more pieces.
  // O's man on 7 can neither step to 5 nor jump it (4 is taken).
  CHECK(g4.status(g4.parse_position("W:W7:B4,5", {"t"})) == Status::XWon);
  CHECK(g4.status(g4.parse_position("B:W7:B4,5", {"t"})) == Status::Ongoing);
  CHECK(g8.status(g8.parse_position("B:W21:BK1", {"t"})) == Status::Ongoing);
  CHECK(g8.status(g8.parse_position("B:W21:B", {"t"})) == Status::OWon);
  CHECK(g8.status(g8.parse_position("W:W:B5", {"t"})) == Status::XWon);
  // Kings shuffling: drawn after 80 plies without a capture or a man's move.
  ck::Position p = g8.parse_position("B:WK32:BK1", {"t"});
  int plies = 0;
  while (g8.status(p) == Status::Ongoing) {
    ck::Moves moves;
    g8.legal_moves(p, moves);
    p = g8.play(p, moves[0]);
    ++plies;
  }
  CHECK(plies == ck::kDrawQuietPlies);
  CHECK(g8.status(p) == Status::Drawn);
}

TEST_CASE("checkers(N,blocked-draws): a side with pieces but no move draws, one without pieces loses", "[checkers]") {
  const ck::Game acf(4), blocked(4, ck::kDrawQuietPlies, true);
  CHECK(blocked.name() == "checkers(4,blocked-draws)");
  CHECK(ck::Game(6, 50, true).name() == "checkers(6,50,blocked-draws)");
  // O's man on 7 is blocked (the same position as above).
  const ck::Position stuck = blocked.parse_position("W:W7:B4,5", {"t"});
  CHECK(acf.status(stuck) == Status::XWon);
  CHECK(blocked.status(stuck) == Status::Drawn);
  // No piece left: lost under both rules.
  CHECK(blocked.status(blocked.parse_position("W:W:B5", {"t"})) == Status::XWon);
  CHECK(blocked.status(blocked.parse_position("B:W7:B4,5", {"t"})) == Status::Ongoing);
  // The same moves in every position: only the end differs.
  std::mt19937_64 rng(5);
  int blocked_ends = 0;
  for (int game = 0; game < 200; ++game) {
    ck::Position p = acf.start();
    while (acf.status(p) == Status::Ongoing) {
      ck::Moves a, b;
      acf.legal_moves(p, a);
      blocked.legal_moves(p, b);
      REQUIRE(a.size() == b.size());
      p = acf.play(p, a[rng() % a.size()]);
    }
    const bool has_pieces = (p.side_to_move() == Side::X ? p.x : p.o) != 0;
    if (acf.status(p) != Status::Drawn && has_pieces) {
      ++blocked_ends;
      CHECK(blocked.status(p) == Status::Drawn);
    } else {
      CHECK(blocked.status(p) == acf.status(p));
    }
  }
  CHECK(blocked_ends > 0);
}

TEST_CASE("checkers: moves in numbered squares, jump sequences, FEN and back", "[checkers]") {
  const ck::Game g(8);
  const ck::Position p = g.parse_position("11-15 24-19 15x24 28x19", {"t"});
  CHECK(g.fen(p) == "B:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12");
  CHECK(g.plies(p) == 4);
  CHECK(p.quiet == 0);
  // PDN move numbers are skipped.
  CHECK(g.parse_position("1. 11-15 24-19 2. 15x24 28x19", {"t"}) == p);
  CHECK(g.parse_position("11-15,24-19,15x24,28x19", {"t"}) == p);
  // A double jump is written with its landing square; either form parses.
  const ck::Position q = g.parse_position("W:WK30:B26,19,12", {"t"});
  ck::Moves moves;
  g.legal_moves(q, moves);
  REQUIRE(moves.size() == 1);
  CHECK(g.move_text(q, moves[0]) == "30x23x16");
  CHECK(g.parse_move(q, "30x16", {"t"}) == moves[0]);
  CHECK(g.parse_move(q, "30x23x16", {"t"}) == moves[0]);
  // Crowning ends the move: X's man jumping onto row 8 stops there.
  const ck::Position r = g.parse_position("B:W28,27,20:B24", {"t"});
  ck::Moves crowning;
  g.legal_moves(r, crowning);
  for (const ck::Move& m : crowning) CHECK(g.play(r, m).kings != 0);
  // Round trips of FEN through random games.
  std::mt19937_64 rng(3);
  ck::Position s = g.start();
  while (g.status(s) == Status::Ongoing) {
    ck::Moves list;
    g.legal_moves(s, list);
    const ck::Move m = list[rng() % list.size()];
    CHECK(g.parse_move(s, g.move_text(s, m), {"t"}) == m);
    s = g.play(s, m);
    const ck::Position back = g.parse_position(g.fen(s), {"t"});
    CHECK(back.x == s.x);
    CHECK(back.o == s.o);
    CHECK(back.kings == s.kings);
    CHECK(back.side_to_move() == s.side_to_move());
  }
}

TEST_CASE("checkers: bad moves and boards get located messages", "[checkers]") {
  const ck::Game g(8);
  const auto error = [&](const std::string& text) -> std::string {
    try {
      g.parse_position(text, {"f", 3, 1});
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK_THAT(error("11-15 24-19 15-18"), Contains("f:3:13") && Contains("jump must be taken") && Contains("15x24"));
  CHECK_THAT(error("11-17"), Contains("not a legal move") && Contains("11-15"));
  CHECK_THAT(error("11-15 24-19 15x22"), Contains("not a legal jump") && Contains("15x24"));
  CHECK_THAT(error("11-15 24-19 15x17x24"), Contains("f:3:13") && Contains("from 15 to 17 is not one jump"));
  CHECK_THAT(error("11-15 24-19 15x24 28x19 15x24"), Contains("square 15 holds no piece"));
  CHECK_THAT(error("21-17"), Contains("square 21 holds no piece of X's"));
  CHECK_THAT(error("11-15 33-29"), Contains("f:3:7") && Contains("numbered 1 to 32"));
  CHECK_THAT(error("11+15"), Contains("f:3:3") && Contains("unexpected"));
  CHECK_THAT(error("11-15-19"), Contains("a step names two squares"));
  CHECK_THAT(error("B:W21,21:B1"), Contains("listed twice"));
  CHECK_THAT(error("B:W1:B2"), Contains("crowning row") && Contains("K1"));
  CHECK_THAT(error("B:W21,:B1"), Contains("a square was expected"));
  CHECK_THAT(error("B:X21:B1"), Contains("starts with W or B"));
  CHECK_THAT(error("B:W21"), Contains("lists both sides"));
  CHECK_THAT(error("B:W12-9:B1"), Contains("runs upwards"));
  CHECK_THAT(error("11-15,,24-19"), Contains("f:3:7") && Contains("between the commas"));
  CHECK_THAT(error("11-15,"), Contains("after the comma"));
  const ck::Game small(4);
  try {
    small.parse_position("1-9", {"f", 1, 1});
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Contains("numbered 1 to 8"));
  }
}
