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

TEST_CASE("islands: each island keeps its elite, and migration sends each island's best to the next",
          "[evolve][algorithm]") {
  const lang::Grammar grammar = lang::read_grammar_file(std::string(test::kSourceDir) + "/grammar/features.grammar");
  const Grower grower(grammar);
  const Variation variation(grower, Limits{});
  const Breeding breeding{variation, Selection(Scoring{GameScoring::Points}, 2), default_operator_rates(), 6,
                          [&](bool, Rng&) { return Population(6, member("1", 0)); }};
  // Two islands of three: island 0's best is windows(x, 2), island 1's stones(x).
  const Population population = {member("threats(x)", 3), member("windows(x, 2)", 9),
                                 member("centre(x)", 1),  member("stones(x)", 4),
                                 member("2", 0),          member("threats(o)", 2)};
  AlgorithmSettings settings;
  settings.kind = AlgorithmKind::Islands;
  settings.islands = 2;
  settings.elitism = 1;
  settings.migrants = 1;
  settings.migration_every = 3;
  const auto algorithm = make_algorithm(breeding, settings);
  CHECK(algorithm->parts() == 2);

  // No migration after generation 0: each island's first is its own best.
  Population next = population;
  Rng rng(5);
  algorithm->breed(next, 0, rng);
  REQUIRE(next.size() == 6);
  CHECK(next[0].program == lang::parse_program("windows(x, 2)"));
  CHECK(next[3].program == lang::parse_program("stones(x)"));

  // After generation 2 (the third) the islands trade first: island 1's
  // worst ("2") becomes windows(x, 2), now its best and so its elite; island
  // 0's worst (centre(x)) becomes stones(x), below windows(x, 2).
  next = population;
  Rng again(5);
  algorithm->breed(next, 2, again);
  CHECK(next[0].program == lang::parse_program("windows(x, 2)"));
  CHECK(next[3].program == lang::parse_program("windows(x, 2)"));

  // The same generator gives the same islands; another gives others.
  Population a = population, b = population, c = population;
  Rng ra(9), rb(9), rc(10);
  algorithm->breed(a, 0, ra);
  algorithm->breed(b, 0, rb);
  algorithm->breed(c, 0, rc);
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].hash == b[i].hash);
  bool differ = false;
  for (std::size_t i = 0; i < a.size(); ++i) differ = differ || a[i].hash != c[i].hash;
  CHECK(differ);
}
