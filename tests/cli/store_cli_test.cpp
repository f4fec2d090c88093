// `evalsynth store` and the store seen from outside: a second solve of the
// same positions reads the first's values (the same output, no nodes), two
// processes at once, MPI ranks, and a process killed with -9 losing nothing earlier,
// stores merge, and a damaged or missing store is a clear message (for
// solve, a warning: the solving goes on without it).

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "test_paths.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

// Connect4 positions of 14-17 stones from the committed test set: each
// solved in milliseconds.
std::string some_positions(std::size_t first, std::size_t count) {
  std::istringstream in(test::read_file(std::string(test::kSourceDir) + "/specs/positions/test.analysis"));
  std::string out;
  std::size_t seen = 0;
  for (std::string line; std::getline(in, line) && count > 0;) {
    const std::string moves = line.substr(0, line.find(' '));
    if (line.empty() || line[0] == '#' || moves.size() < 14 || moves.size() > 17) continue;
    if (seen++ < first) continue;
    out += moves + "\n";
    --count;
  }
  return out;
}

test::Run with_store(const std::string& store, const std::string& arguments) {
  return test::run_shell("EVALSYNTH_STORE='" + store + "' " + std::string(test::kEvalsynthBinary) + " " + arguments);
}

// The first line of solve's output without its node counts and times.
std::string values_of(const std::string& output) { return output.substr(0, output.find("solved ")); }

}  // namespace

TEST_CASE("store: a second solve reads the first's values, processes share one, -9 loses nothing earlier, merge",
          "[cli][store]") {
  const test::ScratchFolder dir("store-cli");
  const std::string store = dir / "c4.store";
  test::write_file(dir / "a.txt", some_positions(0, 30));
  test::write_file(dir / "b.txt", some_positions(30, 30));
  test::Run r = with_store(store, "store info");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("empty: nothing solved yet"));
  const test::Run first = with_store(store, "solve " + (dir / "a.txt") + " --analyse");
  REQUIRE(first.exit_code == 0);
  const test::Run second = with_store(store, "solve " + (dir / "a.txt") + " --analyse");
  REQUIRE(second.exit_code == 0);
  CHECK(values_of(second.output) == values_of(first.output));
  CHECK_THAT(second.output, Contains(" and 0 nodes each"));
  CHECK(values_of(test::run_shell("EVALSYNTH_STORE=off " + std::string(test::kEvalsynthBinary) + " solve " +
                                  (dir / "a.txt") + " --analyse")
                      .output) == values_of(first.output));
  r = with_store(store, "store info");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("in 2 frames") && Contains("exact scores") && Contains("hit rate 50.0%"));

  // Two processes at once on one store: both finish, the store holds both.
  r = test::run_shell(
      "cd '" + dir.path.string() + "' && (EVALSYNTH_STORE=both.store " + test::kEvalsynthBinary +
      " solve a.txt --analyse > a.out & EVALSYNTH_STORE=both.store " + test::kEvalsynthBinary +
      " solve b.txt --analyse > b.out; wait) && cat a.txt b.txt > ab.txt && EVALSYNTH_STORE=both.store " +
      test::kEvalsynthBinary + " solve ab.txt --analyse");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains(" and 0 nodes each"));

  // MPI ranks: each solves its share and appends it; a later solve reads all.
  r = test::mpirun(2, "solve " + (dir / "b.txt") + " --analyse", "EVALSYNTH_STORE=" + (dir / "ranks.store"));
  REQUIRE(r.exit_code == 0);
  r = with_store(dir / "ranks.store", "solve " + (dir / "b.txt") + " --analyse");
  CHECK_THAT(r.output, Contains(" and 0 nodes each"));

  // Killed with -9 in the middle of solving: what the store held is still there.
  const std::string before = test::read_file(store);
  test::write_file(dir / "slow.txt", some_positions(0, 1).substr(0, 9) + "\n");  // an early position: seconds
  r = test::run_shell("cd '" + dir.path.string() + "' && (EVALSYNTH_STORE='" + store + "' " + test::kEvalsynthBinary +
                      " solve slow.txt --analyse > /dev/null & pid=$!; sleep 1; kill -9 $pid; wait $pid; true)");
  CHECK(test::read_file(store).starts_with(before));
  r = with_store(store, "solve " + (dir / "a.txt") + " --analyse");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains(" and 0 nodes each"));

  // Merge: the union, once.
  r = test::run_evalsynth("store merge " + (dir / "merged.store") + " " + store + " " + (dir / "both.store"));
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("merged 2 stores into"));
  r = with_store(dir / "merged.store", "solve " + (dir / "b.txt") + " --analyse");
  CHECK_THAT(r.output, Contains(" and 0 nodes each"));
  r = test::run_evalsynth("store merge " + (dir / "merged.store") + " " + store);
  CHECK_THAT(r.output, Contains(", 0 of them new"));
}

TEST_CASE("store: a missing or damaged store, and bad arguments, are clear messages", "[cli][store]") {
  const test::ScratchFolder dir("store-cli-errors");
  test::Run r = test::run_evalsynth("store info " + (dir / "none.store"));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("none.store:1:1: error: no store of solved positions here"));
  test::write_file(dir / "bad.store", "c4store1 but then nothing of the kind follows, at all, anywhere in here");
  r = test::run_evalsynth("store info " + (dir / "bad.store"));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("bad.store:1:1: error: the store is damaged at byte 0"));
  // solve warns and solves without it; the damaged file stays as it was.
  test::write_file(dir / "p.txt", some_positions(0, 3));
  const std::string bad = test::read_file(dir / "bad.store");
  r = test::run_shell("EVALSYNTH_STORE='" + (dir / "bad.store") + "' " + test::kEvalsynthBinary + " solve " +
                      (dir / "p.txt"));
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("warning: ") && Contains("solving without the store"));
  CHECK(test::read_file(dir / "bad.store") == bad);
  r = test::run_evalsynth("store merge " + (dir / "m.store") + " " + (dir / "bad.store"));
  CHECK(r.exit_code == 1);
  CHECK_FALSE(std::filesystem::exists(dir / "m.store"));
  r = test::run_evalsynth("store merge " + (dir / "m.store") + " " + (dir / "m.store"));
  CHECK(r.exit_code == 2);
  r = test::run_evalsynth("store frob");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("unknown store action 'frob'"));
  r = test::run_evalsynth("store");
  CHECK(r.exit_code == 2);
}
