// Games described in files (games/game_file.hpp): Connect4, tic-tac-toe,
// m,n,k, fill-and-count and adjacent4 written as files play exactly as the
// built-in engines (legal moves, results, perft, solver values, search
// trees, on random games), and every bad field of a file is an error at its line and column.

#include <catch2/catch.hpp>

#include "game/perft.hpp"
#include "game/search.hpp"
#include "games/connect4/solver.hpp"
#include "games/registry.hpp"
#include "solver/exact_solver.hpp"
#include "support/random.hpp"
#include "test_support.hpp"

namespace {

using namespace evalsynth;

GameDescriptor game_from_file(const test::ScratchFolder& dir, const std::string& name, const std::string& text) {
  test::write_file(dir / name, text);
  return parse_game(dir / name);
}

// The game a file describes, as the mnk game type G it names.
template <class G>
G described(const GameDescriptor& d) {
  REQUIRE(d.family == mnk::kFamily);
  const mnk::Rules rules = mnk::Rules::unpacked(d.params[3]);
  REQUIRE(rules.fill == std::is_same_v<G, mnk::FillGame>);
  return G(d.params[0], d.params[1], d.params[2], rules.placement, rules.directions);
}

// A stone-weight evaluator both boards can be given: a fixed weight per
// cell (row, column), X's stones' minus O's, so that most leaves differ.
int cell_weight(int row, int col) { return (row * 7 + col) * 37 % 23 - 11; }
struct WeightsOnConnect4 {
  int operator()(const connect4::Position& p) const {
    int sum = 0;
    for (int bit = 0; bit < 49; ++bit) {
      const int w = cell_weight(bit % 7, bit / 7);
      sum += (p.x_stones() >> bit & 1) ? w : (p.o_stones() >> bit & 1) ? -w : 0;
    }
    return sum;
  }
};
struct WeightsOnGrid {
  int operator()(const grid::Stones& s) const {
    int sum = 0;
    for (int cell = 0; cell < 42; ++cell) {
      const int w = cell_weight(cell / 7, cell % 7);
      sum += (s.x >> cell & 1) ? w : (s.o >> cell & 1) ? -w : 0;
    }
    return sum;
  }
};

int status_code(Status s) { return s == Status::XWon ? 1 : s == Status::OWon ? -1 : s == Status::Drawn ? 0 : 2; }

// Random games on a built-in grid game and its file twin, cell for cell.
template <class Builtin, class FromFile>
void same_grid_games(const Builtin& builtin, const FromFile& file, std::uint64_t seed) {
  solver::ExactSolver<Builtin> builtin_solver(builtin, 16);
  solver::ExactSolver<FromFile> file_solver(file, 16);
  Rng rng(seed);
  for (int game = 0; game < 40; ++game) {
    auto a = builtin.start();
    auto b = file.start();
    while (true) {
      REQUIRE(status_code(builtin.status(a)) == status_code(file.status(b)));
      if (builtin.status(a) != Status::Ongoing) break;
      MovesOf<Builtin> ma;
      MovesOf<FromFile> mb;
      builtin.legal_moves(a, ma);
      file.legal_moves(b, mb);
      REQUIRE(std::vector<int>(ma.begin(), ma.end()) == std::vector<int>(mb.begin(), mb.end()));
      if (rng.below(6) == 0) REQUIRE(perft(builtin, a, 2) == perft(file, b, 2));
      // Solver values once the rest of the game is small.
      if (game % 4 == 0 && builtin.max_plies() - builtin.plies(a) <= 12)
        REQUIRE(builtin_solver.solve(a) == file_solver.solve(b));
      const int cell = ma[static_cast<std::size_t>(rng.below(static_cast<int>(ma.size())))];
      a = builtin.play(a, cell);
      b = file.play(b, cell);
    }
  }
}

}  // namespace

