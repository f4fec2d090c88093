// Selection rules, each tested so that breaking it fails a test: better
// fitness wins; among equal fitness the smaller program wins (lexicographic
// parsimony); ties keep their order.

#include "evolve/selection.hpp"

#include <catch2/catch.hpp>

#include "lang/parse.hpp"

using namespace evalsynth;
using evolve::Individual;
using evolve::Selection;

namespace {

Individual individual(const std::string& program, int wins, int draws = 0, std::int64_t moves_to_win = 0) {
  Individual ind;
  ind.program = lang::parse_program(program);
  ind.hash = ind.program.canonical_hash();
  ind.training.games = 10;
  ind.training.wins = wins;
  ind.training.draws = draws;
  ind.training.moves_to_win = moves_to_win;
  return ind;
}

}  // namespace

TEST_CASE("selection: fitness first, then the smaller program", "[evolve][selection]") {
  const Selection points(Scoring{GameScoring::Points}, 4);
  const Individual small = individual("sq(0, 3)", 5), large = individual("sq(0, 3) + 0 * sq(1, 3)", 5);
  CHECK(points.better(small, large));
  CHECK_FALSE(points.better(large, small));
  CHECK_FALSE(points.better(small, small));  // strict: equals are not better
  const Individual fitter_large = individual("sq(0, 3) + sq(1, 3)", 6);
  CHECK(points.better(fitter_large, small));
  // Fewer moves to win breaks a tie in score before size does.
  const Individual quick = individual("sq(0, 3) + sq(1, 3)", 5, 0, 40), slow = individual("sq(0, 3)", 5, 0, 50);
  CHECK(points.better(quick, slow));
  // Under points a draw is half a win: 4 wins and 2 draws equal 5 wins.
  CHECK_FALSE(points.better(individual("1", 4, 2), individual("2", 5)));
  CHECK_FALSE(points.better(individual("2", 5), individual("1", 4, 2)));
  // Under the thesis's scoring only wins count.
  const Selection thesis(Scoring{GameScoring::Thesis}, 4);
  CHECK(thesis.better(individual("1", 5), individual("2", 4, 6)));
}

TEST_CASE("selection: ranking is stable and tournaments prefer the better", "[evolve][selection]") {
  const Selection selection(Scoring{GameScoring::Points}, 3);
  const evolve::Population population = {individual("1 + 2 + 3", 2), individual("7", 5), individual("1 + 2", 5),
                                         individual("4", 2)};
  const auto ranked = selection.ranked(population);
  REQUIRE(ranked.size() == 4);
  CHECK(ranked[0] == &population[1]);  // 5 wins, size 1
  CHECK(ranked[1] == &population[2]);  // 5 wins, size 3
  CHECK(ranked[2] == &population[3]);  // 2 wins, size 1
  CHECK(ranked[3] == &population[0]);
  // A tournament of 3 of 4 members (drawn with replacement) never returns
  // the worst unless it drew only the worst; over many draws the best wins
  // most often.
  Rng rng(5);
  int best = 0, worst = 0;
  for (int i = 0; i < 4000; ++i) {
    const Individual* chosen = &selection.tournament(population, rng);
    best += chosen == &population[1];
    worst += chosen == &population[0];
  }
  CHECK(best > 2000);        // 1 - (3/4)^3 = 58% expected
  CHECK(worst < 4000 / 40);  // (1/4)^3 = 1.6% expected
}
