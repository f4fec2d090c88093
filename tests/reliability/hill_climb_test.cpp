// The strict hill-climber (`algorithm = hillclimb`) as a run makes it, and
// `evalsynth reliability SPEC`, which models it and checks the model against
// real runs: the climber's rule, its spec checks, the command's output,
// options and errors, and the same results for 1 and 2 threads.

#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>
#include <set>
#include <string>

#include "io/run_output.hpp"
#include "io/spec.hpp"
#include "synthesis/synthesis.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

std::string hill_climb_spec(const std::string& source_dir = ".") {
  return "grammar = " + source_dir + "/grammar/features.grammar\nseeds = " + source_dir +
         "/grammar/examples/ibef.eval\nopponents = ibef@1\ncandidate-depths = 1\ntraining-boards = random(8)\n"
         "validation-boards = random(10)\nscoring = points\nstrength-positions = " +
         source_dir +
         "/tests/data/late.analysis\nstrength-depth = 1\nmax-size = 300\nmax-depth = 48\n"
         "algorithm = hillclimb\npopulation = 1\nvalidation-top = 1\ngenerations = 40\n";
}

}  // namespace

TEST_CASE("hillclimb: a challenger replaces the incumbent only if strictly better", "[synthesis][hillclimb]") {
  test::InSourceDir here;
  RunSpec spec = parse_spec(hill_climb_spec(), "h.spec");
  spec.threads = 1;
  Synthesis run(spec);
  std::optional<Individual> incumbent;
  std::set<std::uint64_t> incumbents;
  int changes = 0, checked = 0;
  RunHooks hooks;
  hooks.on_generation = [&](const GenerationLog&) {
    const Population& p = run.state().population;
    REQUIRE(p.size() == 2);  // the incumbent and the next challenger
    if (incumbent && p[0].hash != incumbent->hash) {
      CHECK(p[0].training.better_than(incumbent->training, spec.scoring));
      ++changes;
    }
    if (checked == 0) CHECK(p[0].program == run.state().hall.front().program);  // the seed starts
    // Only incumbents are validated: the hall holds no rejected challenger.
    for (const HallEntry& h : run.state().hall) CHECK(incumbents.count(h.hash) + (h.hash == p[0].hash) > 0);
    incumbent = p[0];
    incumbents.insert(p[0].hash);
    ++checked;
  };
  run.run(hooks);
  CHECK(checked == 40);
  CHECK(changes > 0);  // the test is about something
  for (std::size_t g = 1; g < run.log().size(); ++g)
    CHECK(run.log()[g].best_training >= run.log()[g - 1].best_training);
  spec.threads = 2;
  Synthesis two(spec);
  two.run();
  CHECK(answer_text(two) == answer_text(run));
}

TEST_CASE("hillclimb: its spec says population = 1 and refuses the population keys", "[synthesis][hillclimb]") {
  using test::spec_error_of;
  CHECK_THAT(spec_error_of("algorithm = hillclimb\n"),
             Contains("s.spec:1:1: error: algorithm = hillclimb keeps one incumbent") && Contains("population = 1"));
  CHECK_THAT(spec_error_of("algorithm = hillclimb\npopulation = 5\n"), Contains("s.spec:2:1: error"));
  CHECK_THAT(spec_error_of("algorithm = hillclimb\npopulation = 1\nvalidation-top = 1\nelitism = 1\n"),
             Contains("s.spec:4:1: error: elitism does not apply to algorithm = hillclimb"));
  CHECK_THAT(spec_error_of("algorithm = hillclimb\npopulation = 1\n"), Contains("write validation-top = 1"));
  const std::string climber = "algorithm = hillclimb\npopulation = 1\nvalidation-top = 1\n";
  CHECK_THAT(spec_error_of(climber + "validation-top = 2\n"), Contains("validation-top"));
  CHECK_THAT(spec_error_of(climber + "seeds = ibef, adate\n"),
             Contains("s.spec:4:1: error: algorithm = hillclimb starts from one program: give at most one seed"));
  CHECK_THAT(spec_error_of(climber + "compound = 2\n"), Contains("compound does not apply to algorithm = hillclimb"));
  CHECK_THAT(spec_error_of(climber + "racing = on\n"), Contains("racing does not apply"));
  CHECK_THAT(spec_error_of("population = 1\n"), Contains("a population of one program takes algorithm = hillclimb"));
}

