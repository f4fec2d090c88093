// The solver against plain full-width minimax, its analysis against its own
// single-position solves, and a few positions of Pons's public benchmark.

#include "games/connect4/solver.hpp"

#include <catch2/catch.hpp>
#include <map>

#include "games/connect4/connect4.hpp"
#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/notation.hpp"
#include "games/connect4/solve_all.hpp"
#include "tournament/start_boards.hpp"

using namespace evalsynth;
using connect4::Solver;

namespace {

// Full-width negamax with Pons's scoring, no pruning; memoized by position
// (which changes nothing but the time it takes).
int minimax(const connect4::Position& p, std::map<std::uint64_t, int>& memo) {
  if (const auto it = memo.find(p.key()); it != memo.end()) return it->second;
  int best = -1000;
  for (int col = 0; col < connect4::kColumns; ++col) {
    if (!p.can_play(col)) continue;
    int score = 0;
    if (p.is_winning_move(col)) {
      score = (connect4::kCells + 1 - p.moves_played()) / 2;
    } else {
      const connect4::Position child = p.played(col);
      score = child.is_full() ? 0 : -minimax(child, memo);
    }
    best = std::max(best, score);
  }
  memo[p.key()] = best;
  return best;
}

// A position from a random game with at most `empty` empty cells, not over.
connect4::Position late_position(Rng& rng, int empty) {
  while (true) {
    connect4::Position p;
    while (!p.is_game_over() && connect4::kCells - p.moves_played() > empty)
      p = p.played(connect4::random_column(p, rng));
    if (!p.is_game_over()) return p;
  }
}

}  // namespace

TEST_CASE("the solver's scores equal plain minimax", "[solver]") {
  Solver solver(1);  // the smallest table: replacements happen all the time
  Rng rng(2026);
  for (int i = 0; i < 400; ++i) {
    const connect4::Position p = late_position(rng, 6 + rng.below(9));  // 6..14 empty cells
    std::map<std::uint64_t, int> memo;
    INFO(connect4::to_ascii(p));
    REQUIRE(solver.solve(p) == minimax(p, memo));
  }
}

TEST_CASE("a position's value is the best of its moves' values", "[solver]") {
  Solver solver;
  Rng rng(7);
  for (int i = 0; i < 150; ++i) {
    const connect4::Position p = late_position(rng, 14 + rng.below(10));
    const auto moves = solver.analyse(p);
    int best = -1000;
    for (int col = 0; col < connect4::kColumns; ++col) {
      const int s = moves[static_cast<std::size_t>(col)];
      if (!p.can_play(col)) {
        CHECK(s == connect4::kFullColumn);
        continue;
      }
      best = std::max(best, s);
      const connect4::Position child = p.played(col);
      if (p.is_winning_move(col))
        CHECK(s == connect4::immediate_win_score(p.moves_played()));
      else if (!child.is_full())
        CHECK(s == -solver.solve(child));  // the value of the child, negated
    }
    CHECK(solver.solve(p) == best);
  }
}

TEST_CASE("outcomes are the signs of the scores", "[solver]") {
  // A small table shared by both kinds of search: each stores bounds the
  // other reads, which must not change either answer.
  Solver solver(1);
  Rng rng(11);
  const auto sign = [](int s) { return (s > 0) - (s < 0); };
  int seen[3] = {0, 0, 0};
  for (int i = 0; i < 300; ++i) {
    connect4::Position p = late_position(rng, 8 + rng.below(12));  // 8..19 empty cells
    if (i < 30) {  // from the opening book (up to 2 stones, so every child is in it too)
      const std::vector<connect4::Position> openings = opening_boards(connect4::Game{}, static_cast<int>(rng.below(3)));
      p = openings[rng.below(openings.size())];
    }
    INFO(connect4::to_ascii(p));
    const int outcome = solver.outcome(p);
    REQUIRE(outcome == sign(solver.solve(p)));
    ++seen[outcome + 1];
    const auto outcomes = solver.analyse_outcomes(p);
    const auto scores = solver.analyse(p);
    for (std::size_t col = 0; col < connect4::kColumns; ++col)
      CHECK(outcomes[col] == (scores[col] == connect4::kFullColumn ? connect4::kFullColumn : sign(scores[col])));
  }
  CHECK(seen[0] > 0);  // losses, draws and wins all occur
  CHECK(seen[1] > 0);
  CHECK(seen[2] > 0);
}

