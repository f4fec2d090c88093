// Minesweeper as FABLE's thesis plays it: the cascade of zeros, the first
// click that may lose, the win, what a player sees, and the random
// clicker's win rate against simulation (and the thesis's Table 4.1).

#include "games/minesweeper/minesweeper.hpp"

#include <catch2/catch.hpp>

#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

TEST_CASE("minesweeper: clicks, the cascade of zeros, losing and winning", "[games][minesweeper]") {
  const minesweeper::Game game(3, 2);
  minesweeper::Position p;
  p.mines = 1u << 0 | 1u << 1;  // the top-left two cells
  CHECK(game.status(p) == Status::Ongoing);
  // Cell 8 (bottom right) touches no mine: the cascade opens 5, 7 and 4,
  // 3 around it (counts 1, 0, 2, 2) and stops at the counts.
  const minesweeper::Position after = game.play(p, 8);
  CHECK(game.cell_state(after, 8) == 0);
  CHECK(game.cell_state(after, 7) == 0);
  CHECK(game.cell_state(after, 5) == 1);
  CHECK(game.cell_state(after, 4) == 2);
  CHECK(game.cell_state(after, 3) == 2);
  CHECK(game.cell_state(after, 6) == 0);
  CHECK(game.cell_state(after, 2) == minesweeper::kUnclicked);  // not reached
  CHECK(game.cell_state(after, 0) == minesweeper::kUnclicked);  // mines stay hidden
  CHECK(game.status(after) == Status::Ongoing);
  const minesweeper::Position won = game.play(after, 2);
  CHECK(game.status(won) == Status::XWon);
  // A mine loses, also as the very first click.
  CHECK(game.status(game.play(p, 0)) == Status::OWon);
  CHECK(game.board_text(after) == "...\n221\n000\n");
  CHECK_THROWS_AS(minesweeper::Game(6, 3), UsageError);
  CHECK_THROWS_AS(minesweeper::Game(3, 9), UsageError);
}

TEST_CASE("minesweeper: the random clicker wins as often as the rules say", "[games][minesweeper]") {
  // 3 x 3 with 2 mines: about 12.9% by a million simulated games (FABLE's
  // thesis measured 12.5% in 10,000); 10,000 games here, 4 standard errors.
  const minesweeper::Game game(3, 2);
  Rng rng(11);
  int wins = 0;
  for (int g = 0; g < 10000; ++g) {
    minesweeper::Position p = game.deal(rng);
    CHECK(std::popcount(p.mines) == 2);
    while (game.status(p) == Status::Ongoing) {
      MoveList<int, minesweeper::Game::kMaxMoves> moves;
      game.legal_moves(p, moves);
      p = game.play(p, moves[static_cast<std::size_t>(rng.below(static_cast<int>(moves.size())))]);
    }
    wins += game.status(p) == Status::XWon;
  }
  CHECK(wins > 1290 - 4 * 34);
  CHECK(wins < 1290 + 4 * 34);
}

