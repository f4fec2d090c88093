#pragma once
// A run's checkpoint folder, <checkpoints>/<run>/: files gen-NNNNNN.ckpt, N
// being the generation the saved population is about to play; the newest K
// are kept (support/folder_lock.hpp keeps two processes from writing one).

#include <string>
#include <vector>

#include "synthesis/checkpoint.hpp"

namespace evalsynth {

std::string checkpoint_file_name(int generation);  // "gen-000042.ckpt"

// The checkpoint files in `folder`, oldest generation first (empty if none
// or no such folder).
std::vector<std::string> list_checkpoints(const std::string& folder);

// A staged checkpoint (gen-NNNNNN.ckpt.staged, cli/run_session.cpp) newer
// than every checkpoint in `folder`, or "". Under mpirun rank 0 writes one
// at each generation's end, to be put in place if the job is killed; a
// process killed at once (SIGKILL) leaves it staged. It is complete (written
// under a temporary name, then renamed), so it is the run's newest state.
std::string newest_staged_checkpoint(const std::string& folder);

// `path` itself if it is a file, else the newest checkpoint in the folder
// `path`, a newer staged one included. Throws InputError if there is none.
std::string resolve_checkpoint(const std::string& path);

// Whether `path` names a staged checkpoint.
bool is_staged_checkpoint(const std::string& path);

// The staging name of the checkpoint file `path`, and back.
std::string staged_checkpoint_name(const std::string& path);
std::string checkpoint_of_staged(const std::string& staged);

// Removes every staged checkpoint in `folder`, and what a process killed
// while writing one left of it.
void remove_staged_checkpoints(const std::string& folder);

// Writes the run's checkpoint into `folder` and deletes all but the newest
// `keep`. Returns the file written.
std::string save_checkpoint(const Synthesis& run, const std::string& folder, int keep);

// Removes every checkpoint in `folder` (a run starting over).
void remove_checkpoints(const std::string& folder);

}  // namespace evalsynth
