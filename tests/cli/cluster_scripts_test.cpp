// The cluster recipe (scripts/cluster/): the scripts parse, mpi-run builds
// the mpirun command a user's hostfile asks for and refuses what cannot go
// over ranks, the Slurm job runs a new spec and resumes a run that has a
// checkpoint (tested with a stand-in srun), and mpi-run on this machine's
// two "hosts" gives the one-process run's answer.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
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

TEST_CASE("results/mpi/model: recovers the constants of measurements made by its own model", "[cli][cluster]") {
  // Rows as results/mpi/measure prints them, for 1 to 4 ranks on 2 cores,
  // made by T(N) = s + x(N) + B b + m + u g(k) (U / min(N, 2) + q B U / K(N)) (1 + y max(0, N - 2)),
  // x(N) = max(0, r - u g(k) V / min(N, 2)) (alone: s + r + u U), k = min(N, 2),
  // g(2) = 1.1 from the one-process runs, K(N) = 10 + 20 N chunks.
  const double s = 0.002, r = 0.003, b = 60e-6, q = 0.25, m = 0.0004, y = 0.1, u = 5e-6, units = 20000;
  const double batches = 3, bytes = 20000, beside = 1000, g2 = 1.1;
  auto g = [&](int n) { return n == 1 ? 1.0 : g2; };
  auto chunks = [](int n) { return 10.0 + 20.0 * n; };
  auto exposed = [&](int n) { return n == 1 ? r : std::max(0.0, r - u * g(n) * beside / std::min(n, 2)); };
  std::string text = "# results/mpi/measure x.spec  (2 cores; 2026-11-28; 1 rounds; 6 generations)\n";
  text += "alone-1t 1.0 0.1000 1.00x\nalone-2t 1.0 " + std::to_string(0.1 * g2 / 2) + " 1.82x\n";
  for (int n = 1; n <= 4; ++n) {
    const double publishing = batches * b, messages = publishing + m;
    const double shared = 1 + y * std::max(0, n - 2);  // processes beyond the cores
    const double waiting = n > 1 ? q * batches * u * g(n) * units / chunks(n) * shared : 0;
    const double play = u * g(n) * units / std::min(n, 2) * shared;
    const double total = s + exposed(n) + (n > 1 ? messages : 0) + play + waiting;
    char row[600];
    std::snprintf(row, sizeof row, "np%d 1.0 %.9f 1.00x", n, total);
    text += row;
    if (n > 1) {
      // Rank 0's own play: its share of the units (N of them play).
      const double serial = s + exposed(n), playing = u * g(n) * units / n;
      std::snprintf(row, sizeof row,
                    "  %.7f%% / %.7f%% / %.7f%% / %.7f%%; %.0f units, %.0f chunks, %.0f batches of %.0f bytes (%.7f%%, "
                    "%.7f%%); %.0f overlapped units, breeding %.6f ms (%.6f ms waited); 1.0%%",
                    100 * messages / total, 100 * playing / total, 100 * waiting / total, 100 * serial / total, units,
                    chunks(n), batches, bytes, 100 * publishing / total, 100 * m / 2 / total, beside, 1000 * r,
                    1000 * exposed(n));
      text += row;
    }
    text += "\n";
  }
  const test::ScratchFolder dir("mpi-model");
  test::write_file(dir / "scaling.txt", text);
  test::Run run = in_source("results/mpi/model " + (dir / "scaling.txt"));
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("s = 2.00 ms") && Contains("r = 3.00 ms") && Contains("b = 60.0 us") &&
                             Contains("q = 0.25 chunks") && Contains("m = 0.400 ms") && Contains("u = 5.00 us") &&
                             Contains("y = 0.100") && Contains("g(2) = 1.100") && Contains("K = 10.0 + 20.0 P") &&
                             Contains("worst error 0.0% on the fitted points (within") &&
                             Contains("% left out (within 15%)"));
  // 16 ranks on a cluster of such nodes: 15 play at g(2), breeding is no
  // longer hidden, and the network adds 6 round trips a chunk and 5 a
  // batch, and the programs read by 15 workers (defaults: 2 us, 10 GB/s).
  const double network = 2e-6 * (6 * chunks(15) / 15 + 5 * batches) + batches * bytes * 15 / 10e9;
  char expected[64];
  std::snprintf(expected, sizeof expected, "16     %10.4f",
                s + std::max(0.0, r - u * g2 * beside / 15) + batches * b + m +
                    u * g2 * (units / 15 + q * batches * units / chunks(15)) + network);
  CHECK_THAT(run.output, Contains(expected));
  // The thread runs may come from their own file instead.
  test::write_file(dir / "threads.txt", "threads 1 rc 0 seconds  10.0 abc\nthreads 2 rc 0 seconds  5.5 def\n");
  run = in_source("results/mpi/model --threads " + (dir / "threads.txt") + " " + (dir / "scaling.txt"));
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("g(2) = 1.100") && Contains("u = 5.00 us"));
  CHECK(in_source("results/mpi/model --threads " + (dir / "missing.txt") + " " + (dir / "scaling.txt")).exit_code == 2);
  // Without rows with an account it says so; bad options are refused.
  test::write_file(dir / "bad.txt", "np1 1.0 0.2 1.00x\n");
  run = in_source("results/mpi/model " + (dir / "bad.txt"));
  CHECK(run.exit_code != 0);
  CHECK_THAT(run.output, Contains("fewer than 3 mpirun rows"));
  CHECK(in_source("results/mpi/model").exit_code == 2);
  run = in_source("results/mpi/model --latency fast " + (dir / "scaling.txt"));
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.output, Contains("'fast' is not a positive number"));
}

