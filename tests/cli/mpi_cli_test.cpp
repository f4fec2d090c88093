// Runs over MPI (cluster/): `mpirun -np 3 evalsynth run` gives the answer,
// log and checkpoint of the one-process run; resuming works across rank
// counts; a bad spec is reported once. Built without MPI, these tests check
// that the tool says so.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "mpi_specs.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

const std::string kSource = test::kSourceDir;

using test::checkpoint_content;
using test::mpirun;
using test::newest_checkpoint;
using test::write_island_spec;
using test::write_spec;

}  // namespace

TEST_CASE("islands: the same run for any thread count, and resumed exactly", "[cli][islands][slow]") {
  const test::ScratchFolder whole("islands-whole"), threads("islands-threads"), resumed("islands-resumed");
  test::Run r = test::run_evalsynth("run " + write_island_spec(whole, 5) + " --threads 2", kSource);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  r = test::run_evalsynth("run " + write_island_spec(threads, 5) + " --threads 1", kSource);
  REQUIRE(r.exit_code == 0);
  CHECK(test::run_outcome(threads) == test::run_outcome(whole));
  REQUIRE(test::run_evalsynth("run " + write_island_spec(resumed, 5) + " --stop-after 3", kSource).exit_code == 0);
  REQUIRE(test::run_evalsynth("resume " + (resumed / "population/g"), kSource).exit_code == 0);
  CHECK(test::run_outcome(resumed) == test::run_outcome(whole));
  // Bad island settings are refused at the key.
  const std::pair<std::string, std::string> cases[] = {
      {"islands = 5", "must split into 5 equal islands"},
      {"migrants = 6", "migrants (6) must be fewer than an island's 6 programs"},
      {"restart-every = 3", "islands trade programs instead"},
  };
  for (const auto& [line, message] : cases) {
    INFO(line);
    std::string text = test::read_file(whole / "s.spec");
    const std::string key = line.substr(0, line.find(' '));
    const std::size_t at = text.find("\n" + key + " ");
    if (at != std::string::npos) text.erase(at + 1, text.find('\n', at + 1) - at);
    test::write_file(whole / "bad.spec", text + line + "\n");
    r = test::run_evalsynth("run " + (whole / "bad.spec") + " --dry-run", kSource);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("bad.spec:") && Contains(message));
  }
  std::string generational = test::read_file(whole / "s.spec");
  generational.replace(generational.find("algorithm = islands"), 19, "algorithm = generational");
  test::write_file(whole / "bad.spec", generational);
  r = test::run_evalsynth("run " + (whole / "bad.spec") + " --dry-run", kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("applies to algorithm = islands"));
}

#ifdef EVALSYNTH_HAS_MPI

TEST_CASE("mpirun -np 3: the one-process run's answer, log and checkpoints, resumed across rank counts",
          "[cli][mpi][slow]") {
  const test::ScratchFolder alone("mpi-alone"), three("mpi-three"), three_then_one("mpi-3-1"),
      one_then_three("mpi-1-3");
  test::Run r = test::run_evalsynth("run " + write_spec(alone, 4) + " --threads 2", kSource);
  REQUIRE(r.exit_code == 0);
  r = mpirun(3, "run " + write_spec(three, 4) + " --threads 1");
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(test::run_outcome(three) == test::run_outcome(alone));
  CHECK(checkpoint_content(three / "population/g/gen-000004.ckpt") ==
        checkpoint_content(alone / "population/g/gen-000004.ckpt"));
  CHECK(newest_checkpoint(three / "population/g") == 4);  // and no staged file left
  // Rank 0 accounts for its time (results/mpi/measure reads it).
  CHECK_THAT(r.output, Contains("cluster: 3 processes") && Contains("in messages") &&
                           Contains("the workers idle (not playing) in the same generations: rank 1 ") &&
                           Contains(", rank 2 "));
  // Rank 0 alone prints: one line per generation, not three.
  std::size_t runs = 0;
  for (std::size_t at = r.output.find("run g:"); at != std::string::npos; at = r.output.find("run g:", at + 1)) ++runs;
  CHECK(runs == 1);

  // Stopped on 3 ranks, resumed on 1; stopped on 1, resumed on 3.
  REQUIRE(mpirun(3, "run " + write_spec(three_then_one, 4) + " --stop-after 2").exit_code == 0);
  r = test::run_evalsynth("resume " + (three_then_one / "population/g"), kSource);
  REQUIRE(r.exit_code == 0);
  CHECK(test::run_outcome(three_then_one) == test::run_outcome(alone));
  REQUIRE(test::run_evalsynth("run " + write_spec(one_then_three, 4) + " --stop-after 2", kSource).exit_code == 0);
  // As a job killed at once leaves it: the newest checkpoint only staged.
  // Every rank reads it, and then rank 0 puts it in place.
  const std::string folder = one_then_three / "population/g";
  std::filesystem::rename(folder + "/gen-000002.ckpt", folder + "/gen-000002.ckpt.staged");
  r = mpirun(3, "resume " + folder);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("resuming run g at generation 2") && Contains("had staged; it is now"));
  CHECK(test::run_outcome(one_then_three) == test::run_outcome(alone));
  CHECK(newest_checkpoint(folder) == 4);  // nothing staged left
}

