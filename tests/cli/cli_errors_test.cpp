// Classes of command-line mistakes every command shares: a flag given a
// value, an output folder that cannot be made, an output file its owner
// marked read-only. Each is refused before any work, with a message worded
// as the tool's others, and leaves every file as it was.

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using test::run_evalsynth;

namespace {

const std::string kSource = test::kSourceDir;

std::string tiny_spec(const test::ScratchFolder& dir, const std::string& output, const std::string& checkpoints) {
  const std::string path = dir / "t.spec";
  test::write_file(path, "name = t\ngame = tictactoe\ngrammar = " + kSource +
                             "/grammar/mnk.grammar\nopponents = random\ncandidate-depths = 1\n"
                             "training-boards = openings(1)\nvalidation-boards = openings(2)\npopulation = 10\n"
                             "generations = 2\noutput = " +
                             output + "\ncheckpoints = " + checkpoints + "\n");
  return path;
}

}  // namespace

TEST_CASE("a flag given a value is refused in the tool's words, for every command", "[cli][errors]") {
  for (const std::string command : {"run specs/quick.spec --dry-run=yes", "run specs/quick.spec --overwrite=1",
                                    "match ibef@1 adate@1 --both-colours=no", "match ibef@1 adate@1 --same-depth=",
                                    "positions --count 3 --output x.analysis --decisive=true",
                                    "export grammar/examples/ibef.eval --cpp x.hpp --player=yes",
                                    "learn specs/ntuple.spec --dry-run=0", "strength ibef --depth 1 --no-jit=1"}) {
    INFO(command);
    const test::Run r = run_evalsynth(command, kSource);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("takes no value"));
    CHECK_THAT(r.output, !Contains("Could not convert"));
  }
}

TEST_CASE("an output folder that cannot be made is refused before any work", "[cli][errors]") {
  const test::ScratchFolder dir("unmakeable-output");
  test::write_file(dir / "a-file", "not a folder\n");
  for (const std::string& bad : {std::string("/proc/evalsynth-results"), dir / "a-file/results"}) {
    INFO(bad);
    const auto before = test::snapshot(dir.path.string());
    test::Run r = run_evalsynth("run " + tiny_spec(dir, bad, dir / "population"));
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("cannot create the results folder"));
    r = run_evalsynth("run " + tiny_spec(dir, dir / "results", bad));
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("cannot create the checkpoint folder"));
    CHECK_FALSE(std::filesystem::exists(dir / "population"));
    CHECK_FALSE(std::filesystem::exists(dir / "results"));
    std::filesystem::remove(dir / "t.spec");
    CHECK(test::snapshot(dir.path.string()) == before);
  }
  // Files of the other commands, in a folder that cannot exist.
  for (const std::string command : {"match ibef@1 adate@1 --games 2 --csv /proc/evalsynth/m.csv",
                                    "strength ibef --depth 1 --csv /proc/evalsynth/s.csv",
                                    "positions --count 2 --plies 20-22 --output /proc/evalsynth/p.analysis",
                                    "export grammar/examples/ibef.eval --cpp /proc/evalsynth/i.hpp"}) {
    INFO(command);
    const test::Run r = run_evalsynth(command, kSource);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains("/proc/evalsynth/"));
    CHECK_THAT(r.output, Contains("cannot write here"));
  }
}

TEST_CASE("a read-only output file is not replaced, even by root", "[cli][errors]") {
  const test::ScratchFolder dir("read-only-output");
  const std::string kept = dir / "kept.csv";
  test::write_file(kept, "precious\n");
  ::chmod(kept.c_str(), 0444);
  for (const std::string& command :
       {"match ibef@1 adate@1 --games 2 --csv " + kept, "strength ibef --depth 1 --csv " + kept,
        "export grammar/examples/ibef.eval --cpp " + dir / "kept.hpp"}) {
    INFO(command);
    if (command.find("kept.hpp") != std::string::npos) {
      test::write_file(dir / "kept.hpp", "precious\n");
      ::chmod((dir / "kept.hpp").c_str(), 0444);
    }
    const test::Run r = run_evalsynth(command, kSource);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains("read-only"));
  }
  CHECK(test::read_file(kept) == "precious\n");
  CHECK(test::read_file(dir / "kept.hpp") == "precious\n");
}
