#pragma once
// How rank 0 cuts a batch of units between the workers and itself
// (fitness_cluster.cpp): which units go in a worker's next chunk and which
// rank 0 plays next. Apart from MPI, so that it is tested alone.
//
// Guided chunks: a worker's is half its share of what is left over the
// chunks it has in flight, so the last ones are small and finish close
// together, and never below a 64th of a rank's share, so the messages stay
// few (whole shares, a third of the chunks, left rank 0 waiting 7% of a
// generation of specs/strong.spec at 2 ranks: a chunk's cost is known only
// once played, and programs differ in cost).
//
// Rank 0, when it plays, plays slices 4 times smaller than a worker's
// chunk, down to a quarter of that floor, so it answers a worker well
// before the worker is through its chunks in flight. The workers take units
// from the front of what is left and rank 0 from the back: a program's
// units lie together, and a process compiles each program it plays, so with
// one worker only the program where the two meet is compiled twice
// (measured: 2 ranks went from 1.78x to 1.84x one process). And at the end
// of the batch rank 0 keeps at least as much work as a worker has yet to
// do, so the two finish together rather than rank 0 waiting for a worker's
// last chunks; work is units times the seconds a unit has taken so far in
// the batch where each plays (a worker the front's programs, rank 0 the
// back's).

#include <cstddef>

namespace evalsynth::cluster {

// Units [begin, end) of the batch.
struct UnitRange {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
};

class BatchSplit {
 public:
  // Chunks a worker has been sent and not yet answered, at most: the next
  // is already waiting when it finishes one, so it never waits for rank 0.
  static constexpr std::size_t kInFlight = 2;

  // `units` in the batch; `playing_ranks` the processes that play (the
  // workers, and rank 0 when `rank_zero_plays`).
  BatchSplit(std::size_t units, std::size_t playing_ranks, bool rank_zero_plays);

  // Whether every unit has been handed out.
  bool done() const { return next_ == last_; }

  // The next chunk of a worker that has `backlog` units in flight and
  // whose units have taken `seconds_per_unit` each (0: not known yet); an
  // empty range when rank 0 should keep the rest for itself.
  UnitRange for_worker(std::size_t backlog, double seconds_per_unit);

  // Rank 0's next slice (not done()), from the back.
  UnitRange for_rank_zero();
  // Rank 0 played `units` in `seconds`.
  void played_here(std::size_t units, double seconds);

 private:
  std::size_t guided(std::size_t share, std::size_t floor) const;

  std::size_t next_ = 0, last_;  // what is left: [next_, last_)
  std::size_t playing_ranks_;
  bool rank_zero_plays_;
  std::size_t smallest_, slice_;
  std::size_t units_here_ = 0;
  double seconds_here_ = 0;
};

}  // namespace evalsynth::cluster