TEST_CASE("grid games written as files play as the built-in engines", "[games][game-file]") {
  test::ScratchFolder dir("game-files");
  const GameDescriptor ttt = game_from_file(dir, "ttt.game", "board = 3 x 3\nline = 3\n");
  CHECK(ttt == parse_game("tictactoe"));
  same_grid_games(mnk::Game(3, 3, 3), described<mnk::Game>(ttt), 1);

  const GameDescriptor m544 = game_from_file(dir, "m.game", "board = 5 x 4\nline = 4\nplacement = anywhere\n");
  CHECK(m544.text() == "mnk(5,4,4)");
  same_grid_games(mnk::Game(5, 4, 4), described<mnk::Game>(m544), 2);

  const GameDescriptor fill = game_from_file(dir, "f.game", "board = 4 x 4\nline = 3\nend = full-board\n");
  CHECK(fill.text() == "mnk(4,4,3,fill)");
  same_grid_games(mnk::FillGame(4, 4, 3), described<mnk::FillGame>(fill), 3);

  const GameDescriptor adjacent = game_from_file(dir, "a.game", "board = 6 x 5\nline = 4\nplacement = adjacent\n");
  CHECK(adjacent.text() == "mnk(6,5,4,adjacent)");
  same_grid_games(adjacent4::Game(6, 5), described<mnk::Game>(adjacent), 4);
  // The name carries every rule: it reads back without the file.
  CHECK(parse_game(adjacent.text()) == adjacent);
}

TEST_CASE("Connect4 written as a file plays as the built-in engine", "[games][game-file]") {
  test::ScratchFolder dir("connect4-file");
  const GameDescriptor described_game =
      game_from_file(dir, "c4.game", "# Connect4\nboard = 7 x 6\nline = 4\nplacement = drop\n");
  CHECK(described_game.text() == "mnk(7,6,4,drop)");
  const connect4::Game builtin;
  const mnk::Game file = described<mnk::Game>(described_game);
  CHECK(perft(builtin, builtin.start(), 7) == perft(file, file.start(), 7));
  connect4::Solver connect4_solver(16);
  solver::ExactSolver<mnk::Game> file_solver(file, 16);
  const WeightsOnConnect4 builtin_weights;
  const WeightsOnGrid file_weights;
  AlphaBeta<connect4::Game, WeightsOnConnect4> builtin_search(builtin, builtin_weights);
  AlphaBeta<mnk::Game, WeightsOnGrid> file_search(file, file_weights);
  int searches = 0;
  Rng rng(5);
  for (int game = 0; game < 60; ++game) {
    connect4::Position a = builtin.start();
    grid::Stones b = file.start();
    while (true) {
      REQUIRE(status_code(builtin.status(a)) == status_code(file.status(b)));
      if (builtin.status(a) != Status::Ongoing) break;
      MovesOf<connect4::Game> ma;
      MovesOf<mnk::Game> mb;
      builtin.legal_moves(a, ma);
      file.legal_moves(b, mb);
      std::vector<int> columns_a(ma.begin(), ma.end()), columns_b;
      for (int cell : mb) columns_b.push_back(cell % 7);
      std::sort(columns_a.begin(), columns_a.end());
      std::sort(columns_b.begin(), columns_b.end());
      REQUIRE(columns_a == columns_b);
      if (rng.below(8) == 0) REQUIRE(perft(builtin, a, 3) == perft(file, b, 3));
      // The search tries the same moves in the same order (a column's
      // playable cell, centre first): the same tree, node for node.
      if (rng.below(4) == 0) {
        MovesOf<mnk::Game> root_cells;
        for (int column : ma) root_cells.push_back(a.height(column) * 7 + column);
        const int depth = 1 + rng.below(5);
        const auto x = builtin_search.search(a, depth, ma);
        const auto y = file_search.search(b, depth, root_cells);
        REQUIRE(x.value == y.value);
        REQUIRE(x.move == y.move % 7);
        REQUIRE(builtin_search.counters().nodes == file_search.counters().nodes);
        REQUIRE(builtin_search.counters().evaluations == file_search.counters().evaluations);
        ++searches;
      }
      if (game % 3 == 0 && builtin.plies(a) >= 30)  // win, draw or loss agree
        REQUIRE(solver::value_class(connect4_solver.solve(a)) == solver::value_class(file_solver.solve(b)));
      const int column = ma[static_cast<std::size_t>(rng.below(static_cast<int>(ma.size())))];
      a = builtin.play(a, column);
      int cell = -1;
      for (int c : mb)
        if (c % 7 == column) cell = c;
      b = file.play(b, cell);
    }
  }
  CHECK(searches > 100);
}

