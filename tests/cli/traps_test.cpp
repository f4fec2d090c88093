// What misled a user on the way through the tool (issue 65), each checked
// where it used to go wrong: records that know they are whole, answers named
// by their runs, experiments on any sets, errors located where the mistake
// is, sequential tests that say why they stop, and nothing printed before an
// error.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "games/game_file.hpp"
#include "test_support.hpp"

namespace {

using Catch::Matchers::Contains;

std::string first_lines(const std::string& text, int n) {
  std::size_t at = 0;
  for (int i = 0; i < n && at != std::string::npos; ++i) at = text.find('\n', at == 0 ? 0 : at + 1);
  return text.substr(0, at == std::string::npos ? text.size() : at + 1);
}

}  // namespace

TEST_CASE("a game record knows it is whole: cut or changed, it is refused where it ends", "[cli][match][records]") {
  test::ScratchFolder dir("records-whole");
  const test::Run played = test::run_evalsynth(
      "match --game tictactoe --x random --o threat-lines@1 --games 6 "
      "--both-colours --record " +
      (dir / "r.tsv"));
  INFO(played.output);
  REQUIRE(played.exit_code == 0);
  // A score's interval stays between 0% and 100% (random wins 1 of 6 as X).
  CHECK_THAT(played.output, Contains("X's score 16.7% [0.0, ") && !Contains("16.7% ± 32.7"));
  const std::string record = test::read_file(dir / "r.tsv");
  CHECK_THAT(record, Contains("# player: THREAT-LINES1: built-in"));
  CHECK_THAT(record, Contains("# end: 12 games, checksum "));
  CHECK(test::run_evalsynth("match --replay " + (dir / "r.tsv")).exit_code == 0);
  // Cut at a line boundary, as `head` cuts: the closing line is gone.
  test::write_file(dir / "cut.tsv", first_lines(record, 12));
  const test::Run cut = test::run_evalsynth("match --replay " + (dir / "cut.tsv"));
  CHECK(cut.exit_code == 1);
  CHECK_THAT(cut.output, Contains("cut.tsv:13:1: error: the records end without their closing line"));
  CHECK_THAT(cut.output, !Contains("# evalsynth match --replay"));  // nothing printed before the error
  CHECK(test::run_evalsynth("ratings " + (dir / "cut.tsv")).exit_code == 1);
  // A game's result changed by hand: the closing line no longer fits.
  std::string changed = record;
  const std::size_t result = changed.find("\t1-0\t");
  REQUIRE(result != std::string::npos);
  changed.replace(result, 5, "\t0-1\t");
  test::write_file(dir / "changed.tsv", changed);
  const test::Run edited = test::run_evalsynth("match --replay " + (dir / "changed.tsv"));
  CHECK(edited.exit_code == 1);
  CHECK_THAT(edited.output, Contains("the closing line does not fit the games above it"));
  // The header alone is no match.
  test::write_file(dir / "empty.tsv", first_lines(record, 9) + "# end: 0 games, checksum cbf29ce484222325\n");
  const test::Run empty = test::run_evalsynth("match --replay " + (dir / "empty.tsv"));
  CHECK(empty.exit_code == 1);
  CHECK_THAT(empty.output, Contains("the records hold no game") && !Contains("# evalsynth match --replay"));
}

TEST_CASE("a run's answer is named by its run, and two players of one name are refused", "[cli][match]") {
  test::ScratchFolder dir("answer-names");
  for (const char* run : {"alpha", "beta"}) {
    std::filesystem::create_directories(dir / run);
    test::write_file(dir / (std::string(run) + "/best.eval"),
                     "# The answer of evalsynth run '" + std::string(run) + "' (spec x.spec, hash 1)\n" +
                         (run == std::string("alpha") ? "sq(0, 3)\n" : "sq(0, 2)\n"));
  }
  const test::Run named = test::run_evalsynth("match " + (dir / "alpha/best.eval") + "@1 " + (dir / "beta/best.eval") +
                                              "@1 --games 2 --record " + (dir / "r.tsv"));
  INFO(named.output);
  REQUIRE(named.exit_code == 0);
  CHECK_THAT(named.output, Contains("alpha@1 - beta@1"));
  // Where each came from, with the hash of its bytes.
  CHECK_THAT(test::read_file(dir / "r.tsv"), Contains("# player: alpha@1: " + (dir / "alpha/best.eval") + " (hash "));
  // Two files of one name, not a run's answers: two players named x@1.
  std::filesystem::create_directories(dir / "one");
  std::filesystem::create_directories(dir / "two");
  test::write_file(dir / "one/x.eval", "sq(0, 3)\n");
  test::write_file(dir / "two/x.eval", "sq(0, 2)\n");
  const test::Run twice = test::run_evalsynth("match " + (dir / "one/x.eval") + "@1 " + (dir / "two/x.eval") + "@1");
  CHECK(twice.exit_code == 2);
  CHECK_THAT(twice.output, Contains("two players are named x@1"));
  // The same player on both sides is one player.
  CHECK(
      test::run_evalsynth("match " + (dir / "one/x.eval") + "@1 " + (dir / "one/x.eval") + "@1 --games 2").exit_code ==
      0);
}

