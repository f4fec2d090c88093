// `evalsynth play` driven by a script on stdin, as a user at a terminal.

#include <catch2/catch.hpp>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

test::Run play(const std::string& script, const std::string& arguments) {
  const test::ScratchFolder dir("play");
  test::write_file(dir / "script.txt", script);
  return test::run_shell(std::string(test::kEvalsynthBinary) + " play " + arguments + " < " + dir / "script.txt");
}

std::string repeated(const std::string& text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

}  // namespace

TEST_CASE("play: a scripted game runs to its end, bad input is answered and the game goes on", "[cli][play]") {
  // Columns in turn: a full column is refused and the next line tried, so
  // the game must end long before the script does.
  const test::Run r = play("9\nfoo\n\nundo\nhint\n" + repeated("1\n2\n3\n4\n5\n6\n7\n", 30), "ibef@2");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("You play X (first) against IBEF2"));
  CHECK_THAT(r.output, Contains("'9' is not a move"));
  CHECK_THAT(r.output, Contains("'foo' is not a move"));
  CHECK_THAT(r.output, Contains("nothing of yours to undo"));
  CHECK_THAT(r.output, Contains("hint: column") && Contains("searching 2 plies as IBEF2 does"));
  CHECK_THAT(r.output, Contains("IBEF2 plays"));
  const bool ended = r.output.find("You win after") != std::string::npos ||
                     r.output.find("The engine wins after") != std::string::npos ||
                     r.output.find("Draw: the board is full") != std::string::npos;
  CHECK(ended);
  CHECK_THAT(r.output, Contains("1 2 3 4 5 6 7"));
  // Not a terminal: no escape codes.
  CHECK(r.output.find('\033') == std::string::npos);
}

TEST_CASE("play: the engine can move first, undo takes back a move and its reply", "[cli][play]") {
  const test::Run r = play("4\nundo\nundo\nquit\n", "adate@1 --first engine --order left-to-right");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("You play O (second) against ADATE1"));
  const auto first_reply = r.output.find("ADATE1 plays");
  REQUIRE(first_reply != std::string::npos);
  CHECK(first_reply < r.output.find("your move"));
  CHECK_THAT(r.output, Contains("took back your last move"));
  CHECK_THAT(r.output, Contains("nothing of yours to undo"));
  CHECK_THAT(r.output, Contains("game left after 1 moves"));
  // Left-to-right order and the same seed: the same game twice.
  CHECK(play("4\nundo\nundo\nquit\n", "adate@1 --first engine --order left-to-right").output == r.output);
}

TEST_CASE("play: end of input leaves the game, a full column is refused", "[cli][play]") {
  // A script that keeps playing column 4 against the (seeded) random mover
  // either fills it, and is then refused, or wins or loses first.
  const test::Run r = play(repeated("4\n", 8), "random --seed 3");
  CHECK(r.exit_code == 0);
  const bool full_or_over =
      r.output.find("column 4 is full") != std::string::npos || r.output.find(" after ") != std::string::npos;
  CHECK(full_or_over);
  const test::Run eof = play("", "ibef@1");
  CHECK(eof.exit_code == 0);
  CHECK_THAT(eof.output, Contains("end of input: the game is left unfinished"));
}

TEST_CASE("play: bad command lines are usage errors", "[cli][play][errors]") {
  CHECK(play("", "").exit_code == 2);
  test::Run r = play("", "ibef@1-3");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("play against one player at one depth"));
  r = play("", "ibef@2 --first me");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("'--first' is one of 'you', 'engine'"));
  r = play("", "nothere.eval@2");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("nothere.eval"));
}

TEST_CASE("win-net: learned, matched, measured, searched by sampling, played and put on a page", "[cli][learn]") {
  const test::ScratchFolder dir("win-net-cli");
  const std::string kSource = test::kSourceDir;
  test::write_file(dir / "w.spec", "name = w\ngame = adjacent4\nlearner = win-net\ngames = 300\nhidden = 6\noutput = " +
                                       (dir / "results") + "\ncheckpoints = " + (dir / "population") + "\n");
  test::Run r = test::run_evalsynth("learn " + (dir / "w.spec"), kSource);
  REQUIRE(r.exit_code == 0);
  const std::string model = dir / "results/w/model.bin";
  r = test::run_evalsynth(
      "match --game adjacent4 --x sampled:" + model + "@3," + model + "@2 --o open-lines@1 --games 2", kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("sampled:w@3 - OPEN-LINES1") && Contains("w@2 - OPEN-LINES1"));
  r = test::run_evalsynth("strength sampled:" + model + " --depth 2 --versus " + model, kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("no significant difference"));  // at depth 2 the sampled search is alpha-beta
  r = test::run_shell("printf 'd3\\nquit\\n' | " + std::string(test::kEvalsynthBinary) + " play " + model + "@2");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("w2 plays") || Contains("w@2 plays"));
  r = test::run_evalsynth("export " + model + " --html " + (dir / "w.html") + " --depth 3", kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(test::read_file(dir / "w.html"), Contains("WIN_NET_WEIGHTS") && Contains("function evaluate(b)"));
  // What a network page cannot be: another learner's, C++, another game's.
  r = test::run_evalsynth("export " + model + " --cpp " + (dir / "w.hpp"), kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("--cpp writes programs"));
  r = test::run_evalsynth("export " + model + " --html " + (dir / "t.html") + " --game tictactoe", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("model.bin:1:1") && Contains("learned for adjacent4(8,6)"));
  r = test::run_evalsynth("match --game adjacent4 --x sampled:random --o open-lines@1", kSource);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("needs a player that searches"));
}
