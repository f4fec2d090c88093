// The generational algorithm's rules, each with a test that fails when the
// rule is broken: the best `elitism` programs pass unchanged, restarts grow a
// fresh population, and the next population has the same size.

#include "evolve/algorithm.hpp"

#include <catch2/catch.hpp>

#include "lang/grammar.hpp"
#include "lang/parse.hpp"

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
  const lang::Grammar grammar =
      lang::read_grammar_file(std::string(EVALSYNTH_SOURCE_DIR) + "/grammar/features.grammar");
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