TEST_CASE("hillclimb: the resolved spec reads back as the same spec", "[synthesis][hillclimb]") {
  test::InSourceDir here;
  const RunSpec spec = parse_spec(hill_climb_spec(), "h.spec");
  const RunSpec again = parse_spec(spec.resolved_text(), "again.spec");
  CHECK(again.resolved_text() == spec.resolved_text());
  CHECK(again.hash() == spec.hash());
  CHECK(again.algorithm == evolve::AlgorithmKind::HillClimb);
}

TEST_CASE("evalsynth reliability SPEC models the hill-climber and meets its runs", "[reliability][cli]") {
  const test::ScratchFolder dir("reliability-spec");
  test::write_file(dir / "h.spec", hill_climb_spec(test::kSourceDir));
  const std::string common =
      "reliability h.spec --classes 6 --walks 4 --walk-length 6 --neighbours 4 --starts 3 "
      "--boards 2,4 --runs 3 --iterations 12 --csv ";
  const test::Run one = test::run_evalsynth(common + "one.csv --html one.html --threads 1", dir.path.string());
  INFO(one.output);
  REQUIRE(one.exit_code == 0);
  CHECK_THAT(one.output, Contains("sampled programs:") && Contains("strength classes, paper's chain") &&
                             Contains("score classes") && Contains("largest gap between a chain's expected strength"));
  // One line per comparison size: the spec's 8 boards (16 games), then 2 and 4.
  CHECK_THAT(one.output, Contains("\n8       16 ") && Contains("\n2       4 ") && Contains("\n4       8 "));
  const std::string csv = test::read_file(dir / "one.csv");
  CHECK(
      csv.starts_with("iteration,model_mean,model_sd,paired_mean,paired_sd,score_mean,score_sd,runs_mean,runs_sd\n0,"));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 14);
  CHECK_THAT(test::read_file(dir / "one.html"), Contains("reliability_csv"));
  // The runs start from the seed: iteration 0 has no spread.
  CHECK_THAT(csv, Contains(",0.0000\n1,"));
  const test::Run two = test::run_evalsynth(common + "two.csv --threads 2", dir.path.string());
  REQUIRE(two.exit_code == 0);
  CHECK(test::read_file(dir / "two.csv") == csv);
}

TEST_CASE("evalsynth reliability SPEC refuses what it cannot model, before any work", "[reliability][cli]") {
  const test::ScratchFolder dir("reliability-spec-errors");
  const std::string spec = hill_climb_spec(test::kSourceDir);
  test::write_file(dir / "h.spec", spec);
  // The same spec with the generational algorithm, and without strength positions.
  const std::size_t climb = spec.find("algorithm = hillclimb\npopulation = 1\n");
  const std::size_t strength = spec.find("strength-positions");
  REQUIRE(climb != std::string::npos);
  REQUIRE(strength != std::string::npos);
  test::write_file(dir / "g.spec", spec.substr(0, climb).append("population = 4\n").append(spec.substr(climb + 37)));
  test::write_file(dir / "b.spec", spec.substr(0, strength).append("#").append(spec.substr(strength)));
  const std::size_t opponents = spec.find("opponents = ibef@1");
  REQUIRE(opponents != std::string::npos);
  test::write_file(
      dir / "s.spec",
      spec.substr(0, opponents).append("opponents = ibef@1, answer@1").append(spec.substr(opponents + 18)));
  const struct {
    std::string arguments, message;
  } cases[] = {
      {"reliability g.spec", "reliability models the strict hill-climber"},
      {"reliability b.spec", "name strength-positions"},
      {"reliability h.spec --boards 9", "at most the spec's 8 training boards"},
      {"reliability h.spec --boards 2,x", "--boards '2,x'"},
      {"reliability h.spec --sticks 5", "--sticks belongs to --modnim"},
      {"reliability --modnim --walks 3", "--walks belongs to modelling a spec's hill-climber"},
      {"reliability h.spec --modnim", "give a spec or --modnim, not both"},
      {"reliability h.spec --runs 100000 --iterations 1000", "--runs x --iterations is at most 20,000,000"},
      {"reliability missing.spec", "missing.spec"},
      {"reliability h.spec --csv /proc/evalsynth/r.csv", "r.csv"},
      {"reliability h.spec --csv h.spec", "h.spec"},
      {"reliability h.spec --classes 101", "--classes is at most 100"},
      {"reliability s.spec", "plays the run's own answer"},
      {"reliability --runs 0", "say what to model"},
  };
  for (const auto& c : cases) {
    const test::Run r = test::run_evalsynth(c.arguments, dir.path.string());
    INFO(c.arguments << "\n" << r.output);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains(c.message));
    CHECK_THAT(r.output, !Contains("sampled programs"));
  }
  CHECK(test::read_file(dir / "h.spec") == spec);  // never overwritten
}
