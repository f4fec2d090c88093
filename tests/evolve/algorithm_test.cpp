// The generational and island algorithms' rules, each with a test that fails when the
// rule is broken: the best `elitism` programs pass unchanged, restarts grow a
// fresh population, and the next population has the same size.

#include "evolve/algorithm.hpp"

#include <catch2/catch.hpp>

#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "test_paths.hpp"

using namespace evalsynth;
using namespace evalsynth::evolve;

namespace {

Individual member(const std::string& program, int wins) {
  Individual ind;
  ind.program = lang::parse_program(program);
  ind.hash = ind.program.canonical_hash();
  ind.training.games = 10;
  ind.training.wins = wins;
  return ind;
}

}  // namespace

TEST_CASE("generational: the elite passes unchanged and first", "[evolve][algorithm]") {
  const lang::Grammar grammar = lang::read_grammar_file(std::string(test::kSourceDir) + "/grammar/features.grammar");
  const Grower grower(grammar);
  const Variation variation(grower, Limits{});
  int fresh_calls = 0;
  const Breeding breeding{variation, Selection(Scoring{GameScoring::Points}, 2), default_operator_rates(), 6,
                          [&](bool, Rng&) {
                            ++fresh_calls;
                            return Population(6, member("1", 0));
                          }};
  Population population = {member("threats(x)", 3), member("threats(x) - threats(o)", 9),
                           member("centre(x)", 1),  member("windows(x, 2)", 9),
                           member("stones(x)", 4),  member("2", 0)};
  for (int elitism : {0, 1, 2, 3}) {
    AlgorithmSettings settings;
    settings.elitism = elitism;
    const auto algorithm = make_algorithm(breeding, settings);
    Population next = population;
    Rng rng(3);
    algorithm->breed(next, 0, rng);
    REQUIRE(next.size() == population.size());
    // Ranked: windows(x, 2) (9 wins, smaller) before threats(x) - threats(o) (9 wins), then stones(x) (4).
    const char* ranked[] = {"windows(x, 2)", "threats(x) - threats(o)", "stones(x)"};
    for (int e = 0; e < elitism; ++e)
      CHECK(next[static_cast<std::size_t>(e)].program == lang::parse_program(ranked[e]));
  }
  CHECK(fresh_calls == 0);
  AlgorithmSettings restarting;
  restarting.restart_every = 5;
  Rng rng(1);
  Population next = population;
  make_algorithm(breeding, restarting)->breed(next, 3, rng);  // generation 3: no restart yet
  CHECK(fresh_calls == 0);
  make_algorithm(breeding, restarting)->breed(next, 4, rng);  // the 5th generation ends: a fresh lineage
  CHECK(fresh_calls == 1);
}

TEST_CASE("islands: each island breeds alone and keeps its elite, and migration sends each island's best to the next",
          "[evolve][algorithm]") {
  const lang::Grammar grammar = lang::read_grammar_file(std::string(test::kSourceDir) + "/grammar/features.grammar");
  const Grower grower(grammar);
  const Variation variation(grower, Limits{});
  const Breeding breeding{variation, Selection(Scoring{GameScoring::Points}, 2), default_operator_rates(), 6,
                          [&](bool, Rng&) { return Population(6, member("1", 0)); }};
  // Two islands of three: island 0's best is windows(x, 2), island 1's stones(x).
  const Population island0 = {member("threats(x)", 3), member("windows(x, 2)", 9), member("centre(x)", 1)};
  const Population island1 = {member("stones(x)", 4), member("2", 0), member("threats(o)", 2)};
  AlgorithmSettings settings;
  settings.kind = AlgorithmKind::Islands;
  settings.islands = 2;
  settings.elitism = 1;
  settings.migrants = 1;
  const auto algorithm = make_algorithm(breeding, settings);
  CHECK(algorithm->parts() == 2);

  // Breeding is of one island: its size kept, its own best first.
  Population next = island0;
  Rng rng(5);
  algorithm->breed(next, 0, rng);
  REQUIRE(next.size() == 3);
  CHECK(next[0].program == lang::parse_program("windows(x, 2)"));

  // The best of each island, best first.
  const Population best = best_of(breeding, island1, 2);
  REQUIRE(best.size() == 2);
  CHECK(best[0].program == lang::parse_program("stones(x)"));
  CHECK(best[1].program == lang::parse_program("threats(o)"));

  // Along the ring: island 0's emigrant takes island 1's last place, island
  // 1's takes island 0's; the rest stays.
  std::vector<Population> bred = {island0, island1};
  migrate_along_ring(bred, {best_of(breeding, island0, 1), best_of(breeding, island1, 1)});
  CHECK(bred[0][0].program == lang::parse_program("threats(x)"));
  CHECK(bred[0][2].program == lang::parse_program("stones(x)"));
  CHECK(bred[1][0].program == lang::parse_program("stones(x)"));
  CHECK(bred[1][2].program == lang::parse_program("windows(x, 2)"));
  // One island, or no migrants: nothing moves.
  std::vector<Population> alone = {island0};
  migrate_along_ring(alone, {best_of(breeding, island0, 1)});
  CHECK(alone[0][2].program == lang::parse_program("centre(x)"));

  // The same generator gives the same island; another gives another.
  Population a = island0, b = island0, c = island0;
  Rng ra(9), rb(9), rc(10);
  for (int g = 0; g < 3; ++g) {
    algorithm->breed(a, g, ra);
    algorithm->breed(b, g, rb);
    algorithm->breed(c, g, rc);
  }
  bool differ = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].hash == b[i].hash);
    differ = differ || a[i].hash != c[i].hash;
  }
  CHECK(differ);
}
