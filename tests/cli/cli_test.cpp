#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <string>

#include "games/connect4/connect4.hpp"
#include "test_support.hpp"
#include "tournament/start_boards.hpp"

using Catch::Matchers::Contains;

namespace {

using test::Run;
Run run(const std::string& arguments) { return test::run_evalsynth(arguments); }
std::string temp_path(const std::string& name) { return "evalsynth_cli_test_" + name; }
void write(const std::string& path, const std::string& text) { test::write_file(path, text); }
std::string read(const std::string& path) { return test::read_file(path); }

}  // namespace

TEST_CASE("help and version", "[cli]") {
  CHECK(run("--help").exit_code == 0);
  CHECK_THAT(run("--help").output, Contains("match"));
  CHECK_THAT(run("match --help").output, Contains("--both-colours"));
  CHECK_THAT(run("help bench").output, Contains("thesis's fitness workload"));
  CHECK(run("--version").exit_code == 0);
  const Run none = run("");
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.output, Contains("usage: evalsynth COMMAND"));
}

TEST_CASE("bad command lines get a clear message and exit code 2", "[cli][errors]") {
  Run r = run("mtach");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("unknown command 'mtach'; did you mean 'match'?"));
  r = run("match ibef@2 adate@2 --gmaes 5");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("unknown option '--gmaes'; did you mean '--games'?"));
  r = run("match ibef@2 adate@2 --games lots");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("option '--games' wants a whole number"));
  r = run("match ibef@2 adate@2 --games");
  CHECK_THAT(r.output, Contains("option '--games' needs a value"));
  r = run("match ibef adate@2");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("player 'ibef' needs a search depth"));
  r = run("match ibef@0 adate@2");
  CHECK_THAT(r.output, Contains("bad depth '0'"));
  r = run("match stockfish@2 adate@2");
  CHECK_THAT(r.output, Contains("unknown player 'stockfish'"));
  r = run("match ibef@3-1 adate@2");
  CHECK_THAT(r.output, Contains("empty depth range"));
  r = run("match ibef@2 adate@2 --order sideways");
  CHECK_THAT(r.output, Contains("option '--order' is one of 'random', 'left-to-right', not 'sideways'"));
  r = run("match ibef@2 adate@2 --rules gomoku");
  CHECK_THAT(r.output, Contains("option '--rules' is one of 'standard', 'thesis-java', not 'gomoku'"));
  r = run("match ibef@2");
  CHECK_THAT(r.output, Contains("give the players either as two arguments"));
}

TEST_CASE("every command's options are typed, strict and given once", "[cli][errors]") {
  // One table: command line, what the message must say. Exit code 2 each.
  const std::pair<const char*, const char*> cases[] = {
      {"match ibef@2 adate@2 --seed 1 --seed 2", "option '--seed' is given twice"},
      {"match ibef@2 adate@2 --threads 0", "option '--threads' wants a whole number from 1 to 1024, not '0'"},
      {"match ibef@2 adate@2 --games=-3", "option '--games' wants a whole number"},
      {"match ibef@2 adate@2 --games 5x", "option '--games' wants a whole number"},
      {"match ibef@2 adate@2 extra", "give the players either as two arguments"},
      {"bench foo", "unexpected argument 'foo'"},
      {"bench --reps", "option '--reps' needs a value"},
      {"strength ibef --depth 1-2x", "--depth wants depths from 1 to 20 such as 1,3,5 or 1-7, not '1-2x'"},
      {"strength ibef --depth 0", "not '0'"},
      {"strength ibef --depth 3-1", "not '3-1'"},
      {"strength ibef --depth 1,,2", "not ''"},
      {"strength ibef", "say which depths"},
      {"strength ibef adate --depth 1", "give exactly one evaluator"},
      {"inspect a b", "give exactly one checkpoint file or run folder"},
      {"inspect x --top -1", "option '--top' wants a whole number from 0"},
      {"run", "give exactly one spec file"},
      {"run s.spec --threds 2", "unknown option '--threds'; did you mean '--threads'?"},
      {"resume x --stop-after 0", "option '--stop-after' wants a whole number from 1"},
      {"export x.eval", "say what to write: --cpp OUT.hpp (a C++ header) or --html OUT.html (a page)"},
      {"check", "give exactly one program file"},
  };
  for (const auto& [line, message] : cases) {
    INFO(line);
    const Run r = run(line);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains(message));
  }
}