TEST_CASE("the sequential test: balanced openings, why it stops, and bounds where there is no interval",
          "[cli][match][sprt]") {
  const test::Run balanced =
      test::run_evalsynth("match ibef@1 adate@1 --sprt 0,50 --sprt-max 4 --openings 2 --balanced 1");
  INFO(balanced.output);
  CHECK(balanced.exit_code == 0);
  CHECK_THAT(balanced.output, Contains("scored within 1 of a draw"));
  const test::Run fixed = test::run_evalsynth("match ibef@1 adate@1 --sprt 0,5 --order left-to-right");
  INFO(fixed.output);
  CHECK(fixed.exit_code == 0);
  CHECK_THAT(fixed.output, Contains("no decision after 1 pair (no more can be played"));
  CHECK_THAT(fixed.output, Contains("one pair: no interval") && !Contains("inf"));
  const test::Run sweep = test::run_evalsynth("match ibef@3 random --sprt 0,5 --sprt-max 6 --games 1");
  INFO(sweep.output);
  CHECK_THAT(sweep.output, !Contains("inf"));
}

TEST_CASE("experiment measures on the spec's own test set or --positions, and runs quick trials", "[cli][experiment]") {
  test::ScratchFolder dir("experiment-sets");
  const test::Run sets =
      test::run_evalsynth("positions --game tictactoe --count 30 --seed 3 --sets " + (dir / "own/sets"));
  INFO(sets.output);
  REQUIRE(sets.exit_code == 0);
  test::write_file(dir / "t.spec", "game = tictactoe\npopulation = 12\ngenerations = 50\ntraining-positions = " +
                                       (dir / "own/sets/training.positions") +
                                       "\nvalidation-positions = " + (dir / "own/sets/validation.positions") + "\n");
  const test::Run run =
      test::run_evalsynth("experiment " + (dir / "t.spec") + " --seeds 1-2 --generations 2 --output " + (dir / "exp"));
  INFO(run.output);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains(dir / "own/sets/test.positions"));
  CHECK(std::filesystem::exists(dir / "exp/t-g2-seed1/best.eval"));
  const test::Run missing =
      test::run_evalsynth("experiment " + (dir / "t.spec") + " --seeds 1-2 --generations 2 " + "--positions " +
                          (dir / "none.positions") + " --output " + (dir / "exp"));
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.output, Contains("--positions"));
}

TEST_CASE("a game file's mistakes are located in the game file, the spec's line a note", "[cli][games][errors]") {
  test::ScratchFolder dir("game-file-in-spec");
  test::write_file(dir / "line9.game", "board = 5 x 4\nline = 9\n");
  test::write_file(dir / "l9.spec", "game = " + (dir / "line9.game") + "\n");
  const test::Run r = test::run_evalsynth("run " + (dir / "l9.spec") + " --dry-run");
  INFO(r.output);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("line9.game:2:8: error:") && Contains("l9.spec:1:8: note: the game file named here"));
  test::write_file(dir / "typo.game", "board = 5 x 4\nline = 3\ndirections = across, diagonl\n");
  const test::Run typo = test::run_evalsynth("games " + (dir / "typo.game"));
  CHECK_THAT(typo.output, Contains("typo.game:3:22: error:"));
  const test::Run nothere = test::run_evalsynth("games " + (dir / "nothere.game"));
  CHECK(nothere.exit_code == 2);
  CHECK_THAT(nothere.output, !Contains("--game:1:1"));
  CHECK(test::run_evalsynth("games --game tictactoe").exit_code == 0);
}

TEST_CASE("help games and the games page list every key of a game file, as the reader knows them",
          "[cli][games][help]") {
  const test::Run help = test::run_evalsynth("help games");
  const std::string readme = test::read_file(std::string(test::kSourceDir) + "/docs/games.md");
  for (const evalsynth::GameFileKey& key : evalsynth::game_file_keys()) {
    CHECK_THAT(help.output, Contains(std::string(key.key)) && Contains(std::string(key.values)));
    CHECK_THAT(readme, Contains(std::string("`").append(key.key).append("`")));
  }
}

TEST_CASE("what games and help say of defaults is what runs", "[cli][games][help]") {
  const test::Run games = test::run_evalsynth("games 'mnk(5,4,3,drop)'");
  CHECK_THAT(games.output, Contains("A spec file mnk-5-4-3-drop.spec") && Contains("the name alone: mnk(3,3,3)"));
  CHECK_THAT(test::run_evalsynth("help run").output, Contains("the game's references"));
  CHECK_THAT(test::run_evalsynth("games modnim").output, Contains("who takes the last one loses"));
}

TEST_CASE("ratings checks its anchor before it prints, and names the players", "[cli][ratings]") {
  test::ScratchFolder dir("ratings-anchor");
  REQUIRE(
      test::run_evalsynth("match --game tictactoe --x random --o threat-lines@1 --games 2 --record " + (dir / "r.tsv"))
          .exit_code == 0);
  const test::Run r = test::run_evalsynth("ratings " + (dir / "r.tsv") + " --anchor nobody");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("RANDOM") && Contains("THREAT-LINES1") && !Contains("# evalsynth ratings"));
}

TEST_CASE("positions says it labels before it starts, and a refused set leaves no folder", "[cli][positions]") {
  test::ScratchFolder dir("positions-folder");
  const test::Run made = test::run_evalsynth("positions --game tictactoe --count 9 --sets " + (dir / "made"));
  CHECK(made.exit_code == 0);
  CHECK_THAT(made.output, Contains("labelling 27 position(s) of plies 0-8 by perfect play"));
  // Too few positions for three sets: refused, and nothing made.
  const test::Run few =
      test::run_evalsynth("positions --game tictactoe --count 30 --plies 0-0 --sets " + (dir / "few"));
  CHECK(few.exit_code == 2);
  CHECK_FALSE(std::filesystem::exists(dir / "few"));
}