// Worker faults (EVALSYNTH_FAULT, cluster/fault_hook.hpp) at a worker's
// first chunk in the 10th round of an 8-generation run: past the first
// generation, before the last (a generation is 2 or 3 rounds here).
TEST_CASE("mpirun -np 3: a killed worker ends the job with the last finished generation saved, resumed exactly",
          "[cli][mpi][slow]") {
  const test::ScratchFolder alone("mpi-fault-alone"), killed("mpi-fault-killed");
  REQUIRE(test::run_evalsynth("run " + write_spec(alone, 8), kSource).exit_code == 0);
  test::Run r = mpirun(3, "run " + write_spec(killed, 8), "EVALSYNTH_FAULT=1:kill:10");
  INFO(r.output);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("rank 1"));  // mpirun names it
  const int saved = newest_checkpoint(killed / "population/g", true);
  CHECK(saved >= 1);
  CHECK(saved < 8);
  r = test::run_evalsynth("resume " + (killed / "population/g"), kSource);
  REQUIRE(r.exit_code == 0);
  CHECK(test::run_outcome(killed) == test::run_outcome(alone));
  CHECK(newest_checkpoint(killed / "population/g") == 8);  // and nothing staged left
}

TEST_CASE("mpirun -np 3: a hung worker times out, the job ends naming it, and the run resumes exactly",
          "[cli][mpi][slow]") {
  const test::ScratchFolder alone("mpi-hang-alone"), hung("mpi-hang");
  REQUIRE(test::run_evalsynth("run " + write_spec(alone, 8), kSource).exit_code == 0);
  test::Run r = mpirun(3, "run " + write_spec(hung, 8) + " --worker-timeout 2", "EVALSYNTH_FAULT=2:hang:10");
  INFO(r.output);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("MPI rank 2 did not return its chunk of fitness work within 2 s") &&
                           Contains("evalsynth: saved ") && Contains("continue with: evalsynth resume "));
  const int saved = newest_checkpoint(hung / "population/g");
  CHECK(saved >= 1);
  CHECK(saved < 8);
  r = mpirun(3, "resume " + (hung / "population/g"));
  REQUIRE(r.exit_code == 0);
  CHECK(test::run_outcome(hung) == test::run_outcome(alone));
}

TEST_CASE("mpirun -np 3: a worker's own error ends the job naming it, with the last finished generation saved",
          "[cli][mpi][slow]") {
  const test::ScratchFolder failed("mpi-throw");
  const test::Run r = mpirun(3, "run " + write_spec(failed, 8), "EVALSYNTH_FAULT=1:throw:10");
  INFO(r.output);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("MPI rank 1 could not play its fitness work: failed as told (EVALSYNTH_FAULT)"));
  const int saved = newest_checkpoint(failed / "population/g", true);
  CHECK(saved >= 1);
  CHECK(saved < 8);
}

TEST_CASE("mpirun: a bad spec is refused once, before any work, and other commands run on rank 0 only", "[cli][mpi]") {
  const test::ScratchFolder dir("mpi-bad");
  test::write_file(dir / "bad.spec", "name = b\ngrammar = grammar/none.grammar\n");
  const test::Run r = mpirun(3, "run " + (dir / "bad.spec"));
  CHECK(r.exit_code != 0);
  std::size_t errors = 0;
  for (std::size_t at = r.output.find("error: grammar file"); at != std::string::npos;
       at = r.output.find("error: grammar file", at + 1))
    ++errors;
  CHECK(errors == 1);
  const test::Run version = mpirun(3, "--version");
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.output, Contains("built with MPI"));
  std::size_t lines = 0;
  for (std::size_t at = version.output.find("evalsynth "); at != std::string::npos;
       at = version.output.find("evalsynth ", at + 1))
    ++lines;
  CHECK(lines == 1);
}

#else

TEST_CASE("built without MPI: the tool says so", "[cli][mpi]") {
  const test::Run r = test::run_evalsynth("--version");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("built without MPI"));
}

#endif
