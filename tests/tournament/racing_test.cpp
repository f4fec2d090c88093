// Racing: never stops a candidate that the full evaluation puts among the
// survivors, saves work on clearly worse ones, and does not depend on threads.

#include "tournament/racing.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "lang/parse.hpp"
#include "test_paths.hpp"
#include "tournament/start_boards.hpp"

using namespace evalsynth;

namespace {

// Candidates from strong to hopeless: IBEF, small programs, and IBEF negated
// (which plays for the opponent).
std::vector<Candidate<connect4::Game>> candidates() {
  const char* programs[] = {"windows(x, 2) - windows(o, 2) + 3 * (windows(x, 3) - windows(o, 3))",
                            "windows(x, 3) - windows(o, 3)",
                            "centre(x) - centre(o)",
                            "0",
                            "stones(x) - stones(o)",
                            "windows(o, 2) - windows(x, 2) + 3 * (windows(o, 3) - windows(x, 3))",
                            "threats(x) * 4 - threats(o) * 4 + windows(x, 2) - windows(o, 2)",
                            "sq(0, 3) + sq(1, 3)"};
  std::vector<Candidate<connect4::Game>> out = {{EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}, 1}};
  std::uint64_t hash = 2;
  for (const char* p : programs) out.push_back({evaluator_for(connect4::Game{}, lang::parse_program(p)), hash++});
  return out;
}

FitnessTask<connect4::Game> task() {
  FitnessTask<connect4::Game> t;
  t.boards = opening_boards(connect4::Game{}, 2);
  t.opponents = {{builtin_player(connect4::Game{}, "ibef", 1)}};
  t.configs = {{Side::X, 1, 0, 1}, {Side::O, 1, 0, 1}};
  t.settings = {MoveOrder::Random};
  const auto all = connect4::read_analysis_file(std::string(test::kSourceDir) + "/specs/positions/training.analysis");
  t.positions.assign(all.begin(), all.begin() + 400);
  t.position_depths = {1, 2};
  t.scoring = Scoring{GameScoring::Points, 0.5};
  return t;
}

}  // namespace

TEST_CASE("racing keeps every candidate the full evaluation ranks among the survivors", "[racing]") {
  const std::vector<Candidate<connect4::Game>> cs = candidates();
  const FitnessTask<connect4::Game> t = task();
  const std::vector<Fitness> full = evaluate_fitness(cs, t, 2);
  std::vector<double> scores;
  for (const Fitness& f : full) scores.push_back(f.score(t.scoring));
  for (int survivors : {1, 2, 3, 5}) {
    for (double confidence : {0.9, 0.999}) {
      INFO("survivors " << survivors << ", confidence " << confidence);
      RaceStats stats;
      const std::vector<Fitness> raced = race_fitness(cs, t, 2, {4, survivors, confidence}, {}, stats);
      std::vector<double> sorted = scores;
      std::sort(sorted.begin(), sorted.end(), std::greater<double>());
      const double cut = sorted[static_cast<std::size_t>(survivors - 1)];
      std::uint64_t stopped = 0;
      for (std::size_t c = 0; c < cs.size(); ++c) {
        if (scores[c] >= cut) {  // a survivor: evaluated in full, exactly as without racing
          CHECK_FALSE(raced[c].raced_out());
          CHECK(raced[c].score(t.scoring) == scores[c]);
          CHECK(raced[c].wins == full[c].wins);
          CHECK(raced[c].mistakes == full[c].mistakes);
        }
        stopped += raced[c].raced_out();
      }
      CHECK(stats.stopped == stopped);
      // With few survivors some are hopeless enough to stop, and what they
      // skipped is counted.
      if (survivors <= 3) {
        CHECK(stopped > 0);
        CHECK(stats.games_saved + stats.searches_saved > 0);
      }
    }
  }
}

TEST_CASE("racing gives the same result for 1 and 2 threads, and uses the known scores", "[racing]") {
  const std::vector<Candidate<connect4::Game>> cs = candidates();
  const FitnessTask<connect4::Game> t = task();
  RaceStats a, b, c;
  const std::vector<Fitness> one = race_fitness(cs, t, 1, {4, 3, 0.99}, {}, a);
  const std::vector<Fitness> two = race_fitness(cs, t, 2, {4, 3, 0.99}, {}, b);
  for (std::size_t i = 0; i < cs.size(); ++i) {
    CHECK(one[i].games == two[i].games);
    CHECK(one[i].wins == two[i].wins);
    CHECK(one[i].draws == two[i].draws);
    CHECK(one[i].mistakes == two[i].mistakes);
    CHECK(one[i].judgements == two[i].judgements);
  }
  CHECK(a.stopped == b.stopped);
  // Three programs already known to score far above everyone: every new
  // candidate is hopeless, and all stop after the first batch.
  const std::vector<Fitness> hopeless = race_fitness(cs, t, 2, {4, 3, 0.99}, {1e6, 1e6, 1e6}, c);
  CHECK(c.stopped == cs.size());
  for (const Fitness& f : hopeless) CHECK(f.games + f.judgements > 0);
}

TEST_CASE("score bounds hold what was played and what is possible", "[racing]") {
  Fitness partial;
  partial.games = 10;
  partial.wins = 5;
  partial.draws = 2;
  partial.judgements = 64;
  partial.mistakes = 8;
  const Scoring s{GameScoring::Points, 2};
  const ScoreBounds b = score_bounds(partial, 2, 40, 640, s, 0.99);
  const double played = 6 - 2 * 8;
  CHECK(b.lower <= b.upper);
  CHECK(b.upper <= played + 30 * 1.0);                   // at best every game left is won, no mistake
  CHECK(b.lower >= played - 2 * 576.0);                  // at worst every search left is a mistake
  CHECK(b.upper > played + 30 * 0.6 - 2 * 576 * 0.125);  // the means themselves lie inside
  CHECK(b.lower < played + 30 * 0.6 - 2 * 576 * 0.125);
  // Everything played: the bounds are the score.
  const ScoreBounds done = score_bounds(partial, 2, 10, 64, s, 0.99);
  CHECK(done.lower == played);
  CHECK(done.upper == played);
}
