#pragma once
// Drives a synthesis run from the command line, fresh or resumed: the
// progress line, results written as it goes, checkpoints every N generations
// or T seconds and at the end, and a clean stop on SIGINT/SIGTERM. Under
// mpirun, where a signal is followed by SIGKILL, and when a worker is lost,
// the last finished generation's checkpoint is saved at once instead.

#include <functional>
#include <string>

#include "synthesis/synthesis.hpp"

namespace evalsynth {

struct SessionOptions {
  std::string checkpoint_folder;           // <checkpoints>/<name>
  int stop_after = 0;                      // generations in this session; 0: no limit
  int worker_timeout = 600;                // seconds an MPI worker may take to answer (cluster/)
  std::function<void()> generation_ended;  // after each generation's checkpoint (the cluster's account)
};

// Runs to the end (or a stop) and returns the exit code: 0, 128 + the signal
// if interrupted, or 1 when an MPI worker was lost (cluster::WorkerLost).
int run_session(Synthesis& run, const SessionOptions& options);

}  // namespace evalsynth
