// The commands on the games beside Connect4, through real processes: each
// command with --game (or a program's own game line), runs that resume
// exactly and do not depend on the thread count, and the mistakes a user of
// several games makes (another game's program, grammar, positions or
// players), refused where written.

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using test::run_evalsynth;

namespace {

const std::string kSource = test::kSourceDir;

}  // namespace

namespace {

// A small run of `game` writing into `dir`, checkpointing every generation.
std::string write_spec(const test::ScratchFolder& dir, const std::string& file, const std::string& game,
                       const std::string& body, int generations) {
  const std::string path = dir / file;
  test::write_file(path, "name = g\ngame = " + game + "\n" + body +
                             "population = 16\ngenerations = " + std::to_string(generations) +
                             "\nrestart-every = 3\nmax-size = 60\nmax-depth = 20\ninit-depth = 3\n"
                             "checkpoint-every = 1\noutput = " +
                             (dir / "results") + "\ncheckpoints = " + (dir / "population") + "\n");
  return path;
}

// A run of three generations of `game` with `body` gives the same answer,
// log and summary on 1 and 2 threads.
void check_same_run_on_one_and_two_threads(const std::string& game, const std::string& body) {
  const test::ScratchFolder one("run-1-thread"), two("run-2-threads");
  REQUIRE(run_evalsynth("run " + write_spec(one, "s.spec", game, body, 3) + " --threads 1", kSource).exit_code == 0);
  REQUIRE(run_evalsynth("run " + write_spec(two, "s.spec", game, body, 3) + " --threads 2", kSource).exit_code == 0);
  CHECK(test::run_outcome(one) == test::run_outcome(two));
}

const std::string kTicTacToeBody =
    "grammar = grammar/mnk.grammar\nopponents = open-lines@1, random\ncandidate-depths = 1, 2\n"
    "training-boards = openings(1)\nvalidation-boards = openings(2)\n"
    "training-positions = specs/positions/mnk-3-3-3/training.positions\n"
    "validation-positions = specs/positions/mnk-3-3-3/validation.positions\nposition-depths = 1\n"
    "move-order = random\nscoring = points\n";
const std::string kAdjacent4Body =
    "grammar = grammar/adjacent4.grammar\nopponents = decision-tree@1\ncandidate-depths = 1\n"
    "training-boards = random(6)\nvalidation-boards = random(10)\nmove-order = random\n";
// Othello 8 x 8: three references, each scored into the checkpoint; a
// tenth of the games' moves random, as the League plays (the same games on
// any thread count, and after a resume).
const std::string kOthelloBody =
    "opponents = wpc@1\ncandidate-depths = 1\ntraining-boards = random(4)\nvalidation-boards = random(6)\n"
    "random-moves = 10\n";

}  // namespace

TEST_CASE("other games' runs: the same for any thread count, and a resumed run is the uninterrupted one",
          "[cli][games][slow]") {
  for (const auto& [game, body] :
       {std::pair{std::string("tictactoe"), kTicTacToeBody}, std::pair{std::string("adjacent4(7,6)"), kAdjacent4Body},
        std::pair{std::string("othello(8)"), kOthelloBody}}) {
    INFO(game);
    const test::ScratchFolder whole("game-run-whole"), threads("game-run-threads"), resumed("game-run-resumed");
    test::Run r = run_evalsynth("run " + write_spec(whole, "s.spec", game, body, 4) + " --threads 2", kSource);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("(" + std::string(game == "tictactoe" ? "mnk(3,3,3)" : game) + ")"));
    r = run_evalsynth("run " + write_spec(threads, "s.spec", game, body, 4) + " --threads 1", kSource);
    REQUIRE(r.exit_code == 0);
    CHECK(test::run_outcome(threads) == test::run_outcome(whole));
    r = run_evalsynth("run " + write_spec(resumed, "s.spec", game, body, 4) + " --stop-after 2", kSource);
    REQUIRE(r.exit_code == 0);
    r = run_evalsynth("resume " + (resumed / "population/g"), kSource);
    REQUIRE(r.exit_code == 0);
    CHECK(test::run_outcome(resumed) == test::run_outcome(whole));
    CHECK_THAT(test::read_file(whole / "results/g/best.eval"), Contains("game "));
    // The answer plays, is checked and exported as a program of its game.
    r = run_evalsynth("check " + (whole / "results/g/best.eval"), kSource);
    CHECK(r.exit_code == 0);
    r = run_evalsynth("match --game '" + game + "' " + (whole / "results/g/best.eval") + "@1 random --games 4",
                      kSource);
    CHECK(r.exit_code == 0);
    r = run_evalsynth("export " + (whole / "population/g") + " --cpp " + (whole / "answer.hpp"), kSource);
    CHECK(r.exit_code == 0);
  }
}

