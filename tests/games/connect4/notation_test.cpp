#include "games/connect4/notation.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "support/random.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

std::string error_of(void (*parse)(const std::string&), const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

void moves(const std::string& t) { connect4::parse_moves(t, {"m.txt", 3, 10}); }
void grid(const std::string& t) { connect4::parse_grid(t, {"g.txt", 1, 1}); }
void list(const std::string& t) { connect4::parse_stenmark_list(t, {"l.txt", 1, 1}); }

}  // namespace

TEST_CASE("move strings build the position Pons's notation describes", "[notation]") {
  const connect4::Position p = connect4::parse_moves("4453");
  CHECK(p.moves_played() == 4);
  CHECK(p.square(0, 3) == 1);
  CHECK(p.square(1, 3) == -1);
  CHECK(p.square(0, 4) == 1);
  CHECK(p.square(0, 2) == -1);
  CHECK(connect4::parse_moves("") == connect4::Position{});
  CHECK(connect4::parse_moves("  17 ") == connect4::Position{}.played(0).played(6));
}

TEST_CASE("bad move strings say what is wrong and where", "[notation][errors]") {
  CHECK_THAT(error_of(moves, "44a3"), Contains("m.txt:3:12: error: bad character 'a'"));
  CHECK_THAT(error_of(moves, "48"), Contains("m.txt:3:11: error: bad character '8'"));
  CHECK_THAT(error_of(moves, "0"), Contains("columns are digits 1 to 7"));
  CHECK_THAT(error_of(moves, "1111111"), Contains("m.txt:3:16: error: move 7: column 1 is full"));
  // X wins vertically with its 4th stone (move 7); an 8th move is refused.
  CHECK_THAT(error_of(moves, "12121212"),
             Contains("m.txt:3:17: error: move 8 (column 2) comes after the game ended (X won)"));
  CHECK_THAT(error_of(moves, "44 3"), Contains("unexpected text after the move string"));
  // The message shows the line and a caret under the culprit.
  CHECK_THAT(error_of(moves, "44a3"), Contains("\n  44a3\n    ^"));
}

TEST_CASE("grids read top row first and print back the same", "[notation]") {
  const std::string text =
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . X . . .\n"
      ". . . O . . .\n"
      ". . O X X . .\n"
      "1 2 3 4 5 6 7\n";
  const connect4::Position p = connect4::parse_grid(text);
  CHECK(p == connect4::parse_moves("44534"));
  CHECK(connect4::to_ascii(p) == text);
  CHECK(connect4::parse_position(text) == p);
  CHECK(connect4::parse_grid("|.......|\n|.......|\n|.......|\n|.......|\n|.......|\n|...x...|\n") ==
        connect4::parse_moves("4"));

  Rng rng(3);
  for (int trial = 0; trial < 500; ++trial) {
    connect4::Position q;
    for (int i = rng.below(30); i > 0 && !q.is_game_over(); --i) {
      int col;
      do col = rng.below(7);
      while (!q.can_play(col));
      q = q.played(col);
    }
    if (q.is_game_over()) continue;
    REQUIRE(connect4::parse_grid(to_ascii(q)) == q);
  }
}

TEST_CASE("bad grids are rejected with a location", "[notation][errors]") {
  const std::string empty_row = ".......\n";
  CHECK_THAT(error_of(grid, empty_row + empty_row + "..Z....\n"), Contains("g.txt:3:3: error: bad character 'Z'"));
  CHECK_THAT(error_of(grid, empty_row + "......\n"),
             Contains("g.txt:2:7: error: grid row 2 (from the top) has 6 cells, expected 7"));
  CHECK_THAT(error_of(grid, empty_row + empty_row), Contains("grid has 2 rows, expected 6"));
  std::string seven;
  for (int i = 0; i < 7; ++i) seven += empty_row;
  CHECK_THAT(error_of(grid, seven), Contains("grid has more than 6 rows"));
  std::string floating;
  for (int i = 0; i < 4; ++i) floating += empty_row;
  floating += "...X...\n...O...\n";
  CHECK(error_of(grid, floating) == "(no error)");
  floating = empty_row + empty_row + empty_row + empty_row + "...X...\n.......\n";
  CHECK_THAT(error_of(grid, floating), Contains("g.txt:5:4: error: floating stone in column 4"));
  std::string counts = empty_row + empty_row + empty_row + empty_row + empty_row + "XX.....\n";
  CHECK_THAT(error_of(grid, counts), Contains("impossible stone counts: X has 2 and O has 0"));
  std::string both = empty_row + empty_row + "X..O...\nX..O...\nX..O...\nX..O...\n";
  CHECK_THAT(error_of(grid, both), Contains("both X and O have four in a row"));
  std::string o_moved_after = empty_row + empty_row + "X......\nX......\nX.O....\nXOOO...\n";
  CHECK_THAT(error_of(grid, o_moved_after), Contains("X has four in a row but O has moved since"));
}

TEST_CASE("Stenmark's lists are bottom row first and accept ML's ~1", "[notation]") {
  const std::string text =
      "[[ 1, 0, 0, 0, 0, 0, 0],\n"
      " [~1, 0, 0, 0, 0, 0, 0],\n"
      " [ 0, 0, 0, 0, 0, 0, 0], [0,0,0,0,0,0,0], [0,0,0,0,0,0,0], [0,0,0,0,0,0,0]]";
  CHECK(connect4::parse_stenmark_list(text) == connect4::parse_moves("11"));
  CHECK(connect4::parse_position(text) == connect4::parse_moves("11"));
  const std::string dash =
      "[[0,0,0,1,0,0,0],[0,0,0,-1,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]]";
  CHECK(connect4::parse_stenmark_list(dash) == connect4::parse_moves("44"));
}

TEST_CASE("bad Stenmark lists are rejected with a location", "[notation][errors]") {
  const std::string row = "[0,0,0,0,0,0,0]";
  CHECK_THAT(error_of(list, "[" + row + "," + row + "]"), Contains("expected ',' between rows"));
  CHECK_THAT(error_of(list, "[[0,0,0,0,0,0]"), Contains("l.txt:1:14: error: row 1 has 6 cells, expected 7"));
  CHECK_THAT(error_of(list, "[[0,0,0,0,0,0,0,0]"), Contains("row 1 has more than 7 cells"));
  CHECK_THAT(error_of(list, "[[0,0,2,0,0,0,0]"), Contains("l.txt:1:7: error: expected a cell"));
  CHECK_THAT(error_of(list, "[[0,0,0"), Contains("unexpected end of list"));
  std::string seven = "[" + row;
  for (int i = 0; i < 6; ++i) seven += "," + row;
  CHECK_THAT(error_of(list, seven + "]"), Contains("the list has more than 6 rows"));
}

TEST_CASE("random and mutated text never crashes the position parsers", "[notation][fuzz]") {
  Rng rng(99);
  const std::string alphabet = "1234567890XOxo.-_|[],~ \n";
  for (int trial = 0; trial < 20000; ++trial) {
    std::string text;
    const int length = rng.below(60);
    for (int i = 0; i < length; ++i)
      text += alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))];
    if (rng.below(10) == 0) text[0] = '[';
    try {
      const connect4::Position p = connect4::parse_position(text);
      // whatever parses is a consistent position
      REQUIRE((p.x_stones() & p.o_stones()) == 0);
      REQUIRE((p.occupied() & ~connect4::bits::kBoard) == 0);
    } catch (const InputError&) {
    }
  }
}
