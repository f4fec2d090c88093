#include "tournament/start_boards.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <string>

#include "fuzz_support.hpp"
#include "games/connect4/notation.hpp"
#include "test_support.hpp"
#include "tournament/workload.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {
std::string error_of(const std::string& text) {
  return test::input_error_of([&] { (void)connect4::parse_board_text(text, "boards.txt"); });
}
}  // namespace

TEST_CASE("Pons's benchmark files and .analysis files read as start boards", "[boards]") {
  const auto analysed = connect4::read_board_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  CHECK(analysed.size() == 300);
  // Pons's files: "MOVES SCORE" a line (these from Test_L2_R2).
  const auto pons =
      connect4::parse_board_text("274552224131661 0\n5455174361263362 -1\n2531276566711153 2\n", "Test_L2_R2");
  REQUIRE(pons.size() == 3);
  CHECK(pons[0] == connect4::parse_moves("274552224131661"));
}

TEST_CASE("board files mix notations, skip comments and reject bad entries", "[boards][errors]") {
  const std::string text =
      "# a comment\n"
      "4453 -2\n"
      "\n"
      "[[0,0,0,1,0,0,0],[0,0,0,0,0,0,0],\n"
      " [0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]]\n"
      ".......\n.......\n.......\n.......\n.......\n...XO..\n";
  const auto boards = connect4::parse_board_text(text, "boards.txt");
  REQUIRE(boards.size() == 3);
  CHECK(boards[0] == connect4::parse_moves("4453"));
  CHECK(boards[1] == connect4::parse_moves("4"));
  CHECK(boards[2] == connect4::parse_moves("45"));

  CHECK_THAT(error_of("44\n449\n"), Contains("boards.txt:2:3: error: bad character '9'"));
  CHECK_THAT(error_of("44 x\n"), Contains("boards.txt:1:4: error: unexpected 'x' after the move string"));
  CHECK_THAT(error_of("1212121\n"), Contains("boards.txt:1:1: error: start board is already finished"));
  CHECK_THAT(error_of("# nothing\n\n"), Contains("boards.txt:1:1: error: no start boards"));
  CHECK_THAT(error_of("4\n.......\n...Q...\n"), Contains("boards.txt:3:4: error: bad character 'Q'"));
  CHECK_THAT(error_of("\n[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]]\n"), Contains("boards.txt:2:"));
}

TEST_CASE("a missing board file is a located error", "[boards][errors]") {
  CHECK_THROWS_WITH(connect4::read_board_file("/nonexistent/boards.txt"),
                    Contains("/nonexistent/boards.txt:1:1: error: cannot open"));
}

TEST_CASE("the thesis-sized board set: 57 shallow boards and random-game boards, all distinct", "[boards]") {
  const auto shallow = shallow_boards(connect4::Game{});
  CHECK(shallow.size() == 57);
  std::set<std::uint64_t> shallow_keys;
  for (const auto& p : shallow) shallow_keys.insert(p.key());
  CHECK(shallow_keys.size() == 57);

  const auto boards = thesis_sized_board_set(2005);
  REQUIRE(boards.size() == 711);
  std::set<std::uint64_t> keys;
  for (const auto& p : boards) {
    CHECK_FALSE(p.is_game_over());
    keys.insert(p.key());
  }
  CHECK(keys.size() == 711);
  CHECK(thesis_sized_board_set(2005) == boards);
  CHECK(thesis_sized_board_set(2006) != boards);
}

TEST_CASE("random and mutated board files never crash the board reader", "[start-boards][fuzz]") {
  const std::vector<std::string> seeds = {"4455\n# a comment\n334\n",
                                          "[XO.....|.......|.......|.......|.......|.......]\n", "\n\n44\n4\n"};
  const std::string alphabet = "1234567890XOxo.-_|[],~# \n";
  const int accepted =
      test::fuzz_parser(seeds, alphabet, 4000, 44, "f.boards", test::extreme_inputs(seeds[0], "[", "]", "4455\n"),
                        [](const std::string& text) { (void)connect4::parse_board_text(text, "f.boards"); });
  CHECK(accepted > 100);
}

namespace {
// Every position reachable in exactly `plies` moves, by brute force over
// all move strings (no mirror handling): what the opening suite must cover.
void all_positions(const connect4::Position& p, int plies, std::set<std::uint64_t>& keys) {
  if (plies == 0) {
    keys.insert(p.key());
    return;
  }
  for (int col = 0; col < connect4::kColumns; ++col)
    if (p.can_play(col) && !p.played(col).is_game_over()) all_positions(p.played(col), plies - 1, keys);
}
}  // namespace

TEST_CASE("opening suites hold every N-ply position once, mirror images left out", "[boards][openings]") {
  // Distinct positions after N plies (OEIS A212693): an independent count.
  const int known[] = {1, 7, 49, 238, 1120, 4263, 16422};
  for (int plies = 0; plies <= 6; ++plies) {
    const std::vector<connect4::Position> suite = opening_boards(connect4::Game{}, plies);
    std::set<std::uint64_t> covered, canonical;
    for (const connect4::Position& p : suite) {
      CHECK(p.moves_played() == plies);
      CHECK_FALSE(p.is_game_over());
      covered.insert(p.key());
      covered.insert(p.mirrored().key());
      CHECK(canonical.insert(p.canonical_key()).second);  // no two are equal or mirror images
    }
    std::set<std::uint64_t> all;
    all_positions(connect4::Position{}, plies, all);
    CHECK(covered == all);
    CHECK(static_cast<int>(all.size()) == known[plies]);
  }
  CHECK(opening_boards(connect4::Game{}, 2).size() == 25);  // 49 boards: 24 mirror pairs and "44"
  // Each opening's move string reaches it, in the suite's order.
  const std::vector<Opening<connect4::Game>> named = openings_with_moves(connect4::Game{}, 4);
  const std::vector<connect4::Position> boards = opening_boards(connect4::Game{}, 4);
  REQUIRE(named.size() == boards.size());
  for (std::size_t i = 0; i < named.size(); ++i) {
    CHECK(connect4::parse_moves(named[i].moves) == named[i].position);
    CHECK(named[i].position == boards[i]);
  }
  CHECK(openings_with_moves(connect4::Game{}, 2)[0].moves == "11");
  // The mirror of a position is the position of the mirrored move string.
  const connect4::Position p = connect4::parse_moves("1123576");
  CHECK(p.mirrored() == connect4::parse_moves("7765312"));
  CHECK(p.mirrored().mirrored() == p);
  CHECK(p.canonical_key() == connect4::parse_moves("7765312").canonical_key());
}
