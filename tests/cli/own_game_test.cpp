// A user's own game: a spec that names only its game runs from any folder,
// and every artefact of the run (the answer, summary.json, the checkpoint,
// exports) names the game it was made for, read back and played on it.

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "lang/default_grammar.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "test_support.hpp"
#include "tournament/labelled.hpp"
#include "tournament/position_sets.hpp"

namespace {

using evalsynth::GameFamily;

// Every value of `"key": "` in a JSON text (the start of each string).
std::vector<std::string> string_values(const std::string& json, const std::string& key) {
  std::vector<std::string> values;
  const std::string opening = "\"" + key + "\": \"";
  for (std::size_t at = json.find(opening); at != std::string::npos; at = json.find(opening, at + 1))
    values.push_back(json.substr(at + opening.size(), 40));
  return values;
}

}  // namespace

TEST_CASE("a spec of one game line runs for every game, and every artefact names its game", "[cli][games]") {
  // Two sizes of each game; the second of Connect4 is its other win test.
  const std::vector<std::string> games = {"mnk(4,4,4)", "mnk(5,4,3,fill)", "adjacent4(6,6)", "adjacent4(7,5)",
                                          "modnim(21,3)", "modnim(30,4)", "checkers(6)", "checkers(8,20)", "connect4",
                                          "connect4(thesis-java)",
                                          // Games described in files, named by their path.
                                          std::string(test::kSourceDir) + "/specs/games/connect3-5x4.game",
                                          std::string(test::kSourceDir) + "/specs/games/gomoku-8x8.game"};
  for (const std::string& name : games) {
    INFO(name);
    const evalsynth::GameDescriptor game = evalsynth::parse_game(name);
    test::ScratchFolder dir("own-game");
    // Only the game, and a budget small enough for a test. Half the runs
    // name a grammar file whose first line names the family alone (`game
    // mnk`), as grammar/ has them: the programs must still carry the run's game.
    std::string grammar_line;
    if (&name - games.data() < 8 && (&name - games.data()) % 2 == 0) {
      std::string text = evalsynth::lang::default_grammar_text(game);
      text.replace(0, text.find('\n'), "game " + std::string(evalsynth::family_name(game.family)));
      test::write_file(dir / "family.grammar", text);
      grammar_line = "grammar = family.grammar\n";
    }
    test::write_file(dir / "g.spec", "name = g\n" + grammar_line + "game = " + name +
                                         "\npopulation = 6\ngenerations = 2\nelitism = 1\nvalidation-top = 2\n"
                                         "training-boards = random(3)\nvalidation-boards = random(4)\n"
                                         "candidate-depths = 1\n");
    const test::Run run = test::run_evalsynth("run g.spec", dir.path.string());
    REQUIRE(run.exit_code == 0);
    const std::string line = game.family == evalsynth::connect4::kFamily ? "" : "game " + game.text() + "\\n";

    // The answer reads back as a program of its game, and plays on it.
    const evalsynth::lang::Program answer = evalsynth::lang::read_program_file(dir / "results/g/best.eval");
    CHECK(answer.family() == game.family);
    if (game.family != evalsynth::connect4::kFamily) CHECK(answer.game == game);
    const test::Run check = test::run_evalsynth("check results/g/best.eval", dir.path.string());
    REQUIRE(check.exit_code == 0);
    if (game.family != evalsynth::connect4::kFamily)
      CHECK_THAT(check.output, Catch::Contains("game       " + game.text()));

    // Every program summary.json and the checkpoint hold names the game.
    const std::string summary = test::read_file(dir / "results/g/summary.json");
    const test::Run inspect = test::run_evalsynth("inspect population/g --json", dir.path.string());
    REQUIRE(inspect.exit_code == 0);
    for (const std::string* json : {&summary, &inspect.output}) {
      const std::vector<std::string> programs = string_values(*json, "program");
      CHECK(!programs.empty());
      for (const std::string& program : programs)
        if (game.family == evalsynth::connect4::kFamily)
          CHECK(!program.starts_with("game "));
        else
          CHECK(program.starts_with(line));
    }

    // The exports play the game the program names, without --game.
    if (game.family != evalsynth::modnim::kFamily) {
      const test::Run page = test::run_evalsynth("export results/g/best.eval --html p.html", dir.path.string());
      REQUIRE(page.exit_code == 0);
      if (game.family != evalsynth::connect4::kFamily)
        CHECK_THAT(test::read_file(dir / "p.html"), Catch::Contains("\"game\": \"" + game.text() + "\""));
    }
    // A match of the answer against the game's random player, game not given.
    const test::Run match = test::run_evalsynth("match results/g/best.eval@1 random --games 2", dir.path.string());
    CHECK(match.exit_code == 0);
  }
}

