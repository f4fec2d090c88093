#pragma once
// A command's independent items (support/spread.hpp: a match's games, the
// positions `strength` judges) over the ranks of an mpirun. Every rank runs
// the command; chunk k of a call's items is computed by rank k mod N (about
// four chunks a rank), the workers send theirs to rank 0, which joins them
// in order and sends all the bytes back to every worker, so every rank goes
// on with the same results and rank 0's output is the one-process output.
// The workers print and write nothing (support/files.hpp).
//
// A worker whose command fails tells rank 0 in place of its chunks; rank 0
// then fails naming it. Rank 0 ending with an error tells the workers still
// waiting to stop, so no rank is left waiting for ever.

#include <stdexcept>
#include <string>

#include "support/spread.hpp"

namespace evalsynth::cluster {

class ClusterItemSpreader final : public ItemSpreader {
 public:
  std::string spread(std::size_t count, const ItemWork& work) override;
};

// Thrown on a worker told to stop (rank 0's command failed).
class ItemWorkStopped : public std::runtime_error {
 public:
  ItemWorkStopped() : std::runtime_error("rank 0 stopped") {}
};

// Rank 0's error for a worker whose command failed: "evalsynth on rank N
// failed: MESSAGE".
class RankFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Rank 0's error for a worker silent for longer than the timeout: the job
// cannot end normally (that rank would never finish), so after saying so
// rank 0 ends it with abort_job.
class WorkerHung : public RankFailed {
 public:
  using RankFailed::RankFailed;
};

// Seconds rank 0 waits for a worker's next chunk before WorkerHung (0, the
// default: no limit; a command's chunk can take hours). Set on every rank
// from the command's --worker-timeout.
void set_item_worker_timeout(int seconds);
// Whether WorkerHung was thrown: then end the job with abort_job.
bool item_worker_lost();
// Ends every process of the job (MPI_Abort), exit code 1.
void abort_job();

// A worker's failed command, sent to rank 0.
void report_item_failure(const std::string& message);
// Rank 0's failed command: the workers waiting for items stop.
void stop_item_workers();

}  // namespace evalsynth::cluster
