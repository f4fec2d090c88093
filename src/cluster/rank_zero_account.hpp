#pragma once
// Where rank 0's time goes in a run's fitness work over MPI
// (fitness_cluster.cpp), for the scaling measurement (results/mpi/): the
// running totals, marked at the end of each generation, and the report of
// the generations after the first. Apart from MPI, so that it is tested
// alone.

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace evalsynth::cluster {

class RankZeroAccount {
 public:
  using Clock = std::chrono::steady_clock;
  struct Totals {
    // Seconds in messages (publishing, claiming, gathering, polling);
    // playing its own chunks; waiting for workers with nothing left to
    // play. Of the messages: publishing the rounds (encoding and writing
    // the batches' programs and the units); rank 0's claims and gathering
    // the results.
    double messages = 0, playing = 0, waiting = 0, publishing = 0, claiming = 0;
    // From the run (Synthesis::breeding_time): breeding, and waiting for it
    // once the rounds it overlaps had ended (part of the serial time).
    double breeding = 0, breeding_waited = 0;
    // Units handed out (and of them in the rounds breeding overlaps:
    // validation and strength), chunks played, batches and their bytes.
    std::uint64_t units = 0, overlapped_units = 0, chunks = 0, batches = 0, bytes = 0;
  };
  Totals totals;

  explicit RankZeroAccount(Clock::time_point start = Clock::now()) : start_(start) {}
  // A generation ended; the run's breeding seconds so far.
  void mark(double breeding, double breeding_waited);
  // The report over the generations after the first (or the whole run
  // when there are none), for `processes`, ending with the workers' idle
  // shares (`idle`, as ", rank 1 4.2%, rank 2 ...").
  std::string report(int processes, const std::string& idle) const;

 private:
  struct Mark {
    Clock::time_point at;
    Totals totals;
  };
  Clock::time_point start_;
  std::vector<Mark> marks_;  // at most two: the first and the latest
};

}  // namespace evalsynth::cluster
