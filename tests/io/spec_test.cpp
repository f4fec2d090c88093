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

TEST_CASE("a perfect opponent needs start boards it can afford", "[spec][errors]") {
  InSourceDir here;
  // Solving positions of fewer stones takes seconds to minutes a move: the
  // run would seem to hang. Every board source that can give them counts.
  CHECK_THAT(spec_error_of("opponents = ibef@2, perfect:0.1\n"),
             Contains("s.spec:1:21: error: 'perfect:0.1' would play from training-boards of 0 stones"));
  const std::string later = "file(\"specs/positions/validation.analysis\")";
  CHECK_THAT(spec_error_of("opponents = perfect\ntraining-boards = openings(3)\nvalidation-boards = " + later + "\n"),
             Contains("s.spec:1:13") && Contains("training-boards of 3 stones"));
  CHECK_THAT(
      spec_error_of("opponents = perfect-resist\ntraining-boards = file(\"specs/positions/training.analysis\")\n"),
      Contains("validation-boards of 0 stones"));
  CHECK_THAT(spec_error_of("opponents = perfect\ntraining-boards = " + later +
                           " + random(3)\nvalidation-boards = " + later + "\n"),
             Contains("training-boards of 0 stones"));
  // Positions of 10 or more stones: accepted, and IBEF alone never asks.
  CHECK(spec_error_of("opponents = perfect:0.2\ntraining-boards = file(\"specs/positions/training.analysis\")\n"
                      "validation-boards = " +
                      later + "\n") == "(no error)");
  CHECK(spec_error_of("opponents = ibef@2\n") == "(no error)");
  // Or boards of their own: the other opponents keep the openings.
  const std::string own =
      "perfect-training-boards = file(\"specs/positions/training.analysis\")\n"
      "perfect-validation-boards = " +
      later + "\n";
  CHECK(spec_error_of("opponents = ibef@2, perfect:0.1\ntraining-boards = openings(2)\n" + own) == "(no error)");
  CHECK_THAT(spec_error_of("opponents = perfect\nperfect-training-boards = openings(3)\nperfect-validation-boards = " +
                           later + "\n"),
             Contains("s.spec:1:13") && Contains("perfect-training-boards of 3 stones"));
  CHECK_THAT(spec_error_of("opponents = perfect\nperfect-training-boards = " + later + "\n"),
             Contains("validation-boards of 0 stones") && Contains("perfect-validation-boards"));
  CHECK_THAT(spec_error_of("opponents = ibef@2\n" + own),
             Contains("s.spec:2:1") && Contains("perfect-training-boards applies to perfect opponents"));
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
  CHECK_THAT(spec_error_of("name = a/b\n"), Contains("a run name is a plain folder name"));
  CHECK_THAT(spec_error_of("opponents = nothere.eval@2\n"), Contains("opponent program 'nothere.eval' not found"));
  CHECK_THAT(spec_error_of("crossover = 2\n"), Contains("'crossover' wants a number"));
}

TEST_CASE("spec values that would misplace files, cut paths or repeat work are located errors", "[spec][errors]") {
  InSourceDir here;
  using namespace std::string_literals;
  std::string nested = "training-boards = ";
  for (int i = 0; i < 40000; ++i) nested += "random(";
  const struct {
    std::string spec;
    std::string message;
  } cases[] = {
      {"name = \"\"\n", "s.spec:1:8: error: a run name cannot be empty"},
      {"name = .hidden\n", "s.spec:1:8: error: a run name is a plain folder name"},
      {"name = \"a\\b\"\n", "a run name is a plain folder name"},
      {"name = " + std::string(101, 'n') + "\n", "at most 100 characters"},
      {"name = \"a\0b\"\n"s, "s.spec:1:8: error: a value cannot contain the control byte 0x00"},
      {"grammar = \"grammar/features.grammar\0.txt\"\n"s,
       "s.spec:1:11: error: a value cannot contain the control byte"},
      {"training-boards = file(\"a\x01\")\n", "s.spec:1:24: error: a value cannot contain the control byte 0x01"},
      {"output = \"\"\n", "s.spec:1:10: error: 'output' names a folder; it cannot be empty"},
      {"checkpoints = specs/quick.spec\n", "'checkpoints' names a folder, but 'specs/quick.spec' is a file"},
      {"colours = x, x\n", "s.spec:1:14: error: 'colours' lists 'x' twice"},
      {"candidate-depths = 1, 2, 1\n", "s.spec:1:26: error: 'candidate-depths' lists '1' twice"},
      {"opponents = ibef@2, adate@2, ibef@2\n", "s.spec:1:30: error: 'opponents' lists 'ibef@2' twice"},
      {"seeds = grammar/examples/ibef.eval, grammar/examples/ibef.eval\n", "'seeds' lists"},
      {nested, "s.spec:1:"},  // values nested far too deep: an error, not a crash
      {"training-boards = " + std::string(33 * 7, ' ') + "\n", "expected a value"},
      {"max-depth = 201\n", "'max-depth' wants a whole number from 1 to 200"},
  };
  for (const auto& c : cases) {
    INFO(c.spec.substr(0, 80));
    CHECK_THAT(spec_error_of(c.spec), Contains(c.message));
  }
  CHECK_THAT(spec_error_of(nested), Contains("values nested more than 32 deep"));
}

