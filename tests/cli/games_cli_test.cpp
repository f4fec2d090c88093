// `evalsynth games`, `players`, `keys` and `perft`: what each game offers, and its
// move generator counted against published counts (checkers, Connect4) and
// the naive generators of tests/games/naive_games.hpp.

#include <string>

#include "games/naive_games.hpp"
#include "games/registry.hpp"
#include "lang/parse.hpp"
#include "test_support.hpp"

namespace {

// The count `evalsynth perft` prints for `arguments`.
long long perft_count(const std::string& arguments) {
  const test::Run run = test::run_evalsynth("perft " + arguments + " 2>/dev/null");
  INFO(arguments << "\n" << run.output);
  REQUIRE(run.exit_code == 0);
  const std::size_t at = run.output.rfind(": ");
  REQUIRE(at != std::string::npos);
  return std::stoll(run.output.substr(at + 2));
}

naive::Board replayed(naive::Board b, const std::vector<int>& cells) {
  for (int cell : cells) b = b.played(cell);
  return b;
}

}  // namespace

TEST_CASE("perft counts the published checkers and Connect4 sequences", "[cli][games]") {
  CHECK(perft_count("--game checkers --depth 8") == 845931);
  CHECK(perft_count("--game 'checkers(8)' --depth 6") == 36768);
  // 7^7 less the one sequence of seven stones in a column; wins end games from ply 7.
  CHECK(perft_count("--depth 7") == 823536);
  CHECK(perft_count("--depth 8") == 5673234);
}

TEST_CASE("perft agrees with naive generators, from the start and from positions, and divides", "[cli][games]") {
  struct Case {
    std::string game;
    naive::Board board;
    std::string position;    // in the game's notation
    std::vector<int> cells;  // the same moves as naive cells (row 0 the first rank / bottom row)
    int depth;
  };
  const auto board = [](int columns, int rows, int line, bool adjacency = false, bool fill = false, bool drop = false) {
    naive::Board b{columns, rows, line};
    b.adjacency = adjacency;
    b.fill = fill;
    b.drop = drop;
    return b;
  };
  const naive::Board c4 = board(7, 6, 4, false, false, true);
  std::vector<Case> cases;
  cases.push_back({"tictactoe", board(3, 3, 3), "", {}, 9});
  cases.push_back({"'mnk(4,4,4)'", board(4, 4, 4), "", {}, 4});
  cases.push_back({"'mnk(4,4,3)'", board(4, 4, 3), "b2c3", {1 * 4 + 1, 2 * 4 + 2}, 5});
  cases.push_back({"'mnk(4,3,3,fill)'", board(4, 3, 3, false, true), "", {}, 5});
  cases.push_back({"'adjacent4(5,5)'", board(5, 5, 4, true), "", {}, 4});
  cases.push_back({"'adjacent4(6,4)'", board(6, 4, 4, true), "c2c3d2", {1 * 6 + 2, 2 * 6 + 2, 1 * 6 + 3}, 4});
  cases.push_back({"connect4", c4, "", {}, 5});
  cases.push_back({"connect4", c4, "4444333", {3, 10, 17, 24, 2, 9, 16}, 4});
  for (const Case& c : cases) {
    INFO(c.game << " " << c.position);
    const std::string from = c.position.empty() ? "" : " --position " + c.position;
    const long long expected = naive::perft_exact(replayed(c.board, c.cells), c.depth);
    CHECK(perft_count("--game " + c.game + from + " --depth " + std::to_string(c.depth)) == expected);
    // --divide: one line a move, summing to the same total.
    const test::Run divided =
        test::run_evalsynth("perft --game " + c.game + from + " --depth " + std::to_string(c.depth) + " --divide");
    REQUIRE(divided.exit_code == 0);
    long long sum = 0;
    int lines = 0;
    std::istringstream in(divided.output);
    for (std::string line; std::getline(in, line);)
      if (line.find(": ") != std::string::npos && !line.starts_with("perft") && line.find(" s,") == std::string::npos) {
        sum += std::stoll(line.substr(line.find(": ") + 2));
        ++lines;
      }
    CHECK(sum == expected);
    CHECK(lines == static_cast<int>(replayed(c.board, c.cells).legal().size()));
  }
  for (const auto& [sticks, take] : {std::pair{10, 3}, std::pair{21, 4}}) {
    const std::string game = "'modnim(" + std::to_string(sticks) + "," + std::to_string(take) + ")'";
    CHECK(perft_count("--game " + game + " --depth 6") == naive::perft_exact(naive::Nim{sticks, take}, 6));
  }
}

