// evalsynth export --html for the games other than Connect4: a page for each
// game (the game from the program's first line or --game), and the
// combinations the command refuses, with the reason. (The pages' values and
// moves are checked in Chromium: tests/browser/game_*_browser_test.cpp.)

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "export/js_export.hpp"
#include "lang/parse.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

TEST_CASE("export --html writes a page for every game", "[export][cli]") {
  const test::ScratchFolder dir("export-game-html");
  struct Case {
    std::string game, program, game_object, title;
  };
  const std::vector<Case> cases = {
      {"tictactoe", "game mnk\nthreats(x) - threats(o) + forks(x)",
       "const GAME = {family: 'mnk', columns: 3, rows: 3, line: 3, fill: false", "Tic-tac-toe"},
      {"mnk(4,4,3,fill)", "game mnk\nlines(x) - lines(o)",
       "const GAME = {family: 'mnk', columns: 4, rows: 4, line: 3, fill: true", "played to a full board"},
      {"mnk(7,5,4)", "game mnk\nopen_lines(x) - open_lines(o) + sq(2, 3)",
       "const GAME = {family: 'mnk', columns: 7, rows: 5, line: 4, fill: false", "4 in a row on 7 x 5"},
      {"adjacent4", "game adjacent4\nneighbours(x) - neighbours(o) + mobility()",
       "const GAME = {family: 'adjacent4', columns: 8, rows: 6, line: 4", "Adjacent four in a row (8 x 6"},
      {"adjacent4(5,4)", "game adjacent4\nwindows(x, 3) - windows(o, 3)",
       "const GAME = {family: 'adjacent4', columns: 5, rows: 4, line: 4", "Adjacent four in a row (5 x 4"},
      {"modnim", "game modnim\nsticks() % (limit() + 1)", "const GAME = {family: 'modnim', sticks: 100, take: 3",
       "ModNim (100 sticks, take 1 to 3"},
      {"modnim(21,5)", "game modnim\nsticks() * to_move()", "const GAME = {family: 'modnim', sticks: 21, take: 5",
       "ModNim (21 sticks, take 1 to 5"},
      {"checkers", "game checkers\nmen(x) - men(o) + quiet()", "const GAME = {family: 'checkers', size: 8, quiet: 80",
       "Checkers (8 x 8, the American Checkers Federation's rules; 80 plies"},
      {"checkers(4,20)", "game checkers\nsq(0, 1) * exposed(o)", "const GAME = {family: 'checkers', size: 4, quiet: 20",
       "Checkers (4 x 4"},
  };
  for (const Case& c : cases) {
    INFO(c.game);
    test::write_file(dir / "p.eval", c.program);
    const test::Run r =
        test::run_evalsynth("export " + (dir / "p.eval") + " --html " + (dir / "p.html") + " --game '" + c.game + "'");
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("wrote " + (dir / "p.html")));
    const std::string page = test::read_file(dir / "p.html");
    CHECK_THAT(page, Contains(c.game_object) && Contains(c.title) && Contains("function evaluate(b)") &&
                         Contains("function chooseMove(b, depth)") && Contains("<title>Play against p (evalsynth)"));
    // Not Connect4's board.
    CHECK(page.find("WINDOWS_THROUGH") == std::string::npos);
    CHECK(page.find("const COLUMNS = 7;") == std::string::npos);
  }

  // The game from the program's first line; a let named as the page's own names is renamed.
  test::write_file(dir / "four.eval",
                   "game mnk(4,4,4)\nlet sticks = stones(x) + moves() in let Board = threats(o) * 3 in sticks * Board "
                   "+ sticks - Board");
  const test::Run named = test::run_evalsynth("export " + (dir / "four.eval") + " --html " + (dir / "four.html"));
  INFO(named.output);
  REQUIRE(named.exit_code == 0);
  CHECK_THAT(named.output, Contains("mnk(4,4,4)"));
  const std::string four = test::read_file(dir / "four.html");
  CHECK_THAT(four, Contains("columns: 4, rows: 4, line: 4") && Contains("\"game\": \"mnk(4,4,4)\"") &&
                       Contains("const sticks_v = (stones_x + moves) | 0;") &&
                       Contains("const Board_v = mul(threats_o, 3);"));

  // Connect4's page is the same page with Connect4's rules and view.
  const std::string ibef = std::string(test::kSourceDir) + "/grammar/examples/ibef.eval";
  REQUIRE(test::run_evalsynth("export " + ibef + " --html " + (dir / "c4.html")).exit_code == 0);
  const std::string c4 = test::read_file(dir / "c4.html");
  CHECK_THAT(c4, Contains("const COLUMNS = 7;") && Contains("WINDOWS_THROUGH") && Contains("family: 'connect4'") &&
                     Contains("click a column or type 1-7") && Contains("function newGame("));
  CHECK(c4.find("const GRID") == std::string::npos);
  // A let named as one of the page's globals is renamed.
  test::write_file(dir / "globals.eval",
                   "let GAME = stones(x) + moves() in let VIEW = windows(o, 3) * 3 in GAME * VIEW + GAME - VIEW");
  REQUIRE(test::run_evalsynth("export " + (dir / "globals.eval") + " --html " + (dir / "g.html")).exit_code == 0);
  CHECK_THAT(test::read_file(dir / "g.html"), Contains("GAME_v") && Contains("VIEW_v"));
}