TEST_CASE("every command takes --game, and a program's file says its game", "[cli][games]") {
  test::Run r = run_evalsynth(
      "match --game tictactoe open-lines@1-2 threat-lines@1-2 --same-depth --both-colours --games 20", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("OPEN-LINES2 vs THREAT-LINES2"));
  r = run_evalsynth("strength strategy --game 'modnim(100,3)' --depth 1", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("0.0%"));  // the winning rule makes no mistake
  r = run_evalsynth("strength parity --game 'modnim(100,3)' --depth 1", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, !Contains(" 0.0%"));
  const test::ScratchFolder dir("game-commands");
  // Two evaluators on the same positions: McNemar's exact test. The winning
  // rule never errs, so parity's 8 mistakes are all discordant: p = 2 / 2^8.
  r = run_evalsynth("strength strategy --game 'modnim(100,3)' --depth 1 --versus parity --json " + (dir / "s.json"),
                    kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("0.0% [  0.0,") &&
                           Contains("depth 1: 0 mistakes against 8; strategy alone errs on 0 positions, parity alone "
                                    "on 8: p = 0.00781, strategy makes fewer mistakes"));
  CHECK_THAT(test::read_file(dir / "s.json"),
             Contains("\"only_second_errs\": 8") && Contains("\"versus\": \"parity\""));
  r = run_evalsynth("strength parity --game 'modnim(100,3)' --depth 1-2 --versus parity", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("alone on 0: p = 1, no significant difference"));
  r = run_evalsynth("positions --game 'adjacent4(6,5)' --count 5 --output " + (dir / "a.positions"), kSource);
  REQUIRE(r.exit_code == 0);
  CHECK(test::read_file(dir / "a.positions").starts_with("game adjacent4(6,5)\n"));
  r = run_evalsynth("strength open-lines --depth 1 --positions " + (dir / "a.positions"), kSource);
  CHECK(r.exit_code == 0);  // the game comes from the file
  r = run_evalsynth("solve --game tictactoe --openings 1", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("b2 0"));  // tic-tac-toe's centre draws, as every first move
  // Typed on standard input for the game named: no game line needed; a
  // file of positions without one is still refused (it could be another board's).
  r = test::run_shell("echo b2 | " + std::string(test::kEvalsynthBinary) + " solve --game tictactoe");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("b2 0"));
  test::write_file(dir / "b2.positions", "b2\n");
  r = run_evalsynth("solve --game tictactoe " + (dir / "b2.positions"), kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("b2.positions:1:1: error: positions of mnk(3,3,3) begin with the line"));
  test::write_file(dir / "m.eval", "game mnk\nthreats(x) - threats(o) + 2 * forks(x)\n");
  r = run_evalsynth("check " + (dir / "m.eval") + " --position b2a1", kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("mnk(3,3,3)"));
}