TEST_CASE("perft, games and players refuse bad command lines with exit 2", "[cli][games]") {
  for (const char* arguments :
       {"perft --game tictactoe", "perft --game tictactoe --depth 2 --position z9", "perft --depth 0",
        "perft --game nosuch --depth 2", "games nosuch", "games connect4 mnk", "players --game 'mnk(4,4)'",
        "players extra", "keys seeed", "keys --kind spec"}) {
    INFO(arguments);
    const test::Run run = test::run_evalsynth(arguments);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, Catch::Contains("error"));
  }
}

TEST_CASE("games lists every game and the spec a game line alone runs, players a game's players", "[cli][games]") {
  const test::Run all = test::run_evalsynth("games");
  REQUIRE(all.exit_code == 0);
  for (const evalsynth::GameFamily family : evalsynth::game_families())
    CHECK_THAT(all.output, Catch::Contains(std::string(evalsynth::family_info(family).syntax)));
  CHECK_THAT(all.output, Catch::Contains("open-lines, threat-lines, random and perfect"));

  const test::Run one = test::run_evalsynth("games 'mnk(4,4,4)'");
  REQUIRE(one.exit_code == 0);
  CHECK_THAT(one.output, Catch::Contains("grammar           = builtin"));
  CHECK_THAT(one.output, Catch::Contains("opponents         = open-lines@2, threat-lines@2"));
  CHECK_THAT(test::run_evalsynth("games 'checkers(8)'").output, Catch::Contains("none within reach"));

  const test::Run players = test::run_evalsynth("players --game 'mnk(5,5,4)' --program");
  REQUIRE(players.exit_code == 0);
  CHECK_THAT(players.output, Catch::Contains("game mnk(5,5,4)\nopen_lines(x) - open_lines(o)"));
  CHECK_THAT(test::run_evalsynth("players").output, Catch::Contains("ibef"));
  // A built-in player's program, by name, as check shows it.
  const test::Run check = test::run_evalsynth("check threat-lines --game 'mnk(5,5,4)'");
  REQUIRE(check.exit_code == 0);
  CHECK_THAT(check.output, Catch::Contains("game       mnk(5,5,4)"));
  CHECK(test::run_evalsynth("check no-such-player --game 'mnk(5,5,4)'").exit_code == 1);
}

TEST_CASE("match --same-depth keeps the players without a depth, against every depth", "[cli][games]") {
  const test::Run r = test::run_evalsynth(
      "match --game tictactoe --x threat-lines@1-2,perfect --o open-lines@1-2 --same-depth --games 2");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Catch::Contains("THREAT-LINES1 - OPEN-LINES1") && Catch::Contains("PERFECT - OPEN-LINES1") &&
                           Catch::Contains("PERFECT - OPEN-LINES2"));
  CHECK_THAT(r.output, !Catch::Contains("THREAT-LINES1 - OPEN-LINES2"));
}

TEST_CASE("match: LABEL=PLAYER names a player in the tables", "[cli]") {
  const test::Run r = test::run_evalsynth("match --x mine=" + std::string(test::kSourceDir) +
                                          "/grammar/examples/ibef.eval@1-2 --o adate@1-2,rnd=random --same-depth "
                                          "--games 2");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Catch::Contains("mine@1 - ADATE1") && Catch::Contains("mine@2 - ADATE2") &&
                           Catch::Contains("mine@2 - rnd"));
  CHECK(test::run_evalsynth("match --x mine=@2 --o adate@1").exit_code == 2);
  CHECK_THAT(test::run_evalsynth("match --x mine= --o adate@1").output, Catch::Contains("give the player after '='"));
}

TEST_CASE("keys lists the spec keys of each kind, with their ranges, defaults and hashing", "[cli][games]") {
  const test::Run learn = test::run_evalsynth("keys --kind learn");
  REQUIRE(learn.exit_code == 0);
  CHECK_THAT(learn.output, Catch::Contains("learner  (learning specs)"));
  CHECK_THAT(learn.output, !Catch::Contains("grammar"));
  const test::Run two = test::run_evalsynth("keys threads population");
  REQUIRE(two.exit_code == 0);
  CHECK_THAT(two.output, Catch::Contains("threads  (run and learning specs; not in the hash)") &&
                             Catch::Contains("a whole number from 1 to 100000; default 100"));
  CHECK_THAT(test::run_evalsynth("keys seeed").output, Catch::Contains("did you mean 'seed'?"));
}
