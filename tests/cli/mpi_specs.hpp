#pragma once
// The MPI tests' runs (mpi_cli_test.cpp, mpi_islands_test.cpp): a small
// Connect4 run, the same as islands, and the checkpoints a job leaves.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "test_support.hpp"

namespace test {

// A small Connect4 run with racing (its batches go over the cluster too),
// self-play (whose programs the workers must be sent) and the answer's
// strength on labelled positions (measured over the cluster as well).
inline std::string write_spec(const test::ScratchFolder& dir, int generations) {
  const std::string path = dir / "s.spec";
  test::write_file(path,
                   "name = g\ngrammar = grammar/features.grammar\nseeds = grammar/examples/ibef.eval\n"
                   "opponents = ibef@2, adate@1, hall1@1\ncandidate-depths = 1, 2\n"
                   "training-boards = random(12)\nvalidation-boards = random(20)\nscoring = points\n"
                   "training-positions = specs/positions/training.analysis\nposition-depths = 1\n"
                   "mistake-cost = 0.5\nstrength-positions = specs/positions/validation.analysis\nstrength-depth = 2\n"
                   "racing = on\npopulation = 16\ngenerations = " +
                       std::to_string(generations) + "\noutput = " + (dir / "results") +
                       "\ncheckpoints = " + (dir / "population") + "\n");
  return path;
}

// The same run as islands: 3 islands of 6, migrating every 2 generations.
inline std::string write_island_spec(const test::ScratchFolder& dir, int generations) {
  const std::string path = write_spec(dir, generations);
  std::string text = test::read_file(path);
  text.replace(text.find("population = 16"), 15,
               "population = 18\nalgorithm = islands\nislands = 3\n"
               "migration-every = 2\nmigrants = 1\nelitism = 1");
  test::write_file(path, text);
  return path;
}

// The generation of the newest checkpoint in a run's folder, or -1. A job
// that ended normally or put its staged checkpoint in place leaves none
// staged; one killed at once (SIGKILL before the handler ran) may, and then
// it counts, as `resume` takes it.
inline int newest_checkpoint(const std::string& folder, bool staged_allowed = false) {
  int newest = -1;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    const bool staged = name.ends_with(".ckpt.staged");
    if (!staged_allowed) CHECK_FALSE(staged);
    if (name.starts_with("gen-") && (name.ends_with(".ckpt") || staged))
      newest = std::max(newest, std::stoi(name.substr(4, 6)));
  }
  return newest;
}

// A checkpoint's content without what depends on where and how fast it ran.
inline std::string checkpoint_content(const std::string& path) {
  const Run r = run_evalsynth("inspect " + path + " --json", kSourceDir);
  REQUIRE(r.exit_code == 0);
  std::string text;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);)
    if (line.find("elapsed_seconds") == std::string::npos && line.find("games_per_second") == std::string::npos &&
        line.find("\"spec_source\"") == std::string::npos && line.find("\"spec_text\"") == std::string::npos)
      text += line + "\n";
  return text;
}

}  // namespace test