TEST_CASE("Connect4's built-in grammar is grammar/adate.grammar, and every game's parses", "[lang][games]") {
  CHECK(evalsynth::lang::default_grammar_text(evalsynth::GameDescriptor{}) ==
        test::read_file(std::string(test::kSourceDir) + "/grammar/adate.grammar"));
  for (const char* name : {"mnk(3,3,3)", "mnk(8,8,5)", "mnk(1,7,2)", "adjacent4(5,5)", "modnim(9,2)", "checkers(4)"}) {
    INFO(name);
    const evalsynth::GameDescriptor game = evalsynth::parse_game(name);
    CHECK(test::input_error_of([&] {
            (void)evalsynth::lang::parse_grammar(evalsynth::lang::default_grammar_text(game), "builtin");
          }) == "(no error)");
  }
}

TEST_CASE("positions --sets makes a game's three disjoint sets, reproducibly, fitted to a small game",
          "[cli][games][positions]") {
  test::ScratchFolder dir("position-sets");
  const evalsynth::mnk::Game game(3, 3, 3);
  const std::string make = "positions --game tictactoe --count 30 --sets ";
  REQUIRE(test::run_evalsynth(make + (dir / "a")).exit_code == 0);
  REQUIRE(test::run_evalsynth(make + (dir / "b")).exit_code == 0);
  std::set<std::uint64_t> keys;
  std::size_t total = 0;
  for (const char* set : {"training", "validation", "test"}) {
    INFO(set);
    const std::string file = std::string(set) + ".positions";
    CHECK(test::read_file(dir / ("a/" + file)) == test::read_file(dir / ("b/" + file)));
    const auto positions = evalsynth::read_labelled_positions(game, dir / ("a/" + file));
    CHECK(positions.size() == 30);
    for (const auto& p : positions) {
      keys.insert(game.canonical_key(p.position));
      // Only positions where the choice matters.
      std::set<int> classes;
      for (int s : p.scores) classes.insert(evalsynth::solver::value_class(s));
      CHECK(classes.size() > 1);
    }
    total += positions.size();
  }
  CHECK(keys.size() == total);  // no position (or its mirror image) in two sets

  // A game with fewer positions than asked for: a third each, said so.
  const test::Run small = test::run_evalsynth("positions --game 'modnim(12,3)' --sets " + (dir / "nim"));
  REQUIRE(small.exit_code == 0);
  CHECK_THAT(small.output, Catch::Contains("distinct positions that meet these options"));
  CHECK(evalsynth::read_labelled_positions(evalsynth::modnim::Game(12, 3), dir / "nim/test.positions").size() ==
        evalsynth::read_labelled_positions(evalsynth::modnim::Game(12, 3), dir / "nim/training.positions").size());

  // Where the solver cannot reach, refused before any work.
  const test::Run checkers = test::run_evalsynth("positions --game 'checkers(8)' --sets " + (dir / "ck"));
  CHECK(checkers.exit_code == 2);
  CHECK_THAT(checkers.output, Catch::Contains("out of the exact solver's reach"));
}

TEST_CASE("a spec or strength naming missing sets says the command that makes them", "[cli][games][positions]") {
  test::ScratchFolder dir("missing-sets");
  test::write_file(dir / "p.spec", "game = mnk(4,4,4)\ntraining-positions = pos/training.positions\n");
  const test::Run run = test::run_evalsynth("run p.spec --dry-run", dir.path.string());
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.output, Catch::Contains("p.spec:2:22: error: positions file 'pos/training.positions' not found") &&
                             Catch::Contains("evalsynth positions --game 'mnk(4,4,4)' --sets pos"));
  test::write_file(dir / "a.eval", "game mnk(4,4,4)\nthreats(x) - threats(o)\n");
  const test::Run strength = test::run_evalsynth("strength a.eval --depth 1", dir.path.string());
  CHECK(strength.exit_code == 1);
  CHECK_THAT(strength.output,
             Catch::Contains("evalsynth positions --game 'mnk(4,4,4)' --sets specs/positions/mnk-4-4-4"));
}