TEST_CASE("evalsynth minesweeper: FABLE learns 3x3 and the command checks its options", "[games][minesweeper][cli]") {
  const test::Run fable = test::run_evalsynth("minesweeper --size 3 --player fable --games 3000");
  REQUIRE(fable.exit_code == 0);
  CHECK_THAT(fable.output, Contains("minesweeper 3x3, 2 mines, FABLE") && Contains("30 blocks"));
  // FABLE's last 1,000 games win more than the random clicker's 12.8%
  // (signed values: 22.4; 18 is 5 standard errors above random).
  const std::size_t at = fable.output.find("last 10 blocks: ");
  REQUIRE(at != std::string::npos);
  CHECK(std::stod(fable.output.substr(at + 16)) > 18);
  CHECK_THAT(fable.output, Contains("(values signed, localities contents)"));
  // Its choices counted: mostly random after the passes, its clicks mostly valued below 0.
  CHECK_THAT(fable.output, Contains("FABLE's choices: ") && Contains("at random after ten passes"));
  CHECK(test::run_evalsynth("minesweeper --size 3 --values net").exit_code != 0);  // FABLE's option
  CHECK(test::run_evalsynth("minesweeper --size 3 --localities placed").exit_code != 0);
  CHECK(test::run_evalsynth("minesweeper --size 3 --player fable --localities there").exit_code != 0);
  const test::Run placed =
      test::run_evalsynth("minesweeper --size 3 --player fable --games 3000 --localities placed --values goal");
  CHECK(placed.exit_code == 0);
  CHECK_THAT(placed.output, Contains("(values goal, localities placed)"));
  CHECK(test::run_evalsynth("minesweeper --size 3 --player fable --values half").exit_code != 0);
  const test::Run again = test::run_evalsynth("minesweeper --size 3 --player fable --games 3000");
  CHECK(again.output == fable.output);  // seeded: the same games
  const test::Run bad = test::run_evalsynth("minesweeper --size 3 --mines 9");
  CHECK(bad.exit_code != 0);
  CHECK_THAT(bad.output, Contains("takes 1 to 8 mines"));
  CHECK(test::run_evalsynth("minesweeper --size 7").exit_code != 0);
  CHECK(test::run_evalsynth("minesweeper --player perfect").exit_code != 0);
}

TEST_CASE("evalsynth minesweeper: FABLE's model is saved and goes on exactly", "[games][minesweeper][cli]") {
  const test::ScratchFolder dir("minesweeper-model");
  const std::string fable = "minesweeper --size 4 --player fable --seed 9";
  const test::Run whole = test::run_evalsynth(fable + " --games 500 --model " + (dir / "whole.bin"));
  REQUIRE(whole.exit_code == 0);
  CHECK_THAT(whole.output, Contains("500 games learned"));
  REQUIRE(test::run_evalsynth(fable + " --games 300 --model " + (dir / "first.bin")).exit_code == 0);
  const test::Run rest = test::run_evalsynth("minesweeper --size 4 --player fable --games 200 --start-model " +
                                             (dir / "first.bin") + " --model " + (dir / "rest.bin"));
  INFO(rest.output);
  REQUIRE(rest.exit_code == 0);
  CHECK_THAT(rest.output, Contains("300 games learned") && Contains("games 301 to 500 follow") && Contains("seed 9"));
  // The same games, so the same model, byte for byte.
  CHECK(test::read_file(dir / "rest.bin") == test::read_file(dir / "whole.bin"));

  test::write_file(dir / "damaged.bin", test::read_file(dir / "first.bin").substr(0, 100));
  struct Bad {
    std::string arguments, message;
  };
  const std::vector<Bad> bad = {
      {"--start-model " + (dir / "first.bin"), "--player fable"},
      {"--player fable --size 3 --start-model " + (dir / "first.bin"), "the model learned minesweeper(4,3)"},
      {"--player fable --size 4 --seed 2 --start-model " + (dir / "first.bin"), "had seed 9"},
      {"--player fable --size 4 --values wins --start-model " + (dir / "first.bin"), "values are signed"},
      {"--player fable --size 4 --start-model " + (dir / "damaged.bin"), "damaged.bin"},
      {"--player fable --size 4 --start-model " + (dir / "none.bin"), "none.bin"},
      {"--player fable --size 4 --start-model " + (dir / "first.bin") + " --model " + (dir / "first.bin"), "first.bin"},
  };
  for (const Bad& b : bad) {
    const test::Run r = test::run_evalsynth("minesweeper " + b.arguments + " --games 100");
    INFO(b.arguments << "\n" << r.output);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains(b.message));
  }
  // Nothing was overwritten.
  CHECK(test::run_evalsynth(fable + " --games 300 --model " + (dir / "again.bin")).exit_code == 0);
  CHECK(test::read_file(dir / "again.bin") == test::read_file(dir / "first.bin"));
}