TEST_CASE("spec opponents are checked by the player syntax, located", "[spec][errors]") {
  InSourceDir here;
  CHECK_THAT(spec_error_of("opponents = stockfish@2\n"), Contains("s.spec:1:13: error: unknown player 'stockfish'"));
  CHECK_THAT(spec_error_of("opponents = ibef@0\n"), Contains("s.spec:1:13: error: bad depth '0'"));
  CHECK_THAT(spec_error_of("opponents = ibef@99\n"), Contains("bad depth '99'"));
  CHECK_THAT(spec_error_of("opponents = ibef@2, hall21@2\n"),
             Contains("s.spec:1:21: error: 'hall21': the hall-of-fame opponent is hallK@D"));
  CHECK_THAT(spec_error_of("opponents = answer@2\n"), Contains("opponents need one besides answer@D and hallK@D"));
  CHECK_THAT(
      spec_error_of("hall-of-fame = 5\nopponents = ibef@1, hall8@2\n"),
      Contains("s.spec:2:21: error: 'hall8@2' needs a hall of fame of at least 8 programs, but hall-of-fame is 5"));
  CHECK(spec_error_of("hall-of-fame = 8\nopponents = ibef@1, hall8@2\n") == "(no error)");
}

TEST_CASE("the position term's keys", "[spec][positions]") {
  InSourceDir here;
  const RunSpec spec = parse_spec(
      "candidate-depths = 1, 2\ntraining-positions = specs/positions/training.analysis\n"
      "validation-positions = specs/positions/validation.analysis\nmistake-cost = 0.25\n",
      "p.spec");
  CHECK(spec.uses_positions());
  CHECK(spec.resolved_position_depths() == std::vector<int>{1, 2});
  CHECK(spec.scoring.mistake_cost == 0.25);
  const std::string resolved = spec.resolved_text();
  CHECK_THAT(resolved, Contains("position-depths   = 1, 2") && Contains("mistake-cost      = 0.25"));
  CHECK(parse_spec(resolved, "p.spec").hash() == spec.hash());
  // Specs without positions keep the hashes they had before the term existed.
  CHECK_THAT(parse_spec("", "q.spec").resolved_text(), Contains("# training-positions: none"));
  CHECK(parse_spec("mistake-cost = 1\ntraining-positions = specs/positions/training.analysis\n", "p.spec").hash() !=
        parse_spec("mistake-cost = 2\ntraining-positions = specs/positions/training.analysis\n", "p.spec").hash());

  CHECK_THAT(spec_error_of("mistake-cost = 2\n"),
             Contains("s.spec:1:1: error: mistake-cost applies to the position term"));
  CHECK_THAT(spec_error_of("position-depths = 3\n"), Contains("s.spec:1:1: error: position-depths applies"));
  CHECK_THAT(spec_error_of("training-positions = specs/positions/training.analysis\nmistake-cost = -1\n"),
             Contains("s.spec:2:16: error: 'mistake-cost' wants a number from 0 to 1e+06, not '-1'"));
  CHECK_THAT(spec_error_of("training-positions = specs/positions/nope.analysis\n"), Contains("s.spec:1:22: error:"));
  CHECK_THAT(spec_error_of("training-positions = specs/positions/training.analysis\n"
                           "validation-positions = specs/positions/training.analysis\n"),
             Contains("s.spec:2:1: error: 'specs/positions/training.analysis' is both training and validation"));
}

TEST_CASE("opening suites as board sets", "[spec][openings]") {
  InSourceDir here;
  const RunSpec spec = parse_spec("training-boards = openings(3) + random(5)\n", "o.spec");
  REQUIRE(spec.training.size() == 2);
  CHECK(spec.training[0].kind == BoardSource::Kind::Openings);
  CHECK(spec.training[0].count == 3);
  CHECK_THAT(spec.resolved_text(), Contains("training-boards   = openings(3) + random(5)"));
  CHECK(build_boards(connect4::Game{}, spec.training, 1, {}).size() == 121 + 5);
  CHECK_THAT(spec_error_of("validation-boards = openings(9)\n"),
             Contains("s.spec:1:30: error: 'openings' wants a whole number from 0 to 8, not '9'"));
  CHECK_THAT(spec_error_of("training-boards = opening(2)\n"), Contains("openings(N)"));
}

