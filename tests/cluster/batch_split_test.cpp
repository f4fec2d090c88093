#include "cluster/batch_split.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace evalsynth;
using cluster::BatchSplit;
using cluster::UnitRange;

namespace {

// Hands out a whole batch: one worker asking whenever its backlog is below
// the limit, rank 0 taking a slice in between; every unit exactly once.
struct Handout {
  std::vector<int> owner;  // by unit: 1 a worker, 0 rank 0, -1 nobody yet
  std::size_t worker_chunks = 0, slices = 0;
};

Handout hand_out(std::size_t units, bool rank_zero_plays, double worker_rate) {
  BatchSplit split(units, 2, rank_zero_plays);
  Handout h{std::vector<int>(units, -1)};
  auto mark = [&](UnitRange r, int who) {
    REQUIRE(r.begin <= r.end);
    REQUIRE(r.end <= units);
    for (std::size_t u = r.begin; u < r.end; ++u) {
      REQUIRE(h.owner[u] == -1);
      h.owner[u] = who;
    }
  };
  while (!split.done()) {
    const UnitRange chunk = split.for_worker(0, worker_rate);
    mark(chunk, 1);
    h.worker_chunks += chunk.size() > 0;
    if (!split.done() && rank_zero_plays) {
      const UnitRange slice = split.for_rank_zero();
      REQUIRE(slice.size() > 0);
      mark(slice, 0);
      split.played_here(slice.size(), 1e-3 * static_cast<double>(slice.size()));
      ++h.slices;
    }
    if (!rank_zero_plays) REQUIRE(chunk.size() > 0);
  }
  return h;
}

}  // namespace

TEST_CASE("a batch split hands out every unit exactly once, the workers from the front and rank 0 from the back",
          "[cluster]") {
  for (const std::size_t units : {1u, 7u, 100u, 25925u}) {
    INFO(units);
    const Handout h = hand_out(units, true, 1e-3);
    for (const int o : h.owner) CHECK(o >= 0);
    // The workers' units come first, rank 0's after: one boundary at most.
    std::size_t changes = 0;
    for (std::size_t u = 1; u < units; ++u) changes += h.owner[u] != h.owner[u - 1];
    CHECK(changes <= 1);
    if (units > 1) CHECK(h.owner.front() == 1);
  }
  // Without rank 0 the workers take everything.
  const Handout alone = hand_out(1000, false, 0);
  for (const int o : alone.owner) CHECK(o == 1);
}

TEST_CASE("a batch split keeps as much work for rank 0 as a worker has yet to do", "[cluster]") {
  BatchSplit split(1000, 2, true);
  // Rank 0 has played 10 units in 10 ms: 1 ms a unit.
  (void)split.for_rank_zero();
  split.played_here(10, 0.010);
  // A worker as fast, with no backlog: at most half of what is left.
  const UnitRange first = split.for_worker(0, 1e-3);
  CHECK(first.size() > 0);
  CHECK(first.size() <= 500);
  // A worker with a backlog of 900 units gets nothing: rank 0 keeps the rest.
  CHECK(split.for_worker(900, 1e-3).size() == 0);
  // A worker three times slower a unit gets at most a quarter of the rest,
  // less what its backlog owes.
  BatchSplit slower(1000, 2, true);
  (void)slower.for_rank_zero();
  slower.played_here(10, 0.010);
  const std::size_t left = 1000 - 10;
  const UnitRange chunk = slower.for_worker(40, 3e-3);
  CHECK(static_cast<double>(40 + chunk.size()) * 3e-3 <= static_cast<double>(left - chunk.size()) * 1e-3 + 1e-9);
  CHECK(chunk.size() > 0);
}

TEST_CASE("a batch split's chunks shrink as the batch runs out, never below their floor", "[cluster]") {
  BatchSplit split(6400, 4, false);
  std::size_t previous = 6400, count = 0;
  while (!split.done()) {
    const UnitRange chunk = split.for_worker(0, 0);
    CHECK(chunk.size() <= previous);
    // A 64th of a rank's share (25 units), unless less is left.
    CHECK((chunk.size() >= 25 || split.done()));
    previous = chunk.size();
    ++count;
  }
  CHECK(count > 4 * 4);  // more chunks than workers times in flight: the end is in small pieces
}
