#pragma once
// The store of solved positions: every exact score and value class the
// solver finds (solver.hpp: solve and outcome, so `solve`, `positions`,
// `strength`, and the labelling of `learn` and `run` alike) is kept in a
// file (store_file.hpp) and read first by every later command, so no run
// solves again what an earlier one knew. Keyed by the canonical position
// (mirror images once). Values are exact whatever the store holds, so
// results never depend on it; node counts and times do.
//
// The file is EVALSYNTH_STORE's path ("off" for none), else
// $XDG_CACHE_HOME/evalsynth/connect4.store (~/.cache/... without it). It is
// read once, when the solver first needs it; what a process learns is
// appended every kStoreFlushEntries positions or kStoreFlushSeconds, and at
// its end, under an exclusive lock (flock), reading first what other
// processes (MPI ranks too) appended meanwhile. A process killed with -9
// loses only what it had not yet appended.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/connect4/store_file.hpp"

namespace evalsynth::connect4 {

// Positions with more stones are not kept: they solve in well under a
// millisecond, and would crowd the store.
inline constexpr int kStoreMaxStones = 32;
// At most this many positions in memory (about 40 bytes each); beyond,
// lookups go on and nothing new is kept.
inline constexpr std::size_t kStoreMaxEntries = std::size_t{1} << 23;
inline constexpr std::size_t kStoreFlushEntries = std::size_t{1} << 14;
inline constexpr double kStoreFlushSeconds = 60;

class SolvedStore {
 public:
  // Reads `path` (a missing file is an empty store). Throws InputError
  // where the file is damaged (a torn tail is no damage).
  explicit SolvedStore(std::string path);
  ~SolvedStore();  // appends what is new (errors become a warning)
  SolvedStore(const SolvedStore&) = delete;
  SolvedStore& operator=(const SolvedStore&) = delete;

  // The exact score of the position with this canonical key, or its class
  // (from an exact score too); each call counts as a lookup. Thread-safe.
  std::optional<int> exact(std::uint64_t key);
  std::optional<int> outcome(std::uint64_t key);
  // Keeps what the solver found (an exact score replaces a class).
  void add_exact(std::uint64_t key, int score);
  void add_outcome(std::uint64_t key, int outcome);
  // Lookups made elsewhere (a merged store's), written with the next append.
  void count(std::uint64_t lookups, std::uint64_t hits) {
    lookups_ += lookups;
    hits_ += hits;
  }

  // Appends the entries not yet in the file, after reading what others
  // appended. Throws InputError if the file cannot be written.
  void flush();

  const std::string& path() const { return path_; }
  std::size_t size() const;
  std::uint64_t lookups() const { return lookups_.load(); }
  std::uint64_t hits() const { return hits_.load(); }

 private:
  void add(std::uint64_t key, std::int8_t value);
  void merge(const StoredValue& e);  // under the unique lock
  void flush_locked();

  std::string path_;
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::uint64_t, std::int8_t> values_;
  std::vector<StoredValue> pending_;  // learned here, not yet in the file
  std::size_t file_offset_ = 0;       // what of the file is read
  std::atomic<std::uint64_t> lookups_ = 0, hits_ = 0;
  std::uint64_t lookups_written_ = 0, hits_written_ = 0;  // by flush_locked
  std::mutex flush_mutex_;
  bool unwritable_ = false;  // under flush_mutex_
  std::chrono::steady_clock::time_point last_flush_ = std::chrono::steady_clock::now();
};

// The store's file as the environment names it, or "" when it is off.
std::string store_path_from_environment();

// The process's store, opened on first use; nullptr when it is off, or when
// it cannot be read (said once, as a warning: the solver then works alone).
SolvedStore* process_store();

}  // namespace evalsynth::connect4