TEST_CASE("export --html refuses what no page can play", "[export][cli]") {
  const test::ScratchFolder dir("export-game-html-bad");
  test::write_file(dir / "mnk.eval", "game mnk\nstones(x)");
  test::write_file(dir / "nim.eval", "game modnim\nsticks()");
  test::write_file(dir / "ck.eval", "game checkers\nmen(x)");
  const std::string ibef = std::string(test::kSourceDir) + "/grammar/examples/ibef.eval";
  const std::string page = " --html " + (dir / "p.html");
  struct Bad {
    std::string arguments, message;
  };
  const std::vector<Bad> bad = {
      {dir / "mnk.eval" + page + " --game connect4", "this program is for mnk"},
      {dir / "mnk.eval" + page + " --game adjacent4", "this program is for mnk"},
      {dir / "nim.eval" + page + " --game tictactoe", "this program is for modnim"},
      {ibef + page + " --game tictactoe", "this program is for Connect4"},
      {ibef + page + " --game 'connect4(thesis-java)'", "--html plays Connect4 with the standard win test"},
      {dir / "mnk.eval" + page + " --game 'mnk(9,9,3)'", "at most 64 cells"},
      {dir / "nim.eval" + page + " --game 'modnim(0,3)'", "K (sticks) is a whole number from 1"},
      {dir / "mnk.eval" + page + " --player", "--player comes with --cpp"},
      {dir / "mnk.eval" + page + " --depth 9", "depth"},
      {dir / "ck.eval" + page + " --game tictactoe", "this program is for checkers"},
      {dir / "ck.eval" + page + " --game 'checkers(10)'", "checkers takes the board's side, 8, 6 or 4"},
  };
  for (const Bad& b : bad) {
    const test::Run r = test::run_evalsynth("export " + b.arguments);
    INFO(b.arguments << "\n" << r.output);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains(b.message));
  }
  CHECK_FALSE(std::filesystem::exists(dir / "p.html"));
}

TEST_CASE("the JavaScript evaluator of other games reads their runtime's features", "[export]") {
  const std::string grid = exporter::js_evaluator(
      lang::parse_program("game adjacent4\nthreats(x) + forks(o) + windows(x, 2) + mobility() + sq(1, 2)"), "f");
  CHECK_THAT(grid, Contains("const line_counts = countLines(b);") &&
                       Contains("const threats_x = line_counts.threats[X];") &&
                       Contains("const forks_o = line_counts.forks[O];") &&
                       Contains("const windows2_x = lineWindows(line_counts, X, 2);") &&
                       Contains("const mobility = legalMoveCount(b);") && Contains("sq(b, 1, 2)"));
  const std::string nim = exporter::js_evaluator(lang::parse_program("game modnim\nsticks() + limit()"), "f");
  CHECK_THAT(nim, Contains("const sticks = b.sticks;") && Contains("const limit = LIMIT;"));
  CHECK(nim.find("countLines") == std::string::npos);
}
