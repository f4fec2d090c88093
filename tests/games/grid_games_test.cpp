// The k-in-a-row games (mnk, adjacent4) against independent facts: the
// known counts of tic-tac-toe, perft against a naive array implementation,
// the exact solver against brute-force minimax, notation and symmetries.

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "game/move_order.hpp"
#include "games/adjacent4/adjacent4.hpp"
#include "games/mnk/mnk.hpp"
#include "games/naive_games.hpp"
#include "solver/exact_solver.hpp"
#include "support/random.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

template <class G>
long long count_games(const G& game, const typename G::Position& p) {
  if (game.status(p) != Status::Ongoing) return 1;
  MovesOf<G> moves;
  game.legal_moves(p, moves);
  long long total = 0;
  for (int m : moves) total += count_games(game, game.play(p, m));
  return total;
}

template <class G>
void collect_positions(const G& game, const typename G::Position& p,
                       std::set<std::pair<std::uint64_t, std::uint64_t>>& seen) {
  if (!seen.insert({p.x, p.o}).second || game.status(p) != Status::Ongoing) return;
  MovesOf<G> moves;
  game.legal_moves(p, moves);
  for (int m : moves) collect_positions(game, game.play(p, m), seen);
}

template <class G>
long long perft(const G& game, const typename G::Position& p, int depth) {
  if (depth == 0 || game.status(p) != Status::Ongoing) return 1;
  MovesOf<G> moves;
  game.legal_moves(p, moves);
  long long total = 0;
  for (int m : moves) total += perft(game, game.play(p, m), depth - 1);
  return total;
}

// The naive board of a position, replayed from its moves.
naive::Board naive_board(int columns, int rows, int line, bool adjacency, bool fill, const std::vector<int>& moves) {
  naive::Board b{columns, rows, line, adjacency, fill};
  for (int m : moves) b = b.played(m);
  return b;
}

// A random position of `game` after `plies` random moves (or fewer, if the
// game ends), with its moves.
template <class G>
std::pair<typename G::Position, std::vector<int>> random_position(const G& game, int plies, Rng& rng) {
  typename G::Position p = game.start();
  std::vector<int> moves;
  for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) {
    const int m = random_move(game, p, rng);
    moves.push_back(m);
    p = game.play(p, m);
  }
  return {p, moves};
}

}  // namespace

TEST_CASE("tic-tac-toe: 255,168 games, 5,478 positions, a draw", "[games][mnk]") {
  const mnk::Game ttt(3, 3, 3);
  CHECK(count_games(ttt, ttt.start()) == 255168);
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  collect_positions(ttt, ttt.start(), seen);
  CHECK(seen.size() == 5478);  // the empty board and the finished positions included
  solver::ExactSolver<mnk::Game> solver(ttt, 4);
  CHECK(solver.solve(ttt.start()) == 0);
  CHECK(solver.outcome(ttt.start()) == 0);
}

TEST_CASE("mnk(4,4,4) is a draw, mnk(4,4,3) a first-player win", "[games][mnk]") {
  const mnk::Game four(4, 4, 4);
  solver::ExactSolver<mnk::Game> solver(four, 16);
  CHECK(solver.outcome(four.start()) == 0);
  const mnk::Game three(4, 4, 3);
  solver::ExactSolver<mnk::Game> other(three, 16);
  CHECK(other.outcome(three.start()) == 1);
}

TEST_CASE("perft agrees with a naive array implementation", "[games][mnk][adjacent4]") {
  struct Shape {
    int columns, rows, line;
    bool adjacency;
  };
  for (const Shape s : {Shape{3, 3, 3, false}, Shape{4, 4, 3, false}, Shape{5, 4, 4, false}, Shape{4, 4, 4, true},
                        Shape{5, 5, 4, true}, Shape{8, 6, 4, true}}) {
    INFO(s.columns << "x" << s.rows << " k=" << s.line << (s.adjacency ? " adjacency" : ""));
    auto check = [&](const auto& game) {
      const naive::Board empty = naive_board(s.columns, s.rows, s.line, s.adjacency, false, {});
      for (int depth = 1; depth <= 4; ++depth) REQUIRE(perft(game, game.start(), depth) == naive::perft(empty, depth));
      Rng rng(static_cast<std::uint64_t>(s.columns * 100 + s.rows * 10 + s.line));
      for (int i = 0; i < 20; ++i) {
        const auto [p, moves] = random_position(game, 2 + rng.below(s.columns * s.rows - 2), rng);
        const naive::Board b = naive_board(s.columns, s.rows, s.line, s.adjacency, false, moves);
        REQUIRE(perft(game, p, 3) == naive::perft(b, 3));
        const Status status = game.status(p);
        REQUIRE((status == Status::XWon    ? 1
                 : status == Status::OWon  ? -1
                 : status == Status::Drawn ? 0
                                           : 2) == b.result());
      }
    };
    if (s.adjacency)
      check(adjacent4::Game(s.columns, s.rows));
    else
      check(mnk::Game(s.columns, s.rows, s.line));
  }
}