TEST_CASE("a match prints thesis lines and writes CSV and JSON", "[cli]") {
  const std::string csv = temp_path("out.csv"), json = temp_path("out.json");
  std::remove(csv.c_str());
  std::remove(json.c_str());
  const Run r = run("match --x ibef@1-2 --o adate@2 --both-colours --games 20 --seed 3 --threads 2 --csv " + csv +
                    " --json " + json);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("\nIBEF1 - ADATE2 "));
  CHECK_THAT(r.output, Contains("\nIBEF2 - ADATE2 "));
  CHECK_THAT(r.output, Contains("\nADATE2 - IBEF1 "));
  CHECK_THAT(r.output, Contains("\nADATE2 - IBEF2 "));
  CHECK_THAT(read(csv), Contains("IBEF1,ADATE2,20,"));
  CHECK_THAT(read(json), Contains("\"games_per_board\": 20"));
  // Same seed, one thread: the same table.
  const Run again = run("match --x ibef@1-2 --o adate@2 --both-colours --games 20 --seed 3 --threads 1");
  CHECK(again.output == r.output);
  std::remove(csv.c_str());
  std::remove(json.c_str());
}

TEST_CASE("a bad board file is reported with file:line:col and nothing is written", "[cli][errors]") {
  const std::string boards = temp_path("boards.txt"), csv = temp_path("keep.csv");
  write(boards, "4453\n# fine so far\n44z\n");
  write(csv, "precious\n");
  const Run r = run("match ibef@1 ibef@1 --boards " + boards + " --csv " + csv);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains(boards + ":3:3: error: bad character 'z'"));
  CHECK(read(csv) == "precious\n");
  const Run missing = run("match ibef@1 ibef@1 --boards /nonexistent/b.txt");
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.output, Contains("/nonexistent/b.txt:1:1: error: cannot open the board file"));
  const Run unwritable = run("match ibef@1 ibef@1 --games 1 --csv /nonexistent/dir/out.csv");
  CHECK(unwritable.exit_code == 1);
  CHECK_THAT(unwritable.output, Contains("/nonexistent/dir/out.csv:1:1: error: cannot write here"));
  std::remove(boards.c_str());
  std::remove(csv.c_str());
}

TEST_CASE("matches from a board file play each board", "[cli]") {
  const std::string boards = temp_path("boards2.txt");
  write(boards,
        "4\n44\n[[0,0,0,1,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]]\n");
  const Run r = run("match ibef@2 adate@2 --boards " + boards + " --games 2");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("2 game(s) per start board x 3 start board(s)"));
  std::remove(boards.c_str());
}

TEST_CASE("check shows a program and rejects bad ones with a location", "[cli][lang]") {
  const std::string examples = std::string(test::kSourceDir) + "/grammar/";
  Run r = run("check " + examples + "examples/adate2005.eval --position 5 --grammar " + examples + "features.grammar");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("size       173 nodes"));
  CHECK_THAT(r.output, Contains("compiled   weight table"));
  CHECK_THAT(r.output, Contains("features.grammar derives the program"));
  CHECK_THAT(r.output, Contains("value      13"));
  r = run("check " + examples + "examples/adate2005.eval --grammar " + examples + "adate.grammar");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("has no production for '2 * sq(0, 1)'"));

  const std::string bad = temp_path("bad.eval");
  write(bad, "# a comment\nlet a = sq(0, 3) in\n  a + b\n");
  r = run("check " + bad);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains(bad + ":3:7: error: unknown name 'b'"));
  std::remove(bad.c_str());
  r = run("check /nonexistent.eval");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("/nonexistent.eval:1:1: error: cannot open the program file"));
  r = run("check " + examples + "examples/ibef.eval --position 4x");
  CHECK(r.exit_code == 2);  // a bad option value is a bad command line
  CHECK_THAT(r.output, Contains("--position:1:2: error: bad character 'x'"));
  r = run("check");
  CHECK(r.exit_code == 2);
}

TEST_CASE("program files play in matches", "[cli][lang]") {
  const std::string examples = std::string(test::kSourceDir) + "/grammar/examples/";
  const Run r = run("match " + examples + "adate2005.eval@2 ibef@2 --games 200 --seed 9");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("adate2005@2 - IBEF2 "));
  const Run bad = run("match /nonexistent.eval@2 ibef@2");
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.output, Contains("cannot open the program file"));
}

