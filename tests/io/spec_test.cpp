#include "io/spec.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

using test::InSourceDir;
using test::spec_error_of;

}  // namespace

TEST_CASE("specs read with defaults and resolve fully", "[spec]") {
  InSourceDir here;
  const RunSpec spec = parse_spec(
      "grammar = grammar/features.grammar\npopulation = 30\ntraining-boards = shallow + random(10)\ncrossover = "
      "0.5\ntime-budget = 2m\n",
      "x.spec");
  CHECK(spec.name == "x");
  CHECK(spec.population == 30);
  CHECK(spec.generations == 50);
  CHECK(spec.training.size() == 2);
  CHECK(spec.training[1].count == 10);
  CHECK(spec.time_budget_seconds == 120);
  CHECK(spec.operator_rates[0] == 0.5);
  const std::string resolved = spec.resolved_text();
  CHECK_THAT(resolved, Contains("training-boards   = shallow + random(10)"));
  // The resolved text is itself a spec giving the same run.
  CHECK(parse_spec(resolved, "x.spec").hash() == spec.hash());
  for (const char* name : {"specs/stenmark2005.spec", "specs/quick.spec", "specs/features.spec", "specs/archive.spec"})
    CHECK_NOTHROW(read_spec_file(name));
}

TEST_CASE("bad specs say what and where", "[spec][errors]") {
  InSourceDir here;
  CHECK_THAT(spec_error_of("populaton = 10\n"),
             Contains("s.spec:1:1: error: unknown key 'populaton'; did you mean 'population'?"));
  CHECK_THAT(spec_error_of("seed = 1\npopulation = many\n"),
             Contains("s.spec:2:14: error: 'population' wants a whole number"));
  CHECK_THAT(spec_error_of("grammar = grammar/nope.grammar\n"),
             Contains("s.spec:1:11: error: grammar file 'grammar/nope.grammar' not found"));
  CHECK_THAT(spec_error_of("scoring = best\n"), Contains("'scoring' is one of thesis, points, not 'best'"));
  CHECK_THAT(spec_error_of("seed = 1\nseed = 2\n"),
             Contains("s.spec:2:1: error: 'seed' is given twice (first at line 1)"));
  CHECK_THAT(spec_error_of("training-boards = shallow + randum(4)\n"),
             Contains("a board set is made of shallow, random(N)"));
  CHECK_THAT(spec_error_of("population = 10\nelitism = 10\n"),
             Contains("s.spec:2:1: error: elitism must be smaller than the population"));
  CHECK_THAT(spec_error_of("time-budget = soon\n"), Contains("wants a duration such as 90s"));
  CHECK_THAT(spec_error_of("population =\n"), Contains("s.spec:1:13: error: expected a value"));
  CHECK_THAT(spec_error_of("name = a/b\n"), Contains("a run name is a plain name"));
  CHECK_THAT(spec_error_of("opponents = nothere.eval@2\n"), Contains("opponent program 'nothere.eval' not found"));
  CHECK_THAT(spec_error_of("crossover = 2\n"), Contains("'crossover' wants a number"));
}

TEST_CASE("spec opponents are checked by the player syntax, located", "[spec][errors]") {
  InSourceDir here;
  CHECK_THAT(spec_error_of("opponents = stockfish@2\n"), Contains("s.spec:1:13: error: unknown player 'stockfish'"));
  CHECK_THAT(spec_error_of("opponents = ibef@0\n"), Contains("s.spec:1:13: error: bad depth '0'"));
  CHECK_THAT(spec_error_of("opponents = ibef@99\n"), Contains("bad depth '99'"));
  CHECK_THAT(spec_error_of("opponents = ibef@2, hall21@2\n"),
             Contains("s.spec:1:21: error: 'hall21': the hall-of-fame opponent is hallK@D"));
  CHECK_THAT(spec_error_of("opponents = answer@2\n"), Contains("opponents need one besides answer@D and hallK@D"));
}