TEST_CASE("another game's program, grammar, positions or players are refused where written", "[cli][games][errors]") {
  const test::ScratchFolder dir("game-mismatch");
  test::write_file(dir / "m.eval", "game mnk\nthreats(x) - threats(o)\n");
  test::write_file(dir / "c.eval", "threats(x) - sq(1, 1)\n");
  const std::pair<std::string, std::string> cases[] = {
      {"check " + (dir / "m.eval") + " --game connect4", "m.eval:1:1: error: this program is for mnk, but the game"},
      {"check " + (dir / "c.eval") + " --game tictactoe", "c.eval:1:1: error: this program is for Connect4"},
      {"match --game 'adjacent4(8,6)' " + (dir / "m.eval") + "@1 random", "this program is for mnk"},
      {"match --game tictactoe ibef@1 random", "built-in players of mnk(3,3,3) are open-lines, threat-lines"},
      {"strength open-lines --game modnim --depth 1", "built-in players of modnim(100,3) are strategy, parity"},
      {"strength threat-lines --game tictactoe --depth 1 --positions specs/positions/adjacent4-8-6/test.positions",
       "test.positions:1:6: error: these positions are of adjacent4(8,6), and the game is mnk(3,3,3)"},
      {"match --game chess random random", "unknown game 'chess'"},
      {"match --game 'mnk(3,3,9)' random random", "K (in a line) is a whole number from 1 to 3, not '9'"},
      {"match --game 'mnk(30,30,4)' random random", "M (columns) is a whole number from 1 to 16"},
      {"export " + (dir / "m.eval") + " --game connect4 --cpp " + (dir / "x.hpp"), "this program is for mnk"},
  };
  for (const auto& [command, message] : cases) {
    INFO(command);
    const test::Run r = run_evalsynth(command, kSource);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains(message));
  }
  // A learning spec of another game: what its board does not allow, located.
  const std::pair<std::string, std::string> learn_lines[] = {
      {"learner = thesis-net\ngame = tictactoe", "l.spec:2:1: error: the thesis's network reads Connect4's board"},
      {"learner = ntuple\ngame = tictactoe\ncell-states = 4", "l.spec:4:1: error: cell-states chooses Connect4's"},
      {"learner = ntuple\ngame = modnim\ntuple-length = 2",
       "l.spec:4:1: error: tuples of 2 cells on a board of 1 cell"},
      {"learner = ntuple\ngame = tictactoe\nopponents = ibef@1", "l.spec:4:13: error: unknown player 'ibef'"},
      {"learner = ntuple\ngame = adjacent4\nopponents = perfect", "l.spec:4:13: error: 'perfect' cannot teach"},
  };
  for (const auto& [text, message] : learn_lines) {
    INFO(text);
    test::write_file(dir / "l.spec", "# learn\n" + text + "\n");
    const test::Run learn = run_evalsynth("learn " + (dir / "l.spec") + " --dry-run", kSource);
    CHECK(learn.exit_code == 1);
    CHECK_THAT(learn.output, Contains(message));
  }
  // In a spec: each line that names another game's thing, located.
  const std::pair<std::string, std::string> spec_lines[] = {
      {"grammar = grammar/adate.grammar", "adate.grammar:1:1: error: the grammar is for connect4"},
      {"opponents = ibef@1", ":13: error: unknown player 'ibef'"},
      {"seeds = grammar/examples/ibef.eval", "ibef.eval:1:1: error: this program is for Connect4"},
      {"seeds = strategy", ":9: error: seed program 'strategy' not found"},
      {"training-positions = specs/positions/training.analysis", "training.analysis:1:1: error: labelled positions"},
      {"rules = thesis-java", ":1: error: rules choose Connect4's win test"},
      {"game = mnk(3,3)", ":8: error: mnk takes M columns, N rows and K in a line"},
  };
  for (const auto& [line, message] : spec_lines) {
    INFO(line);
    const std::string key = line.substr(0, line.find(' '));
    std::string body;
    std::istringstream lines("game = tictactoe\n" + kTicTacToeBody);
    for (std::string l; std::getline(lines, l);)
      if (!l.starts_with(key + " ")) body += l + "\n";
    test::write_file(dir / "s.spec", "name = g\n" + body + line + "\noutput = " + (dir / "results") +
                                         "\ncheckpoints = " + (dir / "population") + "\n");
    const test::Run r = run_evalsynth("run " + (dir / "s.spec") + " --dry-run", kSource);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains(message));
    CHECK_FALSE(std::filesystem::exists(dir / "results"));
  }
}