TEST_CASE("a game file's bad fields are errors at their line and column", "[games][game-file]") {
  test::ScratchFolder dir("bad-game-files");
  const auto error_of = [&](const std::string& text) {
    test::write_file(dir / "bad.game", text);
    return test::input_error_of([&] { (void)parse_game(dir / "bad.game"); });
  };
  const std::string file = dir / "bad.game";
  CHECK_THAT(error_of("board = 9 x 9\nline = 5\n"),
             Catch::Contains(file + ":1:9: error: a board has at most 64 cells"));
  CHECK_THAT(error_of("board = 7 by 6\nline = 4\n"),
             Catch::Contains(file + ":1:9: error: the board is COLUMNS x ROWS"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 9\n"), Catch::Contains(file + ":2:8: error: the line is a whole number"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 4\nplacment = drop\n"),
             Catch::Contains(file + ":3:1: error: unknown key 'placment'; did you mean 'placement'?"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 4\nplacement = gravity\n"),
             Catch::Contains(file + ":3:13: error: 'placement' is anywhere, drop"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 4\ndirections = across, sideways\n"),
             Catch::Contains(file + ":3:22: error: 'directions' is all, or some of"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 7\ndirections = up\n"),
             Catch::Contains(file + ":3:14: error: no line of 7 fits a 7 x 6 board"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 4\nend = never\n"), Catch::Contains(file + ":3:7: error: 'end' is"));
  CHECK_THAT(error_of("board = 7 x 6\nline = 4\nfirst = o\n"),
             Catch::Contains(file + ":3:9: error: evalsynth's first"));
  CHECK_THAT(error_of("board = 7 x 6\nboard = 6 x 7\nline = 4\n"),
             Catch::Contains(file + ":2:1: error: 'board' is given twice (first at line 1)"));
  CHECK_THAT(error_of("line = 4\n"), Catch::Contains(file + ":1:1: error: a game file needs 'board'"));
  CHECK_THAT(error_of("board 7 x 6\n"), Catch::Contains(file + ":1:1: error: a line of a game file is KEY = VALUE"));
  CHECK_THAT(error_of("board = 7 x 6\nline =\n"), Catch::Contains(file + ":2:7: error: 'line' has no value"));
  CHECK_THAT(test::input_error_of([&] { (void)parse_game(dir / "none.game"); }),
             Catch::Contains("cannot open the game file"));
}

TEST_CASE("the shipped game files read, and lines in some directions only keep only their symmetries",
          "[games][game-file]") {
  for (const char* name : {"connect4", "connect3-5x4", "connect5-9x7", "gomoku-8x8"}) {
    INFO(name);
    CHECK_NOTHROW(parse_game(std::string(test::kSourceDir) + "/specs/games/" + name + ".game"));
  }
  CHECK(grid::grid_geometry(4, 4, 3).symmetries() == 8);
  CHECK(grid::grid_geometry(4, 4, 3, grid::kAllDirections, true).symmetries() == 2);  // gravity: the mirror only
  CHECK(grid::grid_geometry(4, 4, 3, grid::kAcross | grid::kUp).symmetries() == 8);
  CHECK(grid::grid_geometry(4, 4, 3, grid::kAcross).symmetries() == 4);  // no turn keeps rows rows
  CHECK(grid::grid_geometry(4, 4, 3, grid::kDiagonal).symmetries() == 4);
  // Lines across only: a column of three is no win.
  const mnk::Game rows_only(4, 4, 3, mnk::Placement::Anywhere, grid::kAcross);
  const auto p = rows_only.parse_position("a1b1a2b2a3", TextLocation{"t"});
  CHECK(rows_only.status(p) == Status::Ongoing);
  CHECK(rows_only.status(rows_only.parse_position("a1a2b1b2c1", TextLocation{"t"})) == Status::XWon);
}