TEST_CASE("positions --sets says what each set holds, and warns when no reference can err on it",
          "[cli][games][positions]") {
  test::ScratchFolder dir("position-mix");
  const evalsynth::mnk::Game game(3, 3, 3);
  const test::Run made = test::run_evalsynth("positions --game tictactoe --count 30 --sets " + (dir / "t"));
  REQUIRE(made.exit_code == 0);
  // The mix said for the test set is the file's.
  const auto positions = evalsynth::read_labelled_positions(game, dir / "t/test.positions");
  std::vector<int> plies;
  int wins = 0, draws = 0;
  for (const auto& p : positions) {
    plies.push_back(game.plies(p.position));
    int best = -1;
    for (int s : p.scores) best = std::max(best, evalsynth::solver::value_class(s));
    wins += best == 1;
    draws += best == 0;
  }
  std::sort(plies.begin(), plies.end());
  const auto percent = [&](int n) { return std::to_string(static_cast<int>(std::lround(100.0 * n / 30))); };
  CHECK_THAT(made.output,
             Catch::Contains("test: plies " + std::to_string(plies.front()) + "-" + std::to_string(plies.back()) +
                             " (median " + std::to_string(plies[15]) + "); the side to move wins " + percent(wins) +
                             "%, draws " + percent(draws) + "%"));
  // Tic-tac-toe's references err on its sets; on a 5 x 5 board where three
  // stones next to each other win, from ply 8 on (this game's static guess
  // of the solver's reach) every position is an immediate win or block, and
  // no reference errs.
  CHECK_THAT(made.output, !Catch::Contains("warning"));
  test::write_file(dir / "three.game", "board = 5 x 5\nline = 3\nplacement = adjacent\n");
  const test::Run trivial = test::run_evalsynth("positions --game " + (dir / "three.game") +
                                                " --plies 8-24 --count 30 --sets " + (dir / "three"));
  REQUIRE(trivial.exit_code == 0);
  CHECK_THAT(trivial.output, Catch::Contains("warning: the game's references (open-lines, threat-lines) make no "
                                             "mistake on these positions at depths 1-2"));
  CHECK_THAT(trivial.output, Catch::Contains("the side to move wins 100%"));
}

TEST_CASE("positions --sets draws from as early in the game as the solver affords", "[cli][games][positions]") {
  test::ScratchFolder dir("position-reach");
  // The small adjacency game is solved from its start in no time: its sets
  // span the whole game (the static guess began at ply 8), and on them the
  // references err.
  test::write_file(dir / "three.game", "board = 5 x 5\nline = 3\nplacement = adjacent\n");
  const test::Run whole =
      test::run_evalsynth("positions --game " + (dir / "three.game") + " --count 30 --sets " + (dir / "three"));
  REQUIRE(whole.exit_code == 0);
  CHECK_THAT(whole.output, Catch::Contains("of plies 0-24 by perfect play"));
  CHECK_THAT(whole.output, !Catch::Contains("warning"));
  // The probe itself: back to the start where every position is cheap,
  // Connect4 (its own solver) keeps its plies, and a guess too early (an
  // empty 5 x 5 board is far beyond one probe's budget) moves later.
  const evalsynth::mnk::Game tictactoe(3, 3, 3), five_four_game(5, 5, 4);
  CHECK(evalsynth::earliest_labelled_ply(tictactoe, 5, 9) == 0);
  CHECK(evalsynth::earliest_labelled_ply(tictactoe, 0, 9) == 0);
  CHECK(evalsynth::earliest_labelled_ply(evalsynth::connect4::Game{}, 8, 42) == 8);
  const int five_four = evalsynth::earliest_labelled_ply(five_four_game, 8, 25);
  CHECK(five_four > 0);
  CHECK(five_four <= 8);
  CHECK(evalsynth::earliest_labelled_ply(five_four_game, 8, 25) == five_four);  // deterministic
  const int forward = evalsynth::earliest_labelled_ply(five_four_game, 0, 25);
  CHECK(forward > 0);
  CHECK(forward <= 25);
}

TEST_CASE("positions --node-limit leaves out what the solver cannot label within it, alike on any threads",
          "[cli][games][positions]") {
  const test::ScratchFolder dir("node-limit");
  // A small table: each position is solved from a cleared one.
  const std::string common =
      "positions --game 'mnk(5,5,4)' --count 40 --plies 6-9 --decisive --node-limit 20000 --table-mb 1";
  const test::Run one = test::run_evalsynth(common + " --threads 1 --output " + (dir / "one.positions"));
  const test::Run two = test::run_evalsynth(common + " --threads 2 --output " + (dir / "two.positions"));
  INFO(one.output);
  REQUIRE(one.exit_code == 0);
  REQUIRE(two.exit_code == 0);
  // Early 5 x 5 positions take the solver far more than 20,000 nodes:
  // some are left out, and said to be.
  CHECK_THAT(one.output, Catch::Contains("left out: each beyond the solver's limit of 20000 nodes"));
  CHECK(test::read_file(dir / "one.positions") == test::read_file(dir / "two.positions"));
  // Late positions, each within reach: none left out.
  const test::Run late = test::run_evalsynth(
      "positions --game 'mnk(5,5,4)' --count 40 --plies 16-18 --decisive --node-limit 20000 --table-mb 1 --output " +
      (dir / "all.positions"));
  REQUIRE(late.exit_code == 0);
  CHECK_THAT(late.output, !Catch::Contains("left out"));
}
