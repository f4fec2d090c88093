// match and strength under mpirun (cluster/item_cluster.hpp): the same
// output, byte for byte, on 1, 2 and 3 ranks as alone, every output file
// included; an error is reported once and ends every rank.

#include <catch2/catch.hpp>
#include <sstream>
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

// `text` without its lines that begin with `start`.
std::string without_line(const std::string& text, const std::string& start) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.starts_with(start)) out += line + "\n";
  return out;
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
  // A bad timeout is a usage error, said once.
  r = test::mpirun(3, "strength open-lines --game adjacent4 --worker-timeout 0");
  CHECK(r.exit_code == 2);
  CHECK(occurrences(r.output, "'--worker-timeout' takes whole seconds") == 1);
}

TEST_CASE("strength under mpirun: a hung worker ends the job naming it, with --worker-timeout", "[cli][mpi]") {
  const std::string strength = "strength open-lines --game adjacent4 --depth 1-2 --versus decision-tree";
  // Rank 2 stops answering at its first chunk: rank 0 says so after 2 s
  // and ends the job (without the limit it would wait for ever).
  const test::Run r = test::mpirun(3, strength + " --worker-timeout 2", "EVALSYNTH_FAULT=2:hang:1");
  INFO(r.output);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("MPI rank 2 did not send its items within 2 s"));
  // The limit changes nothing when every rank answers.
  const test::Run alone = test::run_evalsynth(strength, kSource);
  const test::Run three = test::mpirun(3, strength + " --worker-timeout=60");
  REQUIRE(three.exit_code == 0);
  CHECK(three.output == alone.output);
}

#endif

#ifdef EVALSYNTH_HAS_MPI

TEST_CASE("solve, positions and learn under mpirun: the one-process output on 3 ranks", "[cli][mpi]") {
  const test::ScratchFolder dir("mpi-more-commands");
  // solve prints its scores; positions writes its file.
  for (const std::string command : {"solve --game tictactoe --openings 2 --analyse", "solve --openings 2"}) {
    INFO(command);
    const test::Run alone = test::run_evalsynth(command, kSource), three = test::mpirun(3, command);
    REQUIRE(alone.exit_code == 0);
    REQUIRE(three.exit_code == 0);
    // (Less the line of mean times and nodes on stderr, which vary.)
    CHECK(without_line(alone.output, "solved ") == without_line(three.output, "solved "));
  }
  for (const std::string command :
       {"positions --game 'adjacent4(6,5)' --count 12 --seed 3", "positions --count 12 --plies 18-22 --seed 2"}) {
    INFO(command);
    REQUIRE(test::run_evalsynth(command + " --output " + (dir / "alone.txt"), kSource).exit_code == 0);
    REQUIRE(test::mpirun(3, command + " --output " + (dir / "three.txt")).exit_code == 0);
    CHECK(test::read_file(dir / "three.txt") == test::read_file(dir / "alone.txt"));
  }
  // learn: every rank trains the one stream; the curve's measurements go
  // over the ranks; the model is the one-process model.
  for (const char* folder : {"one", "three"})
    test::write_file(dir / (std::string(folder) + ".spec"),
                     "name = l\ngame = tictactoe\nlearner = ntuple\ngames = 2000\ncurve-every = 1000\n"
                     "curve-positions = specs/positions/mnk-3-3-3/validation.positions\noutput = " +
                         (dir / folder) + "\ncheckpoints = " + (dir / folder) + "-population\n");
  REQUIRE(test::run_evalsynth("learn " + (dir / "one.spec"), kSource).exit_code == 0);
  const test::Run r = test::mpirun(3, "learn " + (dir / "three.spec"));
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(test::read_file(dir / "three/l/model.bin") == test::read_file(dir / "one/l/model.bin"));
  auto without_seconds = [](const std::string& csv) {
    std::string out;
    std::istringstream lines(csv);
    for (std::string line; std::getline(lines, line);) out += line.substr(0, line.rfind(',')) + "\n";
    return out;
  };
  CHECK(without_seconds(test::read_file(dir / "three/l/curve.csv")) ==
        without_seconds(test::read_file(dir / "one/l/curve.csv")));
}

#endif