TEST_CASE("results/mpi/island-model: recovers the constants of measurements made by its own model",
          "[cli][cluster][islands]") {
  // Rows as results/mpi/measure prints them for a spec of 4 islands, 1 to 4
  // ranks on 2 cores, made by T(N) = s + m (N - 1) + (1 + w) a L(N) (1 + y
  // max(0, N - 2)), L(N) the islands of the busiest rank: 4, 2, 2, 2.
  const double s = 0.001, m = 200e-6, w = 0.02, a = 0.04, y = 0.05;
  const test::ScratchFolder dir("mpi-island-model");
  test::write_file(dir / "i.spec", "name = i\nalgorithm = islands\nislands = 4\n");
  std::string text = "# results/mpi/measure " + (dir / "i.spec") + "  (2 cores; 2026-11-28; 1 rounds; 9 generations)\n";
  for (int n = 1; n <= 4; ++n) {
    const int load = n == 1 ? 4 : 2;
    const double playing = a * load * (1 + y * std::max(0, n - 2)), waiting = n > 1 ? w * playing : 0;
    const double messages = m * (n - 1), total = s + messages + playing + waiting;
    char row[400];
    std::snprintf(row, sizeof row, "np%d 1.0 %.7f 1.00x", n, total);
    text += row;
    if (n > 1) {
      std::snprintf(row, sizeof row, "  %.5f%% / %.5f%% / %.5f%% / %.5f%%; 0 units, 0 chunks; 1.0%%",
                    100 * messages / total, 100 * playing / total, 100 * waiting / total, 100 * s / total);
      text += row;
    }
    text += "\n";
  }
  test::write_file(dir / "scaling.txt", text);
  test::Run r = in_source("results/mpi/island-model " + (dir / "scaling.txt"));
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("s = 1.00 ms") && Contains("m = 200.0 us") && Contains("w = 0.020") &&
                           Contains("a = 40.00 ms") && Contains("y = 0.050") && Contains("worst error 0.0% (within"));
  // 64 ranks, an island each: the serial part for 64 islands, 63 workers'
  // messages and one island's generation, against one process evolving 64.
  const double t64 = s * 16 + m * 63 + (1 + w) * a;
  char expected[64];
  std::snprintf(expected, sizeof expected, "64     %10.4f %7.1fx", t64, (s * 16 + 64 * a) / t64);
  CHECK_THAT(r.output, Contains(expected));
  // A spec without islands, or rows without an account, are refused.
  test::write_file(dir / "g.spec", "name = g\n");
  std::string generational = text;
  generational.replace(generational.find(dir / "i.spec"), (dir / "i.spec").size(), dir / "g.spec");
  test::write_file(dir / "bad.txt", generational);
  r = in_source("results/mpi/island-model " + (dir / "bad.txt"));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("has no islands = I"));
  test::write_file(dir / "bad.txt", text.substr(0, text.find("np2")));
  r = in_source("results/mpi/island-model " + (dir / "bad.txt"));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("needs mpirun rows with an account"));
}
