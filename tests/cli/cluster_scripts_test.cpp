// The cluster recipe (scripts/cluster/): the scripts parse, mpi-run builds
// the mpirun command a user's hostfile asks for and refuses what cannot go
// over ranks, the Slurm job runs a new spec and resumes a run that has a
// checkpoint (tested with a stand-in srun), and mpi-run on this machine's
// two "hosts" gives the one-process run's answer.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

const std::string kSource = test::kSourceDir;

test::Run in_source(const std::string& command) { return test::run_shell("cd '" + kSource + "' && " + command); }

// A small run: a few generations of a small population.
std::string write_spec(const test::ScratchFolder& dir) {
  const std::string path = dir / "s.spec";
  test::write_file(path,
                   "name = g\ngrammar = grammar/features.grammar\nseeds = grammar/examples/ibef.eval\n"
                   "opponents = ibef@1, adate@1\ntraining-boards = random(8)\nvalidation-boards = random(8)\n"
                   "population = 10\ngenerations = 3\noutput = " +
                       (dir / "results") + "\ncheckpoints = " + (dir / "population") + "\n");
  return path;
}

}  // namespace

TEST_CASE("cluster scripts: they parse, and mpi-run says what it runs and what it will not", "[cli][cluster]") {
  CHECK(in_source("bash -n scripts/cluster/mpi-run && bash -n scripts/cluster/slurm.sbatch").exit_code == 0);
  test::Run r = in_source(
      "scripts/cluster/mpi-run --hostfile scripts/cluster/hostfile.example --dry-run -- run "
      "specs/strong.spec");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("mpirun --hostfile scripts/cluster/hostfile.example --map-by ppr:1:node") &&
                           Contains("build/evalsynth run specs/strong.spec"));
  r = in_source("scripts/cluster/mpi-run --host a,b --per-host 3 --dry-run -- resume population/strong");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("--host a,b --map-by ppr:3:node") && Contains("--oversubscribe"));
  const std::pair<std::string, std::string> refusals[] = {
      {"-- run s.spec", "say where to run"},
      {"--host a -- play ibef@2", "only run, resume, match, strength, solve, positions and learn spread"},
      {"--hostfile no-such-file -- run s.spec", "no hostfile 'no-such-file'"},
      {"--host a --per-host 0 -- run s.spec", "--per-host wants a whole number"},
      {"--host a --ranks 4 -- run s.spec", "unknown option '--ranks'"},
  };
  for (const auto& [arguments, message] : refusals) {
    r = in_source("scripts/cluster/mpi-run " + arguments);
    INFO(arguments);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains(message));
  }
}

TEST_CASE("cluster scripts: the Slurm job runs a new spec and resumes a run that has a checkpoint", "[cli][cluster]") {
  // srun stands in: it says what it was asked to run.
  const test::ScratchFolder dir("slurm");
  std::filesystem::create_directories(dir / "bin");
  test::write_file(dir / "bin/srun", "#!/bin/sh\necho \"srun $*\"\n");
  std::filesystem::permissions(dir / "bin/srun", std::filesystem::perms::owner_all);
  test::write_file(dir / "s.spec", "name = mine\ncheckpoints = saved\n");
  const std::string job = "cd '" + dir.path.string() + "' && PATH='" + (dir / "bin") +
                          ":'\"$PATH\" SLURM_SUBMIT_DIR='" + dir.path.string() +
                          "' SLURM_JOB_NUM_NODES=2 SLURM_JOB_NODELIST=n[1-2] SLURM_CPUS_ON_NODE=8 bash '" + kSource +
                          "/scripts/cluster/slurm.sbatch' ";
  test::Run r = test::run_shell(job + "s.spec");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("srun --mpi=pmix --cpu-bind=none build/evalsynth run s.spec --threads 8"));
  std::filesystem::create_directories(dir / "saved/mine");
  test::write_file(dir / "saved/mine/gen-000003.ckpt", "");
  r = test::run_shell(job + "s.spec");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("build/evalsynth resume saved/mine --threads 8"));
  r = test::run_shell(job + "missing.spec");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("no spec 'missing.spec'"));
}

#ifdef EVALSYNTH_HAS_MPI
TEST_CASE("cluster scripts: mpi-run on two local ranks gives the one-process run's answer", "[cli][cluster][mpi]") {
  const test::ScratchFolder alone("mpi-run-alone"), two("mpi-run-two");
  REQUIRE(test::run_evalsynth("run " + write_spec(alone) + " --threads 1", kSource).exit_code == 0);
  const test::Run r = in_source("EVALSYNTH='" + std::string(test::kEvalsynthBinary) +
                                "' ASAN_OPTIONS=detect_leaks=0 scripts/cluster/mpi-run --host localhost --per-host 2 "
                                "-- run " +
                                write_spec(two) + " --threads 1");
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("cluster: 2 processes"));
  CHECK(test::run_outcome(two) == test::run_outcome(alone));
}
#endif