TEST_CASE("the fill variant plays to a full board and counts lines", "[games][mnk]") {
  const mnk::FillGame fill(4, 4, 3);
  Rng rng(11);
  for (int i = 0; i < 200; ++i) {
    const auto [p, moves] = random_position(fill, 16, rng);
    REQUIRE(moves.size() == 16);  // a line never ends the game early
    const naive::Board b = naive_board(4, 4, 3, false, true, moves);
    const Status status = fill.status(p);
    REQUIRE((status == Status::XWon ? 1 : status == Status::OWon ? -1 : 0) == b.result());
  }
}

TEST_CASE("the exact solver agrees with brute-force minimax", "[games][solver]") {
  Rng rng(3);
  auto check = [&](const auto& game, int columns, int rows, int line, bool adjacency, bool fill, int fewest_plies) {
    using G = std::decay_t<decltype(game)>;
    solver::ExactSolver<G> solver(game, 4);
    for (int i = 0; i < 30; ++i) {
      const auto [p, moves] = random_position(game, fewest_plies + rng.below(columns * rows - fewest_plies), rng);
      if (game.status(p) != Status::Ongoing) continue;
      const naive::Board b = naive_board(columns, rows, line, adjacency, fill, moves);
      INFO(game.board_text(p));
      REQUIRE(solver.solve(p) == naive::minimax(b, solver::kExactWin));
      REQUIRE(solver.outcome(p) == solver::value_class(solver.solve(p)));
      const std::vector<int> scores = solver.analyse(p);
      MovesOf<G> legal;
      game.legal_moves(p, legal);
      for (std::size_t m = 0; m < legal.size(); ++m) {
        const int child = naive::minimax(b.played(legal[m]), solver::kExactWin);
        REQUIRE(scores[m] == (child > 0 ? -(child - 1) : child < 0 ? -(child + 1) : 0));
      }
    }
  };
  // Brute force costs (empty cells)!: from these plies on it stays quick.
  check(mnk::Game(3, 3, 3), 3, 3, 3, false, false, 0);
  check(mnk::Game(4, 4, 3), 4, 4, 3, false, false, 8);
  check(mnk::FillGame(4, 3, 3), 4, 3, 3, false, true, 4);
  check(adjacent4::Game(4, 4), 4, 4, 4, true, false, 8);
  check(adjacent4::Game(5, 4), 5, 4, 4, true, false, 12);
}

TEST_CASE("cells are named as on a chess board, and bad moves say why", "[games][notation]") {
  const mnk::Game ttt;
  const auto p = ttt.parse_position("b2a1", {"t"});
  CHECK(ttt.board_text(p) == "3 . . .\n2 . X .\n1 O . .\n  a b c\n");
  CHECK(ttt.move_text(p, 8) == "c3");
  CHECK_THROWS_WITH(ttt.parse_position("b2b2", {"t", 1, 1}), Contains("t:1:3") && Contains("cell b2 is taken"));
  CHECK_THROWS_WITH(ttt.parse_position("b2d1", {"t", 1, 1}), Contains("t:1:3") && Contains("off the board"));
  CHECK_THROWS_WITH(ttt.parse_position("a1b1a2b2a3c3", {"t", 1, 1}), Contains("t:1:11") && Contains("after the game"));
  CHECK_THROWS_WITH(ttt.parse_position("b2!", {"t", 1, 1}), Contains("t:1:3"));
  const adjacent4::Game adjacent;
  const auto q = adjacent.parse_position("d3e4", {"a"});
  CHECK(adjacent.plies(q) == 2);
  CHECK_THROWS_WITH(adjacent.parse_position("d3h6", {"a", 1, 1}), Contains("a:1:3") && Contains("touches no stone"));
  CHECK_THROWS_WITH(adjacent.parse_move(q, "z9", {"m"}), Contains("off the board"));
}

TEST_CASE("canonical keys are equal exactly for symmetric positions", "[games][symmetry]") {
  const mnk::Game square(4, 4, 4);
  const grid::Geometry& g = square.geometry();
  REQUIRE(g.symmetries() == 8);
  CHECK(adjacent4::Game(8, 6).geometry().symmetries() == 4);
  Rng rng(8);
  for (int i = 0; i < 300; ++i) {
    const auto [p, moves] = random_position(square, rng.below(14), rng);
    std::set<std::uint64_t> images;
    for (int k = 0; k < g.symmetries(); ++k) {
      const grid::Stones t{g.transform(k, p.x), g.transform(k, p.o)};
      REQUIRE(std::popcount(t.x) == std::popcount(p.x));
      REQUIRE(square.canonical_key(t) == square.canonical_key(p));
      REQUIRE(square.status(t) == square.status(p));  // lines map to lines
      images.insert(square.key(t));
    }
    CHECK(images.size() <= 8);
  }
  // Two positions that are not images of each other differ.
  const auto a = square.parse_position("a1", {"t"}), b = square.parse_position("b1", {"t"});
  CHECK(square.canonical_key(a) != square.canonical_key(b));
  CHECK(square.canonical_key(a) == square.canonical_key(square.parse_position("d4", {"t"})));
}