TEST_CASE("the solver agrees with Pons's analysed positions", "[solver]") {
  // Lines of Pons's public benchmark (Test_L2_R2.analysis, Test_L1_R2.analysis).
  const std::string text =
      "274552224131661 -9 -11 -12 0 -11 -11 -11\n"
      "5455174361263362 -12 -1 -12 -13 -12 -12 -12\n"
      "2531276566711153 -2 2 -1 0 -1 0 -12\n"
      "37313333717124171162542 -1000 -7 -1000 3 -8 -2 -7\n"
      "2416615552 -4 -3 -3 -2 -4 4 3\n"
      "1616621455211 3 5 -2 6 5 3 3\n";
  const auto positions = connect4::parse_analysis_text(text, "pons.analysis");
  std::vector<connect4::Position> boards;
  for (const auto& p : positions) boards.push_back(p.position);
  SolveOptions options;
  options.analyse = true;
  options.threads = 2;
  const auto solved = connect4::solve_all(boards, options);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    INFO(positions[i].moves);
    CHECK(solved[i].moves == positions[i].move_scores);
    CHECK(connect4::analysis_line(positions[i]) + "\n" ==
          text.substr(text.find(positions[i].moves), connect4::analysis_line(positions[i]).size() + 1));
  }
}

TEST_CASE("moves left under perfect play, as Pons's R classes count them", "[solver]") {
  // The Pons lines above are all from R2 sets: the game lasts 14-28 more
  // moves. Worked out by hand: a draw fills the board (42 - 15); otherwise
  // the winner wins with its (22 - |score|)-th stone.
  const auto positions = connect4::parse_analysis_text(
      "274552224131661 -9 -11 -12 0 -11 -11 -11\n"           // draw: 27
      "5455174361263362 -12 -1 -12 -13 -12 -12 -12\n"        // O wins with its 21st stone: 42 - 16
      "2531276566711153 -2 2 -1 0 -1 0 -12\n"                // X with its 20th: 39 - 16
      "37313333717124171162542 -1000 -7 -1000 3 -8 -2 -7\n"  // O with its 19th: 38 - 23
      "2416615552 -4 -3 -3 -2 -4 4 3\n"                      // X with its 18th: 35 - 10
      "1616621455211 3 5 -2 6 5 3 3\n"                       // O with its 16th: 32 - 13
      "4744444765656257 -13 -13 -13 -1000 -13 13 2\n",       // X wins now
      "left.analysis");
  std::vector<int> left;
  for (const auto& p : positions) left.push_back(connect4::moves_left(p));
  CHECK(left == std::vector<int>{27, 26, 23, 15, 25, 19, 1});
}

TEST_CASE("move lines: located errors for bad moves and finished games", "[solver][errors]") {
  auto error_of = [](const std::string& text) {
    try {
      connect4::parse_move_lines(text, "p.txt");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(connect4::parse_move_lines("# comment\n\n4453 12\n  1\n", "p.txt").size() == 2);
  CHECK_THAT(error_of("44\n4x53\n"), Catch::Matchers::Contains("p.txt:2:2: error"));
  CHECK_THAT(error_of("1111111\n"), Catch::Matchers::Contains("p.txt:1:7: error"));
  CHECK_THAT(error_of("1212121\n"), Catch::Matchers::Contains("p.txt:1:1: error: the game is already won"));
  CHECK_THAT(error_of("121212\n"), Catch::Matchers::Contains("(no error)"));
}
