// The opening book: its reader's errors, that the built-in book covers every
// 3-ply opening, and that the values it gives the first moves are the known
// ones of Connect4 (Allis 1988; Pons's analysis of the empty board).

#include "games/connect4/opening_book.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <cstdlib>

#include "games/connect4/connect4.hpp"
#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/notation.hpp"
#include "games/connect4/solver.hpp"
#include "test_support.hpp"
#include "tournament/start_boards.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {
std::string book_error_of(const std::string& text) {
  return test::input_error_of([&] { (void)connect4::parse_opening_book(text, "b.book"); });
}
}  // namespace

TEST_CASE("opening books read MOVES SCORE lines and refuse anything else", "[solver][book]") {
  const connect4::OpeningBook book = connect4::parse_opening_book("# made by hand\n\n444 -1\n  123 +2\n", "b.book");
  REQUIRE(book.entries.size() == 2);
  CHECK(book.score(connect4::parse_moves("444")) == -1);
  CHECK(book.score(connect4::parse_moves("567")) == 2);  // the mirror image of 321, the same position as 123's mirror
  CHECK_FALSE(book.contains(connect4::parse_moves("111")));
  CHECK_THAT(book_error_of("44 1\n"), Contains("b.book:1:1: error: a book position has 3 stones, this one 2"));
  CHECK_THAT(book_error_of("444\n"), Contains("b.book:1:4: error: expected the position's score"));
  CHECK_THAT(book_error_of("444 x\n"), Contains("b.book:1:5: error: expected the position's score"));
  CHECK_THAT(book_error_of("444 19\n"), Contains("b.book:1:5: error: expected the position's score, a whole number"));
  CHECK_THAT(book_error_of("444 1 2\n"), Contains("b.book:1:7: error: a book line is MOVES SCORE"));
  CHECK_THAT(book_error_of("448 1\n"), Contains("b.book:1:3: error:"));
  CHECK_THAT(book_error_of("123 1\n#\n765 1\n"),
             Contains("b.book:3:1: error: this position (or its mirror image) is already in the book"));
}

TEST_CASE("the built-in book holds every 3-ply opening", "[solver][book]") {
  const connect4::OpeningBook& book = connect4::builtin_opening_book();
  const std::vector<connect4::Position> openings = opening_boards(connect4::Game{}, connect4::kOpeningBookPlies);
  CHECK(book.entries.size() == openings.size());
  for (const connect4::Position& p : openings) {
    REQUIRE(book.contains(p));
    REQUIRE(book.contains(p.mirrored()));
    CHECK(std::abs(book.score(p)) <= connect4::kMaxAbsScore);
  }
}

TEST_CASE("the book values the first moves as Connect4 is known to be valued", "[solver][book]") {
  // The first player wins only in the centre column, with the last stone it
  // can play (score 1); columns 3 and 5 draw; the others lose (Allis 1988;
  // the scores are Pons's analysis of the empty board).
  CHECK(connect4::opening_score(connect4::Position{}) == 1);
  const int first_moves[connect4::kColumns] = {-2, -1, 0, 1, 0, -1, -2};
  for (int col = 0; col < connect4::kColumns; ++col)
    CHECK(-connect4::opening_score(connect4::Position{}.played(col)) == first_moves[col]);
}

TEST_CASE("balanced openings are those scored within B of a draw", "[solver][book][openings]") {
  for (int plies = 0; plies <= connect4::kOpeningBookPlies; ++plies) {
    const std::vector<connect4::Position> all = opening_boards(connect4::Game{}, plies);
    std::size_t previous = 0;
    for (int within = 0; within <= connect4::kMaxAbsScore; ++within) {
      const std::vector<connect4::Position> kept = balanced_opening_boards(connect4::Game{}, plies, within);
      std::size_t expected = 0;
      for (const connect4::Position& p : all) expected += std::abs(connect4::opening_score(p)) <= within;
      CHECK(kept.size() == expected);
      CHECK(kept.size() >= previous);  // a wider bound keeps at least as many
      for (const connect4::Position& p : kept) CHECK(std::abs(connect4::opening_score(p)) <= within);
      previous = kept.size();
    }
    CHECK(balanced_opening_boards(connect4::Game{}, plies, connect4::kMaxAbsScore) == all);  // order kept too
  }
}

TEST_CASE("the solver answers the first moves from the book", "[solver][book]") {
  connect4::Solver solver(1);
  const std::array<int, connect4::kColumns> expected = {-2, -1, 0, 1, 0, -1, -2};
  CHECK(solver.analyse(connect4::Position{}) == expected);
  CHECK(solver.nodes() == 0);  // nothing was searched
}
