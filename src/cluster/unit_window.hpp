#pragma once
// Rank 0's memory that the processes of a run's fitness work share through
// MPI's one-sided calls (fitness_cluster.cpp, fitness_worker.cpp), so that
// rank 0 spends nothing per chunk: it writes a round's batch and units here
// and publishes the round; each worker reads them, claims chunks
// (unit_claims.hpp), puts their results here and adds them to the count
// done, while rank 0 plays or waits for the count. Only built with MPI.
//
// The round word is a sequence lock: odd while rank 0 rewrites the round's
// fields, even (twice the round's number) once they hold; a worker reads
// the fields between two equal even reads of it.
//
// Open MPI 4.1's osc/rdma component crashes on one node with the vader
// transport's single-copy puts (a segmentation fault at the first barrier
// after one; measured here), so cluster.cpp leaves it out under Open MPI 4
// unless the user chooses the component (OMPI_MCA_osc); osc/sm serves one
// node, osc/ucx or osc/pt2pt a network.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cluster/unit_claims.hpp"
#include "tournament/fitness.hpp"

namespace evalsynth::cluster {

class UnitWindow {
 public:
  enum Field : std::size_t {
    kRound,         // the sequence lock
    kClaim,         // ClaimWord
    kDone,          // units done, plus chunks done << kChunkShift
    kUnits,         // the round's units
    kBatch,         // the number of the batch in the payload
    kPayloadBytes,  // its encoded size
    kFieldCount
  };
  static constexpr int kChunkShift = 40;
  // What a process is playing: its latest claim, emptied when done (for
  // naming a worker that does not finish).
  struct Slot {
    std::uint64_t round = 0, begin = 0, end = 0;
  };
  struct Capacity {
    std::uint64_t units = 0, payload = 0;
  };

  // Collective over `comm`: every process makes it with the same capacity,
  // all of it in rank 0's memory.
  UnitWindow(MPI_Comm comm, Capacity capacity);
  ~UnitWindow();  // collective too
  UnitWindow(const UnitWindow&) = delete;
  UnitWindow& operator=(const UnitWindow&) = delete;
  const Capacity& capacity() const { return capacity_; }

  // One-sided calls from any process on rank 0's memory, complete when
  // they return.
  std::uint64_t read(Field field);
  std::uint64_t compare_and_swap(Field field, std::uint64_t expected, std::uint64_t desired);
  void add(Field field, std::uint64_t value);
  void replace(Field field, std::uint64_t value);
  std::vector<std::uint64_t> read_fields();  // by Field; only kUnits and after are read
  std::string read_payload(std::size_t bytes);
  std::vector<std::uint64_t> read_units(UnitRange range);
  void put_results(UnitRange range, const std::vector<UnitResult>& results);
  void put_slot(int rank, const Slot& slot);
  // Claims up to `size` units of the round tagged `tag` (of `units`) from
  // the front or the back, `word` being the claim word as last read (and
  // then as this claim left it): empty when none are left or the round has
  // ended.
  UnitRange claim(std::uint32_t tag, std::size_t units, std::size_t size, bool front, std::uint64_t& word);
  // The processes on this one's machine (counted when made), to tell
  // whether they share its cores.
  int ranks_on_this_node() const { return ranks_on_node_; }

  // Rank 0's own: its memory, to write a round and read the results (after
  // sync(), which orders its loads and stores against the one-sided calls).
  void sync();
  void write_field(Field field, std::uint64_t value);
  void write_payload(const std::string& bytes);
  void write_units(const std::vector<std::size_t>& units);
  UnitResult* results();
  Slot slot(int rank);

 private:
  MPI_Aint field_at(Field field) const { return static_cast<MPI_Aint>(field * sizeof(std::uint64_t)); }
  MPI_Aint slot_at(int rank) const;
  MPI_Aint payload_at() const;
  MPI_Aint units_at() const;
  MPI_Aint results_at() const;
  void get(void* out, std::size_t bytes, MPI_Aint at);
  void put(const void* in, std::size_t bytes, MPI_Aint at);

  int ranks_ = 0, ranks_on_node_ = 1;
  Capacity capacity_;
  MPI_Win window_ = MPI_WIN_NULL;
  std::byte* base_ = nullptr;  // rank 0's memory (nullptr elsewhere)
};

// The loop every process runs on a published round, rank 0 and the workers
// alike: claim a chunk sized by this process's own pace in the round (the
// workers from the front, rank 0 from the back), play it, count it done;
// until the round has no units left or has ended. `play(range)` reads the
// range's units, plays them and puts their results in place, and returns
// the seconds it played.
template <class PlayRange>
void play_claims(UnitWindow& window, std::uint32_t tag, std::size_t units, std::size_t playing, bool front,
                 std::uint64_t& word, PlayRange&& play) {
  std::size_t units_played = 0;
  double seconds_played = 0;
  while (ClaimWord::unpack(word).tag == tag) {
    const double pace = units_played ? seconds_played / static_cast<double>(units_played) : 0;
    const UnitRange range = window.claim(tag, units, chunk_size(units_left(word, units), playing, pace), front, word);
    if (range.size() == 0) return;
    seconds_played += play(range);
    units_played += range.size();
    window.add(UnitWindow::kDone, range.size() + (std::uint64_t{1} << UnitWindow::kChunkShift));
  }
}

}  // namespace evalsynth::cluster