TEST_CASE("play: each game in the terminal, its moves named and refused in its own terms", "[cli][games][play]") {
  const auto play = [](const std::string& options, const std::string& script) {
    const test::ScratchFolder dir("game-play");
    test::write_file(dir / "in.txt", script);
    return run_evalsynth("play " + options + " --order left-to-right < " + (dir / "in.txt"), kSource);
  };
  // Tic-tac-toe: the engine never loses; a taken cell is refused and the game goes on.
  test::Run r = play("threat-lines@4 --game tictactoe", "a1\na1\nb2\nc3\na3\nc1\nb1\nc2\na2\nb3\n");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("'a1' is not a move"));
  CHECK_THAT(r.output, Contains("THREAT-LINES4 plays"));
  CHECK_THAT(r.output, !Contains("You win"));
  // adjacent4: a cell touching no stone, a cell off the board, a hint.
  r = play("decision-tree@1 --game adjacent4", "d4\na1\nz9\nhint\nquit\n");
  CHECK_THAT(r.output, Contains("cell a1 touches no stone"));
  CHECK_THAT(r.output, Contains("cell 'z9' is off the board"));
  CHECK_THAT(r.output, Contains("hint: "));
  CHECK_THAT(r.output, Contains("game left after 2 moves"));
  // ModNim: the winning strategy wins from a won start (20 mod 4 = 0) when
  // it moves first, and the last stick must be taken.
  std::string takes;
  for (int i = 0; i < 20; ++i) takes += "3\n1\n";
  r = play("strategy@1 --game 'modnim(20,3)' --first engine", takes);
  CHECK_THAT(r.output, Contains("STRATEGY1 plays 3"));
  CHECK_THAT(r.output, Contains("one stick is left, and a move must take it"));
  CHECK_THAT(r.output, Contains("The engine wins"));
  // Checkers: numbered squares; a step where a jump is due, a square off the
  // board, a square without a piece of the player's.
  r = play("material@2 --game checkers", "11-15\n21-17\n40-44\nhint\nquit\n");
  CHECK_THAT(r.output, Contains("MATERIAL2 plays"));
  CHECK_THAT(r.output, Contains("square 21 holds no piece of X's"));
  CHECK_THAT(r.output, Contains("numbered 1 to 32"));
  CHECK_THAT(r.output, Contains("hint: "));
  r = play("material@2 --game 'checkers(4)'", "1-3\n9-10\nquit\n");
  CHECK_THAT(r.output, Contains("numbered 1 to 8"));
}

