#pragma once
// An exclusive lock on a folder (a `lock` file held with flock), so two
// processes never write one run's checkpoints.

#include <string>

namespace evalsynth {

// Holds an exclusive lock on `folder` for the object's lifetime; the system
// drops it when the process dies, kill -9 included. Creates the folder.
// Throws InputError if another process holds it. Half-written checkpoint
// temporaries (*.ckpt.tmp.*) of a killed process are removed.
class FolderLock {
 public:
  explicit FolderLock(const std::string& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace evalsynth