TEST_CASE("matches give the same table with native code and with --no-jit", "[cli][native]") {
  test::ScratchFolder scratch("no-jit");
  const std::string program = scratch / "f.eval";
  write(program, "threats(x) - threats(o) + 3 * sq(0, 3) - height(3) / 2 + (if moves() > 10 then 5 else -5)\n");
  const Run jit = run("match " + program + "@1-3 ibef@2 --games 30 --seed 4");
  const Run interpreted = run("match " + program + "@1-3 ibef@2 --games 30 --seed 4 --no-jit");
  REQUIRE(jit.exit_code == 0);
  CHECK(jit.output == interpreted.output);
  // Every other game's programs too (lang/game_program.hpp).
  const struct {
    std::string game, program, reference;
  } others[] = {
      {"mnk(5,4,3,drop)", "threats(x) - 2 * open_lines(o) + 3 * sq(0, 2) - (stones(o) % 3) * sq(1, moves() % 5)",
       "threat-lines"},
      {"checkers(6)", "3 * (men(x) - men(o)) + (kings(x) - kings(o)) * (2 + sq(quiet() % 6, moves() % 6))", "material"},
      {"modnim(21,4)", "if sticks() % (limit() + 2) = 1 then -50 * to_move() else moves() % 7", "parity"},
  };
  for (const auto& other : others) {
    INFO(other.game);
    const std::string file = scratch / "g.eval";
    write(file, "game " + other.game.substr(0, other.game.find('(')) + "\n" + other.program + "\n");
    const std::string match =
        "match --game '" + other.game + "' " + file + "@1-3 " + other.reference + "@2 --games 20 --seed 4";
    const Run on = run(match), off = run(match + " --no-jit");
    INFO(on.output);
    REQUIRE(on.exit_code == 0);
    CHECK(on.output == off.output);
  }
}

TEST_CASE("an output that would replace an input or another output is refused before any work", "[cli][errors]") {
  test::ScratchFolder scratch("same-file");
  const std::string boards = scratch / "boards.txt", program = scratch / "p.eval", header = scratch / "p.hpp";
  write(boards, "4455\n");
  write(program, "sq(0, 3) - sq(1, 3)\n");
  write(header, "sq(0, 3)\n");  // a program file that happens to end in .hpp
  std::filesystem::create_directories(scratch / "folder.hpp");
  const std::string positions = std::string(test::kSourceDir) + "/tests/data/late.analysis";
  const struct {
    std::string arguments;
    std::string message;
  } cases[] = {
      {"match ibef@1 adate@1 --csv " + (scratch / "f") + " --json " + (scratch / "f"),
       "--json and --csv name the same file"},
      {"match ibef@1 adate@1 --csv " + (scratch / "folder.hpp/../f") + " --json " + (scratch / "f"),
       "--json and --csv name the same file"},
      {"match ibef@1 adate@1 --boards " + boards + " --csv " + boards, "--csv names the --boards file"},
      {"match " + program + "@1 adate@1 --json " + program, "--json names the player " + program},
      {"strength " + program + " --depth 1 --positions " + positions + " --json " + program,
       "--json names the evaluator"},
      {"strength ibef --depth 1 --positions " + boards + " --csv " + boards, "--csv names a --positions file"},
      {"export " + header + " --cpp " + header, "--cpp names the program"},
      {"export " + program + " --cpp " + (scratch / "folder.hpp"), "this is a folder; expected a file to write"},
      {"positions --count 1 --output " + boards + " --exclude " + boards, "--output names an --exclude file"},
  };
  for (const auto& c : cases) {
    const auto before = test::snapshot(scratch.path.string());
    const Run r = run(c.arguments);
    INFO(c.arguments << "\n" << r.output);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains(": error: " + c.message));
    CHECK(test::snapshot(scratch.path.string()) == before);
  }
  CHECK_THAT(run("match ibef@1 adate@1 --games 1 --csv ''").output,
             Contains("--csv needs a file name, not an empty one"));
  CHECK(run("export " + program + " --cpp ''").exit_code == 2);
  // One dash where two are needed, and a huge argument, are short messages.
  CHECK_THAT(run("export " + program + " -cpp x.hpp").output,
             Contains("unknown option '-cpp'; options take two dashes: '--cpp'"));
  const Run huge = run("match ibef@1 adate@1 --games " + std::string(5000, '9'));
  CHECK(huge.exit_code == 2);
  CHECK(huge.output.size() < 400);
  // A symbolic link to an input is that input.
  std::filesystem::create_symlink(boards, scratch / "link.csv");
  const Run linked = run("match ibef@1 adate@1 --boards " + boards + " --csv " + (scratch / "link.csv"));
  CHECK(linked.exit_code == 1);
  CHECK_THAT(linked.output, Contains("--csv names the --boards file"));
  CHECK(read(boards) == "4455\n");
}

