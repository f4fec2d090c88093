// Fitness scoring rules: each has a test that fails when the rule is broken.

#include "tournament/fitness.hpp"

#include <catch2/catch.hpp>

#include "games/connect4/notation.hpp"
#include "test_paths.hpp"
#include "tournament/strength.hpp"

using namespace evalsynth;

TEST_CASE("points: a win is 1, a draw exactly 1/2, a loss 0", "[tournament][fitness]") {
  Fitness f;
  f.games = 10;
  f.wins = 3;
  f.draws = 4;
  CHECK(f.score(Scoring{GameScoring::Points}) == 5.0);
  CHECK(f.score(Scoring{GameScoring::Thesis}) == 3.0);
  Fitness one_draw;
  one_draw.games = 1;
  one_draw.draws = 1;
  CHECK(one_draw.score(Scoring{GameScoring::Points}) == 0.5);
  // Two draws are worth one win, so neither is better.
  Fitness win;
  win.games = 2;
  win.wins = 1;
  Fitness two_draws;
  two_draws.games = 2;
  two_draws.draws = 2;
  CHECK(two_draws.same_as(win, Scoring{GameScoring::Points}));
  CHECK_FALSE(win.better_than(two_draws, Scoring{GameScoring::Points}));
  CHECK(win.better_than(two_draws, Scoring{GameScoring::Thesis}));
}

TEST_CASE("among equal scores, fewer moves to win is better", "[tournament][fitness]") {
  Fitness a, b;
  a.wins = b.wins = 3;
  a.moves_to_win = 30;
  b.moves_to_win = 31;
  CHECK(a.better_than(b, Scoring{GameScoring::Thesis}));
  CHECK_FALSE(b.better_than(a, Scoring{GameScoring::Thesis}));
  CHECK_FALSE(a.same_as(b, Scoring{GameScoring::Thesis}));
}

TEST_CASE("each mistake on a labelled position costs the mistake cost", "[tournament][fitness]") {
  Fitness f;
  f.games = 10;
  f.wins = 6;
  f.draws = 2;
  f.judgements = 20;
  f.mistakes = 3;
  CHECK(f.score(Scoring{GameScoring::Points, 1.5}) == 7.0 - 4.5);
  CHECK(f.score(Scoring{GameScoring::Thesis, 0}) == 6.0);
  CHECK(f.mistake_rate() == 3.0 / 20);
  Fitness fewer_mistakes = f;
  fewer_mistakes.mistakes = 2;
  fewer_mistakes.wins = 5;  // a win less, a mistake less
  CHECK(fewer_mistakes.better_than(f, Scoring{GameScoring::Thesis, 2}));
  CHECK(f.better_than(fewer_mistakes, Scoring{GameScoring::Thesis, 0.5}));
}

TEST_CASE("position fitness counts the moves worse than the best value", "[tournament][fitness]") {
  // A constant evaluator values every move alike, so with columns searched
  // left to right it always plays column 1 (no position here has a win or
  // a forced loss within two plies). The labels below are made up so that
  // column 1 is worse than the best value in exactly two positions: "44"
  // (loss vs win) and "12" (draw vs win); in "4455" every move draws and in
  // "1" column 1 shares the best value (a win) with column 3.
  const std::string text =
      "44 -2 0 0 1 0 0 0\n"
      "4455 0 0 0 0 0 0 0\n"
      "1 1 -1 1 -1 -1 -1 -1\n"
      "12 0 0 0 0 3 0 0\n";
  FitnessTask<connect4::Game> task;
  task.positions = connect4::parse_analysis_text(text, "hand.analysis");
  task.position_depths = {1, 2};
  task.settings = {MoveOrder::LeftToRight};
  const Candidate<connect4::Game> constant{evaluator_for(connect4::Game{}, lang::parse_program("7")), 1};
  for (int threads : {1, 2}) {
    const Fitness f = evaluate_fitness({constant, constant}, task, threads)[1];
    CHECK(f.games == 0);
    CHECK(f.judgements == 8);
    CHECK(f.mistakes == 4);
    CHECK(f.score(Scoring{GameScoring::Thesis, 1.5}) == -6.0);
  }
  // With board games too, the mistakes come on top of the game results.
  task.boards = {connect4::Position{}};
  task.opponents = {{builtin_player(connect4::Game{}, "random", 0)}};
  task.configs = {{Side::X, 1, 0, 0}, {Side::O, 1, 0, 0}};
  const Fitness f = evaluate_fitness({constant}, task, 2)[0];
  CHECK(f.games == 2);
  CHECK(f.mistakes == 4);
}