namespace {

// Every line of `line` cells, as lists of cells, found by walking the board.
std::vector<std::vector<int>> naive_lines(const naive::Board& b) {
  std::vector<std::vector<int>> out;
  std::set<std::vector<int>> seen;
  const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.columns; ++c)
      for (const auto& d : directions) {
        std::vector<int> cells;
        for (int i = 0; i < b.line && b.inside(r + i * d[0], c + i * d[1]); ++i)
          cells.push_back((r + i * d[0]) * b.columns + c + i * d[1]);
        if (static_cast<int>(cells.size()) == b.line && seen.insert(cells).second) out.push_back(cells);
      }
  return out;
}

// A line feature of side `who` (+1 X, -1 O) counted the slow way.
int naive_feature(const naive::Board& b, grid::LineFeature f, int who) {
  const auto lines = naive_lines(b);
  auto held = [&](const std::vector<int>& l, int side) {
    int n = 0;
    for (int cell : l) n += b.cells[static_cast<std::size_t>(cell)] == side;
    return n;
  };
  auto empty = [&](int cell) { return b.cells[static_cast<std::size_t>(cell)] == 0; };
  const int cells = b.columns * b.rows;
  auto border = [&](int cell) {
    const int r = cell / b.columns, c = cell % b.columns;
    return r == 0 || c == 0 || r == b.rows - 1 || c == b.columns - 1;
  };
  auto corner = [&](int cell) {
    const int r = cell / b.columns, c = cell % b.columns;
    return (r == 0 || r == b.rows - 1) && (c == 0 || c == b.columns - 1);
  };
  int count = 0;
  using F = grid::LineFeature;
  if (f <= F::Windows7) {
    const int j = static_cast<int>(f) + 1;
    for (const auto& l : lines) count += held(l, who) == j && held(l, -who) == 0;
    return count;
  }
  switch (f) {
    case F::Threats:
    case F::Forks:
      for (int cell = 0; cell < cells; ++cell) {
        if (!empty(cell)) continue;
        int through = 0;
        for (const auto& l : lines)
          if (std::find(l.begin(), l.end(), cell) != l.end() && held(l, -who) == 0 &&
              held(l, who) == b.line - (f == F::Threats ? 1 : 2))
            ++through;
        count += f == F::Threats ? through >= 1 : through >= 2;
      }
      return count;
    case F::Lines:
      for (const auto& l : lines) count += held(l, who) == b.line;
      return count;
    case F::OpenLines:
      for (const auto& l : lines) count += held(l, who) >= 1 && held(l, -who) == 0;
      return count;
    case F::Moves:
      return b.moves;
    case F::ToMove:
      return b.to_move();
    case F::Mobility:
      return static_cast<int>(b.legal().size());
    default:
      break;
  }
  for (int cell = 0; cell < cells; ++cell) {
    const bool mine = b.cells[static_cast<std::size_t>(cell)] == who;
    if (f == F::Stones) count += mine;
    if (f == F::Centre) count += mine && !border(cell);
    if (f == F::Corners) count += mine && corner(cell);
    if (f == F::Edges) count += mine && border(cell) && !corner(cell);
    if (f == F::Neighbours && empty(cell)) {
      bool next = false;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int r = cell / b.columns + dr, c = cell % b.columns + dc;
          next = next || ((dr || dc) && b.inside(r, c) && b.at(r, c) == who);
        }
      count += next;
    }
  }
  return count;
}

}  // namespace

TEST_CASE("every line feature equals a naive count of the board", "[games][features]") {
  Rng rng(21);
  auto check = [&](const auto& game, bool adjacency, const FeatureLibrary& library) {
    const grid::Geometry& g = game.geometry();
    for (int i = 0; i < 150; ++i) {
      const auto [p, moves] = random_position(game, rng.below(g.cells() + 1), rng);
      const naive::Board b = naive_board(g.columns(), g.rows(), g.line(), adjacency, false, moves);
      std::vector<FeatureRequest> requests;
      for (int id = 0; id < grid::kLineFeatures; ++id)
        for (std::uint8_t player : {0, 1}) requests.push_back({static_cast<std::uint8_t>(id), player});
      std::vector<std::int32_t> values(requests.size());
      game.features(p, requests, values.data());
      for (std::size_t r = 0; r < requests.size(); ++r) {
        const auto f = static_cast<grid::LineFeature>(requests[r].id);
        const bool sided = library[requests[r].id].takes_player;
        INFO(game.board_text(p) << "feature " << library[requests[r].id].name << " player " << int(requests[r].player));
        REQUIRE(values[r] == naive_feature(b, f, sided && requests[r].player ? -1 : 1));
      }
    }
  };
  check(mnk::Game(3, 3, 3), false, mnk::feature_library());
  check(mnk::Game(5, 4, 3), false, mnk::feature_library());
  check(mnk::Game(6, 6, 5), false, mnk::feature_library());
  check(adjacent4::Game(8, 6), true, adjacent4::feature_library());
}
