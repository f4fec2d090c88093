// Islands on ranks (cluster/island_cluster.hpp): `algorithm = islands` under
// mpirun evolves island i on rank i mod N (with more ranks than islands,
// island i's fitness work goes over ranks i, i + I, ...), and the run —
// answer, log, checkpoints — is the one-process run for 1 to 4 ranks, stopped on one
// rank count and resumed on another; a lost worker ends the job naming its
// rank with the last finished epoch saved.

#include <catch2/catch.hpp>
#include <string>
#include <tuple>

#include "mpi_specs.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;

#ifdef EVALSYNTH_HAS_MPI

namespace {
const std::string kSource = test::kSourceDir;
}  // namespace

TEST_CASE(
    "islands on ranks: the one-process run on 2, 3 and 4 ranks (more than islands), stopped on one rank count and "
    "resumed on another",
    "[cli][mpi][islands][slow]") {
  const test::ScratchFolder alone("mpi-isl-alone"), two("mpi-isl-two"), three("mpi-isl-three"), four("mpi-isl-four"),
      two_then_three("mpi-isl-2-3"), three_then_one("mpi-isl-3-1");
  REQUIRE(test::run_evalsynth("run " + test::write_island_spec(alone, 6), kSource).exit_code == 0);
  for (const auto& [ranks, dir] : {std::pair{2, &two}, std::pair{3, &three}, std::pair{4, &four}}) {
    INFO(ranks << " ranks");
    // 3 ranks on the transport where a large message moves only in the
    // sender's MPI calls (shared memory without a single-copy mechanism):
    // rank 0 delivers the epoch's requests before evolving its own islands.
    const test::Run r = test::mpirun(ranks, "run " + test::write_island_spec(*dir, 6),
                                     ranks == 3 ? "OMPI_MCA_btl_vader_single_copy_mechanism=none" : "");
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(test::run_outcome(*dir) == test::run_outcome(alone));
    CHECK(test::checkpoint_content(*dir / "population/g/gen-000006.ckpt") ==
          test::checkpoint_content(alone / "population/g/gen-000006.ckpt"));
    CHECK_THAT(r.output, Contains("cluster: " + std::to_string(ranks) + " processes") &&
                             Contains("the workers idle (not playing) in the same generations: rank 1 "));
    // 4 ranks, 3 islands: rank 3 has no island of its own and plays island
    // 0's fitness work, which rank 0 publishes to it.
    if (ranks == 4) CHECK_THAT(r.output, Contains(", rank 3 ") && !Contains(", rank 3 100.0%"));
  }
  // An epoch is 2 generations: a stop asked for after 3 comes at 4.
  REQUIRE(test::mpirun(2, "run " + test::write_island_spec(two_then_three, 6) + " --stop-after 2").exit_code == 0);
  CHECK(test::newest_checkpoint(two_then_three / "population/g") == 2);
  REQUIRE(test::mpirun(3, "resume " + (two_then_three / "population/g")).exit_code == 0);
  CHECK(test::run_outcome(two_then_three) == test::run_outcome(alone));
  REQUIRE(test::mpirun(3, "run " + test::write_island_spec(three_then_one, 6) + " --stop-after 3").exit_code == 0);
  CHECK(test::newest_checkpoint(three_then_one / "population/g") == 4);
  REQUIRE(test::run_evalsynth("resume " + (three_then_one / "population/g"), kSource).exit_code == 0);
  CHECK(test::run_outcome(three_then_one) == test::run_outcome(alone));
}

// Faults (EVALSYNTH_FAULT, cluster/fitness_cluster.hpp) at a worker's 3rd
// epoch of 4: two epochs (4 generations) have finished.
TEST_CASE("islands on ranks: a killed or hung worker ends the job naming it, the last epoch saved, resumed exactly",
          "[cli][mpi][islands][slow]") {
  const test::ScratchFolder alone("mpi-isl-fault-alone"), killed("mpi-isl-killed"), hung("mpi-isl-hung"),
      hung_helper("mpi-isl-hung-helper"), hung_island_helper("mpi-isl-hung-island-helper");
  REQUIRE(test::run_evalsynth("run " + test::write_island_spec(alone, 8), kSource).exit_code == 0);
  test::Run r = test::mpirun(3, "run " + test::write_island_spec(killed, 8), "EVALSYNTH_FAULT=1:kill:3");
  INFO(r.output);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("rank 1"));  // mpirun names it
  CHECK(test::newest_checkpoint(killed / "population/g", true) == 4);
  REQUIRE(test::run_evalsynth("resume " + (killed / "population/g"), kSource).exit_code == 0);
  CHECK(test::run_outcome(killed) == test::run_outcome(alone));

  // A worker has --worker-timeout seconds per generation of its epoch.
  r = test::mpirun(3, "run " + test::write_island_spec(hung, 8) + " --worker-timeout 2", "EVALSYNTH_FAULT=2:hang:3");
  INFO(r.output);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("MPI rank 2 did not return its islands within 4 s") && Contains("evalsynth: saved ") &&
                           Contains("continue with: evalsynth resume "));
  CHECK(test::newest_checkpoint(hung / "population/g") == 4);
  REQUIRE(test::mpirun(2, "resume " + (hung / "population/g")).exit_code == 0);
  CHECK(test::run_outcome(hung) == test::run_outcome(alone));

  // More ranks than islands (3): rank 3 of 4 plays island 0's fitness
  // work, which rank 0 publishes, and rank 4 of 6 island 1's, which rank 1
  // publishes and reports to rank 0. Hung there (at the island's 20th
  // round), each is named, the run saved and resumed exactly.
  for (const auto& [ranks, helper, dir] : {std::tuple{4, 3, &hung_helper}, std::tuple{6, 4, &hung_island_helper}}) {
    INFO(ranks << " ranks, rank " << helper << " hung");
    r = test::mpirun(ranks, "run " + test::write_island_spec(*dir, 8) + " --worker-timeout 2",
                     "EVALSYNTH_FAULT=" + std::to_string(helper) + ":hang:20");
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("MPI rank " + std::to_string(helper) +
                                  " did not return its chunk of fitness work within 2 s") &&
                             Contains("continue with: evalsynth resume "));
    CHECK(test::newest_checkpoint(*dir / "population/g") >= 2);
    REQUIRE(test::run_evalsynth("resume " + (*dir / "population/g"), kSource).exit_code == 0);
    CHECK(test::run_outcome(*dir) == test::run_outcome(alone));
  }
}

#endif
