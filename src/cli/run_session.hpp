#pragma once
// Drives a synthesis run from the command line, fresh or resumed: the
// progress line, results written as it goes, checkpoints every N generations
// or T seconds and at the end, and a clean stop on SIGINT/SIGTERM.

#include <string>

#include "synthesis/synthesis.hpp"

namespace evalsynth {

struct SessionOptions {
  std::string checkpoint_folder;  // <checkpoints>/<name>
  int stop_after = 0;             // generations in this session; 0: no limit
};

// Runs to the end (or a stop) and returns the exit code: 0, or 128 + the
// signal if interrupted.
int run_session(Synthesis& run, const SessionOptions& options);

}  // namespace evalsynth
