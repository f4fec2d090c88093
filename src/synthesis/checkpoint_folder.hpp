#pragma once
// A run's checkpoint folder, <checkpoints>/<run>/: files gen-NNNNNN.ckpt, N
// being the generation the saved population is about to play; the newest K
// are kept. A lock file keeps two processes from writing one folder.

#include <string>
#include <vector>

#include "lang/program.hpp"
#include "synthesis/checkpoint.hpp"

namespace evalsynth {

std::string checkpoint_file_name(int generation);  // "gen-000042.ckpt"

// The checkpoint files in `folder`, oldest generation first (empty if none
// or no such folder).
std::vector<std::string> list_checkpoints(const std::string& folder);

// `path` itself if it is a file, else the newest checkpoint in the folder
// `path`. Throws InputError if there is none.
std::string resolve_checkpoint(const std::string& path);

// Writes the run's checkpoint into `folder` and deletes all but the newest
// `keep`. Returns the file written.
std::string save_checkpoint(const Synthesis& run, const std::string& folder, int keep);

// Removes every checkpoint in `folder` (a run starting over).
void remove_checkpoints(const std::string& folder);

// Holds an exclusive lock on `folder` for the object's lifetime; the system
// drops it when the process dies, kill -9 included. Creates the folder.
// Throws InputError if another process holds it.
class FolderLock {
 public:
  explicit FolderLock(const std::string& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

// The program a player or seed file names: an .eval file, or the answer (best
// validation performer) of a checkpoint file or a run's checkpoint folder.
lang::Program read_evaluator_program(const std::string& path);

// The programs of a saved run, for seeding another: its hall of fame, best
// first, then its population.
std::vector<lang::Program> read_population_programs(const std::string& path);

}  // namespace evalsynth