TEST_CASE("balanced opening suites as board sets", "[spec][openings][book]") {
  InSourceDir here;
  const RunSpec spec = parse_spec("training-boards = balanced-openings(3, 2) + shallow\n", "o.spec");
  REQUIRE(spec.training.size() == 2);
  CHECK(spec.training[0].kind == BoardSource::Kind::BalancedOpenings);
  CHECK(spec.training[0].count == 3);
  CHECK(spec.training[0].within == 2);
  CHECK_THAT(spec.resolved_text(), Contains("training-boards   = balanced-openings(3, 2) + shallow"));
  CHECK(parse_spec(spec.resolved_text(), "o.spec").hash() == spec.hash());
  CHECK(parse_spec("training-boards = balanced-openings(3, 1)\n", "o.spec").hash() != spec.hash());
  CHECK(build_boards(connect4::Game{}, spec.training, 1, {}).size() ==
        balanced_opening_boards(connect4::Game{}, 3, 2).size() + 57);
  CHECK_THAT(spec_error_of("training-boards = balanced-openings(4, 2)\n"),
             Contains("s.spec:1:37: error: balanced openings go up to 3 plies"));
  CHECK_THAT(spec_error_of("training-boards = balanced-openings(3, -1)\n"),
             Contains("s.spec:1:40: error: 'B' wants a whole number from 0 to 18, not '-1'"));
  CHECK_THAT(spec_error_of("training-boards = balanced-openings(3)\n"), Contains("s.spec:1:19: error: a board set"));
  CHECK_THAT(spec_error_of("training-boards = openings(3, 1)\n"), Contains("s.spec:1:19: error: a board set"));
  CHECK_THAT(spec_error_of("training-boards = balanced-openings(3, 1 + 2)\n"),
             Contains("s.spec:1:19: error: 'balanced-openings' takes plain values"));
  // The empty board is a win for the first player with its last stone (score 1).
  CHECK_THAT(spec_error_of("training-boards = balanced-openings(0, 0)\n"),
             Contains("s.spec:1:40: error: no 0-ply opening is scored within 0 of a draw; the closest is 1"));
}

TEST_CASE("racing keys", "[spec][racing]") {
  InSourceDir here;
  const RunSpec spec = parse_spec("racing = on\nrace-batches = 5\nrace-confidence = 0.99\n", "r.spec");
  CHECK(spec.racing);
  CHECK(spec.race_batches == 5);
  CHECK_THAT(spec.resolved_text(), Contains("racing            = on\nrace-batches      = 5\n"));
  CHECK(parse_spec(spec.resolved_text(), "r.spec").hash() == spec.hash());
  CHECK(parse_spec("", "r.spec").hash() != parse_spec("racing = on\n", "r.spec").hash());
  CHECK_THAT(spec_error_of("racing = maybe\n"), Contains("'racing' is one of on, off, not 'maybe'"));
  CHECK_THAT(spec_error_of("race-batches = 3\n"), Contains("s.spec:1:1: error: race-batches applies with racing = on"));
  CHECK_THAT(spec_error_of("racing = on\nrace-batches = 1\n"), Contains("s.spec:2:16: error: 'race-batches' wants"));
}

TEST_CASE("depth pairing: equal depths only, every depth met", "[spec][depth-pairing]") {
  InSourceDir here;
  const RunSpec spec = parse_spec(
      "opponents = ibef@1-3, adate@2, random\ncandidate-depths = 1, 2, 3\ndepth-pairing = equal\n", "p.spec");
  CHECK(spec.depth_pairing == RunSpec::DepthPairing::Equal);
  CHECK(spec.pairs(2, 2));
  CHECK_FALSE(spec.pairs(1, 2));
  CHECK(spec.pairs(3, 0));  // the random mover has no depth: it meets every one
  CHECK_THAT(spec.resolved_text(), Contains("depth-pairing     = equal\n"));
  CHECK(parse_spec(spec.resolved_text(), "p.spec").hash() == spec.hash());
  // The default leaves the hashes of older runs as they were.
  CHECK_THAT(parse_spec("", "p.spec").resolved_text(), Contains("# depth-pairing: all\n"));
  CHECK(parse_spec("", "p.spec").hash() == parse_spec("depth-pairing = all\n", "p.spec").hash());
  CHECK(parse_spec("", "p.spec").hash() !=
        parse_spec("candidate-depths = 2\ndepth-pairing = equal\n", "p.spec").hash());
  CHECK_THAT(spec_error_of("depth-pairing = same\n"),
             Contains("s.spec:1:17: error: 'depth-pairing' is one of all, equal"));
  // An opponent depth no candidate searches at would never play.
  CHECK_THAT(spec_error_of("opponents = ibef@1, adate@1-3\ncandidate-depths = 1, 2\ndepth-pairing = equal\n"),
             Contains("s.spec:1:21: error: 'adate@1-3' would search at depth 3, not a candidate depth"));
  // The default opponent (ibef@2) against the default depths (1, 2).
  CHECK_THAT(spec_error_of("depth-pairing = equal\n"), Contains("s.spec:1:1: error: with depth-pairing = equal, "
                                                                "candidate depth 1 needs a fixed opponent"));
  CHECK(spec_error_of("candidate-depths = 2\ndepth-pairing = equal\n") == "(no error)");
  // A candidate depth nobody fixed plays at would go unvalidated.
  CHECK_THAT(spec_error_of("opponents = ibef@1, hall2@2\ncandidate-depths = 1, 2\ndepth-pairing = equal\n"),
             Contains("s.spec:2:1: error: with depth-pairing = equal, candidate depth 2 needs a fixed opponent"));
}