TEST_CASE("validation positions must be apart from the training positions, mirror images included",
          "[cli][positions]") {
  test::ScratchFolder scratch("apart");
  test::write_file(scratch / "train.analysis", "# made up\n44 -2 0 0 1 0 0 0\n12 0 0 0 0 3 0 0\n");
  // "76" is the mirror image of "12".
  test::write_file(scratch / "valid.analysis", "4455 0 0 0 0 0 0 0\n\n76 0 0 3 0 0 0 0\n");
  const std::string spec = scratch / "p.spec";
  test::write_file(spec, "training-positions = " + (scratch / "train.analysis") + "\nvalidation-positions = " +
                             (scratch / "valid.analysis") + "\noutput = " + (scratch / "results") +
                             "\ncheckpoints = " + (scratch / "population") + "\n");
  const auto before = test::snapshot(scratch.path.string());
  const test::Run r = test::run_evalsynth("run " + spec + " --dry-run", test::kSourceDir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains(scratch / "valid.analysis:3:1: error: position 76 (or its mirror image) is also in "
                                          "the training positions"));
  CHECK(test::snapshot(scratch.path.string()) == before);
}

TEST_CASE("a match over an opening suite plays each opening with both colours and sums the pairs", "[cli][openings]") {
  const Run r = run("match --x ibef@1-2 --o adate@1-2 --openings 2 --same-depth --threads 2");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("x 25 start board(s) (2-ply openings up to mirror images)"));
  // Only equal depths, both colours.
  CHECK_THAT(r.output, Contains("\nIBEF1 - ADATE1 ") && Contains("\nADATE1 - IBEF1 ") && Contains("\nIBEF2 - ADATE2 "));
  CHECK_THAT(r.output, !Contains("IBEF1 - ADATE2") && !Contains("ADATE2 - IBEF1"));
  // The paired line adds up the two colour lines: 50 games each.
  const auto at = r.output.find("IBEF1 vs ADATE1: +");
  REQUIRE(at != std::string::npos);
  int wins = 0, draws = 0, losses = 0;
  REQUIRE(std::sscanf(r.output.c_str() + at, "IBEF1 vs ADATE1: +%d =%d -%d", &wins, &draws, &losses) == 3);
  CHECK(wins + draws + losses == 50);
  CHECK(run("match --x ibef@1 --o ibef@2 --openings 2 --same-depth").exit_code == 2);
  CHECK_THAT(run("match --x ibef@1 --o ibef@1 --openings 9").output, Contains("--openings"));
  CHECK_THAT(run("match --x ibef@1 --o ibef@1 --openings 1 --boards x.txt").output, Contains("not both"));
}

TEST_CASE("a match over balanced openings plays only those the book scores near a draw", "[cli][openings][book]") {
  const Run r = run("match --x ibef@1 --o adate@1 --openings 3 --balanced 2 --threads 2");
  REQUIRE(r.exit_code == 0);
  const std::size_t kept = evalsynth::balanced_opening_boards(evalsynth::connect4::Game{}, 3, 2).size();
  CHECK_THAT(r.output, Contains("x " + std::to_string(kept) +
                                " start board(s) (3-ply openings up to mirror images, scored within 2 of a draw)"));
  const auto at = r.output.find("IBEF1 vs ADATE1: +");
  REQUIRE(at != std::string::npos);
  int wins = 0, draws = 0, losses = 0;
  REQUIRE(std::sscanf(r.output.c_str() + at, "IBEF1 vs ADATE1: +%d =%d -%d", &wins, &draws, &losses) == 3);
  CHECK(wins + draws + losses == static_cast<int>(2 * kept));
  const Run without_openings = run("match --x ibef@1 --o ibef@1 --balanced 1");
  CHECK(without_openings.exit_code == 2);
  CHECK_THAT(without_openings.output, Contains("--balanced B picks among openings: give --openings N too"));
  CHECK_THAT(run("match --x ibef@1 --o ibef@1 --openings 4 --balanced 1").output,
             Contains("--balanced takes openings of at most 3 plies"));
  CHECK_THAT(run("match --x ibef@1 --o ibef@1 --openings 3 --balanced 19").output, Contains("--balanced"));
  const Run none = run("match --x ibef@1 --o ibef@1 --openings 0 --balanced 0");
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.output, Contains("no 0-ply opening is scored within 0 of a draw"));
}
