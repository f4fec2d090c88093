#include "support/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "support/error.hpp"
#include "support/files.hpp"

namespace evalsynth {
namespace fs = std::filesystem;

FolderLock::FolderLock(const std::string& folder) {
  // The other ranks of an mpirun write nothing: rank 0 holds the lock.
  if (!file_writes_enabled()) return;
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) throw InputError(TextLocation{folder, 1, 1}, "cannot create the checkpoint folder: " + error.message());
  const std::string path = folder + "/lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw InputError(TextLocation{path, 1, 1}, std::string("cannot open the lock file: ") + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw InputError(TextLocation{folder, 1, 1},
                     "another evalsynth process is running this run; wait for it or stop it first");
  }
  // Half-written checkpoints of a process that was killed: no one else can be
  // writing them now that we hold the lock.
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    if (it->path().filename().string().find(".ckpt.tmp.") != std::string::npos) fs::remove(it->path(), error);
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace evalsynth
