// match and strength under mpirun (cluster/item_cluster.hpp): the same
// output, byte for byte, on 1, 2 and 3 ranks as alone, every output file
// included; an error is reported once and ends every rank.

#include <catch2/catch.hpp>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

const std::string kSource = test::kSourceDir;

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

#ifdef EVALSYNTH_HAS_MPI

TEST_CASE("match and strength under mpirun: the one-process output on 1, 2 and 3 ranks", "[cli][mpi]") {
  const test::ScratchFolder dir("mpi-commands");
  // Both colours, several pairings, sampled players (whose draws must not
  // depend on the rank), and every output file.
  const std::string match =
      "match --game adjacent4 --x open-lines@1-2,sampled:decision-tree@3 --o decision-tree@1 --openings 2 --games 1 "
      "--seed 5 --threads 1";
  auto outputs = [&](const std::string& tag) {
    return " --csv " + (dir / (tag + ".csv")) + " --json " + (dir / (tag + ".json")) + " --record " +
           (dir / (tag + ".tsv.gz"));
  };
  const test::Run alone = test::run_evalsynth(match + outputs("alone"), kSource);
  REQUIRE(alone.exit_code == 0);
  const std::string strength =
      "strength open-lines --game adjacent4 --depth 1-2 --versus sampled:decision-tree --json " + (dir / "s");
  const test::Run strength_alone = test::run_evalsynth(strength + "-alone.json", kSource);
  REQUIRE(strength_alone.exit_code == 0);
  for (const int ranks : {1, 2, 3}) {
    INFO(ranks << " ranks");
    const std::string tag = "ranks" + std::to_string(ranks);
    const test::Run r = test::mpirun(ranks, match + outputs(tag));
    REQUIRE(r.exit_code == 0);
    CHECK(r.output == alone.output);
    for (const char* file : {".csv", ".json", ".tsv.gz"})
      CHECK(test::read_file(dir / (tag + file)) == test::read_file(dir / (std::string("alone") + file)));
    const test::Run s = test::mpirun(ranks, strength + "-" + tag + ".json");
    REQUIRE(s.exit_code == 0);
    CHECK(s.output == strength_alone.output);
    CHECK(test::read_file(dir / ("s-" + tag + ".json")) == test::read_file(dir / "s-alone.json"));
  }
}

TEST_CASE("match under mpirun: an error is said once, and no rank is left waiting", "[cli][mpi][errors]") {
  const test::ScratchFolder dir("mpi-command-errors");
  // Every rank finds the same bad input: rank 0 says so, once.
  test::Run r = test::mpirun(3, "match --game adjacent4 --x " + (dir / "missing.eval") + "@1 --o open-lines@1");
  CHECK(r.exit_code == 1);
  CHECK(occurrences(r.output, "missing.eval") == 1);
  // An output only rank 0 checks (the others write nothing): rank 0 fails
  // before the games, and the others, waiting to play, stop.
  r = test::mpirun(3, "match --game adjacent4 --x open-lines@1 --o decision-tree@1 --openings 1 --csv " +
                          (dir / "no-such-folder/out.csv"));
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("no-such-folder"));
  CHECK(occurrences(r.output, "no-such-folder") == 1);
}

#endif