TEST_CASE("depth lists take ranges, as players do", "[spec][depths]") {
  InSourceDir here;
  const RunSpec spec = parse_spec("candidate-depths = 1-3, 5\n", "d.spec");
  CHECK(spec.candidate_depths == std::vector<int>{1, 2, 3, 5});
  CHECK_THAT(spec.resolved_text(), Contains("candidate-depths  = 1, 2, 3, 5\n"));
  CHECK(parse_spec("candidate-depths = 1, 2, 3, 5\n", "d.spec").hash() == spec.hash());
  CHECK(parse_spec("training-positions = specs/positions/training.analysis\nposition-depths = 2-4\n", "d.spec")
            .resolved_position_depths() == std::vector<int>{2, 3, 4});
  CHECK_THAT(spec_error_of("candidate-depths = 1-3, 2\n"),
             Contains("s.spec:1:25: error: 'candidate-depths' lists '2' twice"));
  CHECK_THAT(spec_error_of("candidate-depths = 2, 1-3\n"),
             Contains("s.spec:1:23: error: 'candidate-depths' lists depth 2 twice"));
  CHECK_THAT(spec_error_of("candidate-depths = 3-1\n"),
             Contains("s.spec:1:20: error: 'candidate-depths' has an empty range '3-1'"));
  CHECK_THAT(spec_error_of("candidate-depths = 1-13\n"),
             Contains("wants depths from 1 to 12 (one, or a range such as 1-4), not '1-13'"));
  CHECK_THAT(spec_error_of("candidate-depths = 1-\n"), Contains("s.spec:1:20: error: 'candidate-depths' wants depths"));
  CHECK_THAT(spec_error_of("candidate-depths = -1\n"),
             Contains("'candidate-depths' wants a whole number from 1 to 12"));
  CHECK_THAT(spec_error_of("candidate-depths = 1--2\n"), Contains("wants depths from 1 to 12"));
}

TEST_CASE("another game's spec seeds its references unless it says otherwise", "[spec][games]") {
  InSourceDir here;
  using Seeds = std::vector<std::string>;
  CHECK(parse_spec("game = checkers(6)\n", "c.spec").seeds == Seeds{"material", "positional"});
  CHECK(parse_spec("game = mnk(5,5,4)\n", "m.spec").seeds == Seeds{"open-lines", "threat-lines"});
  CHECK(parse_spec("", "c4.spec").seeds.empty());  // Connect4's default stays as it was
  // `none`, a grammar of one's own, or the hill-climber: random programs alone.
  const RunSpec none = parse_spec("game = checkers(6)\nseeds = none\n", "c.spec");
  CHECK(none.seeds.empty());
  CHECK_THAT(none.resolved_text(), Contains("# seeds: none\n"));
  CHECK(none.hash() == parse_spec(none.resolved_text(), "c.spec").hash());
  CHECK(parse_spec("game = modnim(100,3)\ngrammar = grammar/modnim.grammar\n", "n.spec").seeds.empty());
  CHECK(parse_spec("game = checkers(6)\nalgorithm = hillclimb\npopulation = 1\nvalidation-top = 1\n", "h.spec")
            .seeds.empty());
  CHECK(parse_spec("game = checkers(6)\nseeds = positional\n", "c.spec").seeds == Seeds{"positional"});
  // `none` is a word alone, not a program among others.
  CHECK_THAT(spec_error_of("game = checkers(6)\nseeds = none, material\n"), Contains("seed program 'none' not found"));
}
