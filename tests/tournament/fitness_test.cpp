// Fitness scoring rules: each has a test that fails when the rule is broken.

#include "tournament/fitness.hpp"

#include <catch2/catch.hpp>

using namespace evalsynth;

TEST_CASE("points: a win is 1, a draw exactly 1/2, a loss 0", "[tournament][fitness]") {
  Fitness f;
  f.games = 10;
  f.wins = 3;
  f.draws = 4;
  CHECK(f.score(Scoring::Points) == 5.0);
  CHECK(f.score(Scoring::Thesis) == 3.0);
  Fitness one_draw;
  one_draw.games = 1;
  one_draw.draws = 1;
  CHECK(one_draw.score(Scoring::Points) == 0.5);
  // Two draws are worth one win, so neither is better.
  Fitness win;
  win.games = 2;
  win.wins = 1;
  Fitness two_draws;
  two_draws.games = 2;
  two_draws.draws = 2;
  CHECK(two_draws.same_as(win, Scoring::Points));
  CHECK_FALSE(win.better_than(two_draws, Scoring::Points));
  CHECK(win.better_than(two_draws, Scoring::Thesis));
}

TEST_CASE("among equal scores, fewer moves to win is better", "[tournament][fitness]") {
  Fitness a, b;
  a.wins = b.wins = 3;
  a.moves_to_win = 30;
  b.moves_to_win = 31;
  CHECK(a.better_than(b, Scoring::Thesis));
  CHECK_FALSE(b.better_than(a, Scoring::Thesis));
  CHECK_FALSE(a.same_as(b, Scoring::Thesis));
}
