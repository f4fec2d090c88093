#pragma once
// How many worker threads a parallel step runs, and a warning when they
// would share fewer cores than there are threads.
//
// A process may run on fewer cores than the machine has: mpirun binds each
// rank to a core (Open MPI's default for up to 2 ranks) or a socket, and
// taskset or a batch system can narrow it too. oneTBB's default concurrency
// follows that affinity mask, so the default (0) asks for no more; and an
// explicit `--threads N` beyond it gets no more either (oneTBB caps its
// workers at the mask): 2 ranks of 8 threads, each bound to one core, took
// 7x as long as 16 threads on 16 cores (results/mpi/sixteen-cores).

#include <string>

namespace evalsynth {

// The cores this process may run on (its affinity mask); at least 1.
int allowed_cores();

// "" when `threads` fit in `allowed` cores; otherwise the warning, with
// the fix. Pure, for tests.
std::string threads_beyond_cores_warning(int threads, int allowed);

// Says on stderr, once a process, when `threads` exceed the cores it may
// run on; `who` names the process ("rank 3: ") under mpirun. main calls it
// for `--threads` before any work, on every rank.
void warn_if_threads_beyond_cores(int threads, const std::string& who = "");

// The threads a parallel step runs: `requested` if above 0 (warning as
// above: a spec's `threads` key reaches here), else the current arena's
// (oneTBB's default: the allowed cores).
int worker_threads(int requested);

}  // namespace evalsynth