TEST_CASE("checkers: match, check, a run and its errors through the commands", "[cli][games][checkers]") {
  test::Run r = run_evalsynth("match --game checkers material@2 positional@2 --both-colours --openings 2", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("MATERIAL2 vs POSITIONAL2: +"));
  const test::ScratchFolder dir("checkers-commands");
  test::write_file(dir / "c.eval", "game checkers\nmen(x) - men(o) + 2 * (kings(x) - kings(o)) - exposed(x)\n");
  r = run_evalsynth("check " + (dir / "c.eval") + " --position 11-15,24-19,15x24", kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("checkers(8)"));
  r = run_evalsynth("check " + (dir / "c.eval") + " --position 11-15,24-19,15-18", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("jump must be taken"));
  test::write_file(dir / "bad.eval", "game checkers\nmen(x) - stones(o)\n");
  r = run_evalsynth("check " + (dir / "bad.eval"), kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("bad.eval:2:"));
  r = run_evalsynth("match --game 'checkers(5)' material@1 positional@1", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("checkers takes the board's side, 8, 6 or 4"));
  r = run_evalsynth("match --game 'checkers(6,blocked)' material@1 positional@1", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("checkers(6,blocked-draws)") && Contains("not 'checkers(6,blocked)'"));
  r = run_evalsynth("match --game 'checkers(4,30,blocked-draws)' material@1 material@2 --games 2", kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("checkers(4,30,blocked-draws)"));
  // Export: a page and a header (their values and moves: tests/browser, tests/export).
  r = run_evalsynth("export " + (dir / "c.eval") + " --html " + (dir / "c.html") + " --cpp " + (dir / "c.hpp"),
                    kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(test::read_file(dir / "c.html"), Contains("family: 'checkers', size: 8, quiet: 80"));
  CHECK_THAT(test::read_file(dir / "c.hpp"),
             Contains("inline int c([[maybe_unused]] std::uint32_t x, [[maybe_unused]] std::uint32_t o"));
  r = run_evalsynth("export " + (dir / "c.eval") + " --cpp " + (dir / "p.hpp") + " --player", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("--player writes a Connect4 player"));
  // A short run of the checkers spec's kind, the same for 1 and 2 threads.
  const std::string body =
      "grammar = grammar/checkers.grammar\nopponents = material@1\nseeds = positional\ncandidate-depths = 1\n"
      "training-boards = openings(1)\nvalidation-boards = openings(2)\nmove-order = random\n";
  check_same_run_on_one_and_two_threads("checkers(6)", body);
}

TEST_CASE("a malformed labelled position file of another game is refused at its line and column",
          "[cli][games][errors]") {
  const test::ScratchFolder dir("game-positions-errors");
  const std::string all = " a1:0 b1:0 c1:0 a2:0 c2:0 a3:0 b3:0 c3:0";
  const std::pair<std::string, std::string> cases[] = {
      {"b2" + all, "p.positions:1:1: error: labelled positions of mnk(3,3,3) begin with the line `game mnk(3,3,3)`"},
      {"game mnk(3,3,3)\nb2 a1:0", "p.positions:2:8: error: move b1 has no score"},
      {"game mnk(3,3,3)\nb2 a1:0 a1:1" + all, "p.positions:2:9: error: move a1 is scored twice"},
      {"game mnk(3,3,3)\nb2 zz", "p.positions:2:4: error: expected MOVE:SCORE, not 'zz'"},
      {"game mnk(3,3,3)\nb2 a1:99999", "p.positions:2:7: error: a score is a whole number from -10000 to 10000"},
      {"game mnk(3,3,3)\nb2 b2:0", "p.positions:2:4: error: cell b2 is taken"},
      {"game mnk(3,3,3)\n# a comment\nb2b2 a1:0", "p.positions:3:3: error: cell b2 is taken"},
      {"game mnk(3,3,3)\na1b1a2b2a3 c3:0", "p.positions:2:1: error: the game is over in this position"},
      {"game mnk(3,3,3)\n# nothing\n", "p.positions:1:1: error: no positions in the file"},
      {"game modnim(100,3)\n1,2 1:1", "these positions are of modnim(100,3), and the game is mnk(3,3,3)"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    test::write_file(dir / "p.positions", text + "\n");
    const test::Run r =
        run_evalsynth("strength threat-lines --game tictactoe --depth 1 --positions " + (dir / "p.positions"), kSource);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains(message));
  }
}

TEST_CASE("othello: perft, a match, check, a replayed League table, a run, and export", "[cli][games][othello]") {
  test::Run r = run_evalsynth("perft --game othello --depth 6", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("perft 6: 8200"));
  r = run_evalsynth("match --game othello wpc@1 mobility-corners@1 --both-colours --games 4", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("WPC1 vs MOBILITY-CORNERS1: +"));
  const test::ScratchFolder dir("othello-commands");
  // The League's protocol: 1-ply players, 10% of the moves at random, both
  // colours; the same games on any thread count, kept and replayed.
  const std::string league =
      "match --game othello wpc@1 mobility-corners@1 --both-colours --games 30 "
      "--random-moves 10 --order left-to-right --record " +
      (dir / "league.tsv");
  r = run_evalsynth(league + " --threads 1", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("# random moves: 10% of the moves"));
  const test::Run two_threads = run_evalsynth(league + " --threads 2", kSource);
  CHECK(two_threads.output == r.output);
  const std::string record = test::read_file(dir / "league.tsv");
  CHECK_THAT(record, Contains("# random moves: 10\n"));
  std::set<std::string> games;
  std::istringstream lines(record);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line[0] != '#') games.insert(line.substr(line.rfind('\t') + 1));
  CHECK(games.size() > 30);  // deterministic players, yet the random moves vary every game
  const test::Run replayed = run_evalsynth("match --replay " + (dir / "league.tsv"), kSource);
  REQUIRE(replayed.exit_code == 0);
  CHECK_THAT(replayed.output, Contains("WPC1 vs MOBILITY-CORNERS1: +"));
  // The replay's table is the match's, its random moves said as well.
  const auto table = [](const std::string& text) { return text.substr(text.find('\n') + 1); };
  CHECK(table(replayed.output) == table(r.output));
  test::write_file(dir / "e.eval", "game othello\nmobility(x) - mobility(o) + 20 * (stable(x) - stable(o))\n");
  r = run_evalsynth("check " + (dir / "e.eval") + " --position d3c3pass", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("may pass only when it has no move"));
  r = run_evalsynth("check " + (dir / "e.eval") + " --position d3c3", kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("othello(8)"));
  r = run_evalsynth("match --game 'othello(7)' wpc@1 discs@1", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("6 x 6 or 8 x 8"));
  // The League's heuristic is published for 8 x 8 only.
  r = run_evalsynth("match --game 'othello(6)' wpc@1 discs@1", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("mobility-corners"));
  // Its header and its page (tests/export/game_export_test.cpp and
  // tests/browser/ check their values and moves).
  r = run_evalsynth("export " + (dir / "e.eval") + " --html " + (dir / "e.html") + " --cpp " + (dir / "e.hpp"),
                    kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("an evaluator of othello(8)") && Contains("to play othello(8)"));
  // The built-in networks: they play, and export as C++ and on the page
  // (their values: the export and browser tests).
  test::write_file(dir / "t.eval", "game othello\ntuples() + 10 * (corners(x) - corners(o)) - wpc_td()\n");
  r = run_evalsynth("match --game othello " + (dir / "t.eval") + "@1 wpc@1 --games 2", kSource);
  CHECK(r.exit_code == 0);
  r = run_evalsynth("export " + (dir / "t.eval") + " --cpp " + (dir / "t.hpp") + " --html " + (dir / "t.html"),
                    kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(test::read_file(dir / "t.hpp"), Contains("tuples_net::value(x, o, (plies_played & 1) != 0)") &&
                                                 Contains("wpc_td_net::value(x, o, (plies_played & 1) != 0)"));
  CHECK_THAT(test::read_file(dir / "t.html"),
             Contains("boardNets.tuples = boardNet(") && Contains("grammar/models/othello_tuples.model") &&
                 Contains("boardNets.wpc_td = boardNet(") && Contains("grammar/models/othello_wpc_td.model"));
  r = run_evalsynth(
      "export " + (dir / "t.eval") + " --game 'othello(6)' --cpp " + (dir / "t6.hpp") + " --html " + (dir / "t6.html"),
      kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("t.eval:1:1: error: tuples() is the network of othello(8)") &&
                           Contains("does not value othello(6)"));
  CHECK_FALSE(std::filesystem::exists(dir / "t6.hpp"));
  CHECK_FALSE(std::filesystem::exists(dir / "t6.html"));
  r = run_evalsynth("match --game 'othello(6)' " + (dir / "t.eval") + "@1 mobility-corners@1 --games 2", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("does not value othello(6)"));
  // A short run on 6 x 6, the same for 1 and 2 threads.
  const std::string body = "opponents = mobility-corners@1\ncandidate-depths = 1\n";
  check_same_run_on_one_and_two_threads("othello(6)", body);
}