TEST_CASE("position fitness does not depend on the thread count or the chunking", "[tournament][fitness]") {
  // More positions than one chunk holds, searched with random tie-breaking.
  const std::vector<connect4::LabelledPosition> all =
      connect4::read_analysis_file(std::string(test::kSourceDir) + "/specs/positions/training.analysis");
  FitnessTask<connect4::Game> task;
  task.positions.assign(all.begin(), all.begin() + 301);
  task.position_depths = {1, 3};
  task.settings = {MoveOrder::Random};
  const std::vector<Candidate<connect4::Game>> candidates = {
      {EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}, 11},
      {EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}, 12}};
  const std::vector<Fitness> one = evaluate_fitness(candidates, task, 1);
  const std::vector<Fitness> two = evaluate_fitness(candidates, task, 2);
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    CHECK(one[c].judgements == 602);
    CHECK(one[c].mistakes == two[c].mistakes);
    CHECK(one[c].mistakes > 0);
  }
  // The same count as the strength measure, which judges position by position.
  int by_hand = 0;
  for (std::size_t i = 0; i < task.positions.size(); ++i) {
    for (int depth : task.position_depths) {
      Rng rng(mix_seed({task.seed, 11, 0x9051710ULL, i, static_cast<std::uint64_t>(depth)}));
      SearchCounters counters;
      const Player<connect4::Game> p{"ibef", depth, EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}};
      by_hand += is_mistake(task.positions[i], choose_move(connect4::Game{}, p, task.positions[i].position,
                                                           MoveOrder::Random, rng, counters));
    }
  }
  CHECK(one[0].mistakes == by_hand);
}

TEST_CASE("an opponent with boards of its own plays only from them", "[tournament][fitness]") {
  // Columns left to right and deterministic players: every game is fixed,
  // so the combined task must score what its two halves score apart.
  const std::vector<connect4::Position> shared = {connect4::Position{}, connect4::parse_moves("44")};
  const std::vector<connect4::Position> own = {connect4::parse_moves("1234"), connect4::parse_moves("445566"),
                                               connect4::parse_moves("77")};
  const std::vector<FitnessConfig> both_colours = {{Side::X, 1, 0, 1}, {Side::O, 1, 0, 1}};
  auto task_of = [&](std::vector<Opponent<connect4::Game>> opponents, std::vector<FitnessConfig> configs,
                     std::vector<connect4::Position> boards) {
    FitnessTask<connect4::Game> t;
    t.boards = std::move(boards);
    t.opponents = std::move(opponents);
    t.configs = std::move(configs);
    t.settings = {MoveOrder::LeftToRight};
    return t;
  };
  const Player<connect4::Game> ibef = builtin_player(connect4::Game{}, "ibef", 1),
                               adate = builtin_player(connect4::Game{}, "adate", 1);
  const FitnessTask<connect4::Game> combined = task_of(
      {{ibef}, {adate, own}}, {{Side::X, 1, 0, 1}, {Side::O, 1, 0, 1}, {Side::X, 1, 1, 1}, {Side::O, 1, 1, 1}}, shared);
  CHECK(combined.games_per_candidate() == 2 * 2 + 3 * 2);
  const std::vector<Candidate<connect4::Game>> candidate = {
      {EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}, 5}};
  const Fitness whole = evaluate_fitness(candidate, combined, 2)[0];
  const Fitness against_ibef = evaluate_fitness(candidate, task_of({{ibef}}, both_colours, shared), 1)[0];
  const Fitness against_adate_own = evaluate_fitness(candidate, task_of({{adate}}, both_colours, own), 1)[0];
  const Fitness against_adate_shared = evaluate_fitness(candidate, task_of({{adate}}, both_colours, shared), 1)[0];
  // The boards make a difference here, so the test can tell them apart.
  REQUIRE(against_adate_own.moves_to_win != against_adate_shared.moves_to_win);
  CHECK(whole.games == 10);
  CHECK(whole.wins == against_ibef.wins + against_adate_own.wins);
  CHECK(whole.draws == against_ibef.draws + against_adate_own.draws);
  CHECK(whole.moves_to_win == against_ibef.moves_to_win + against_adate_own.moves_to_win);
  CHECK(evaluate_fitness(candidate, combined, 1)[0].same_as(whole, Scoring{GameScoring::Points}));
}
