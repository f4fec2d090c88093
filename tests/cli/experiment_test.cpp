// evalsynth experiment (cli/experiment_command.cpp): specs run over seeds
// into folders of their own, resumed where stopped, each answer measured
// the same way, the specs compared by Welch's and Mann-Whitney's tests;
// its mistakes refused before any run.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

// Tic-tac-toe's spec cut to a few generations, as `name`; `extra` lines added.
void write_spec(const test::ScratchFolder& dir, const std::string& name, const std::string& extra = "") {
  std::string spec = test::read_file(std::string(test::kSourceDir) + "/specs/tictactoe.spec");
  const auto set = [&](const std::string& key, const std::string& value) {
    const std::size_t at = spec.find("\n" + key + " ");
    REQUIRE(at != std::string::npos);
    const std::size_t end = spec.find('\n', at + 1);
    spec.replace(at + 1, end - at - 1, key + " = " + value);
  };
  set("name", name);
  set("generations", "3");
  set("population", "20");
  set("restart-every", "0");
  test::write_file(dir / (name + ".spec"), spec + extra);
}

}  // namespace

TEST_CASE("experiment runs each spec for each seed, compares them, and resumes where it stopped", "[cli][experiment]") {
  const test::ScratchFolder dir("experiment");
  const test::InSourceDir here;  // the specs' relative paths
  write_spec(dir, "one");
  write_spec(dir, "isl", "algorithm = islands\nislands = 2\nmigration-every = 2\nmigrants = 1\n");
  const std::string specs = dir / "one.spec" + " " + dir / "isl.spec";
  const std::string out = " --output " + dir / "runs";
  const test::Run first = test::run_evalsynth("experiment " + specs + " --seeds 1-3" + out + " --csv " + dir / "a.csv" +
                                              " --html " + dir / "a.html");
  INFO(first.output);
  REQUIRE(first.exit_code == 0);
  CHECK_THAT(first.output, Contains("# validation score (higher is better)") &&
                               Contains("one against isl: Welch t = ") && Contains("Mann-Whitney U = ") &&
                               Contains("over 3 seeds"));
  // Each run in its own folder, its seed in its spec.
  for (const char* run : {"one-seed1", "one-seed3", "isl-seed2"}) {
    CHECK(std::filesystem::exists(dir / "runs" + "/" + run + "/best.eval"));
    CHECK(std::filesystem::exists(dir / "runs/population/" + run));
  }
  CHECK_THAT(test::read_file(dir / "runs/specs/one-seed3.spec"), Contains("\nseed              = 3\n"));
  const std::string csv = test::read_file(dir / "a.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 7);  // the header and 6 runs
  CHECK_THAT(test::read_file(dir / "a.html"), Contains("experiment_csv"));

  // Given again: nothing run, the same measures.
  const test::Run again = test::run_evalsynth("experiment " + specs + " --seeds 1-3" + out + " --csv " + dir / "b.csv");
  REQUIRE(again.exit_code == 0);
  CHECK_THAT(again.output, Contains("one-seed2 finished before (generation 3): measured again, not run"));
  CHECK(test::read_file(dir / "b.csv") == csv);

  // A run stopped half way is resumed, and ends as the uninterrupted one.
  std::filesystem::remove_all(dir / "runs/one-seed2");
  std::filesystem::remove_all(dir / "runs/population/one-seed2");
  REQUIRE(test::run_evalsynth("run " + dir / "runs/specs/one-seed2.spec" + " --stop-after 1").exit_code == 0);
  const test::Run resumed =
      test::run_evalsynth("experiment " + specs + " --seeds 1-3" + out + " --csv " + dir / "c.csv");
  REQUIRE(resumed.exit_code == 0);
  CHECK_THAT(resumed.output, Contains("resuming run one-seed2 at generation 1 of 3"));
  CHECK(test::read_file(dir / "c.csv") == csv);
}

TEST_CASE("experiment refuses what cannot be compared before any run", "[cli][experiment][errors]") {
  const test::ScratchFolder dir("experiment-bad");
  const test::InSourceDir here;
  write_spec(dir, "one");
  write_spec(dir, "two");
  std::string c4 = test::read_file(std::string(test::kSourceDir) + "/specs/quick.spec");
  test::write_file(dir / "c4.spec", c4);
  const std::string out = " --output " + dir / "runs";
  struct Bad {
    std::string args, message;
  };
  for (const Bad& b : std::vector<Bad>{
           {dir / "one.spec" + out, "--seeds A-B"},
           {dir / "one.spec --seeds 3-1" + out, "--seeds is a range"},
           {dir / "one.spec --seeds x" + out, "--seeds is a range"},
           {dir / "one.spec " + dir / "c4.spec --seeds 1-2" + out, "play one game"},
           {dir / "one.spec " + dir / "one.spec --seeds 1-2" + out, "two specs named 'one'"},
       }) {
    const test::Run r = test::run_evalsynth("experiment " + b.args);
    INFO(b.args << "\n" << r.output);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains(b.message));
  }
  CHECK_FALSE(std::filesystem::exists(dir / "runs"));
}

TEST_CASE("experiment on a game beyond the exact solver's reach compares validation scores alone",
          "[cli][experiment][games]") {
  const test::ScratchFolder dir("experiment-checkers");
  test::write_file(dir / "c6.spec",
                   "game = checkers(6)\nopponents = material@1\ncandidate-depths = 1\npopulation = 6\n"
                   "generations = 2\ntraining-boards = random(2)\nvalidation-boards = random(2)\n");
  const test::Run r = test::run_evalsynth("experiment " + dir / "c6.spec" + " --seeds 1-2 --output " + dir / "runs" +
                                          " --csv " + dir / "c6.csv");
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output,
             Contains("no mistakes measured: perfect play in checkers(6) is beyond the exact solver's reach") &&
                 Contains("# validation score (higher is better)"));
  CHECK(r.output.find("mistake rate on the test set") == std::string::npos);
  const std::string csv = test::read_file(dir / "c6.csv");
  CHECK_THAT(csv, Contains("\nc6,1,") && Contains("\nc6,2,"));
  CHECK(csv.find(",,") != std::string::npos);  // no mistake rate
}
