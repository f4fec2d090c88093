#include "support/parting_file.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace evalsynth::parting_file {
namespace {

struct Slot {
  std::string staged, path, message;
};

Slot slots[2];
// What finish_now() has done since the last clear(). One atomic, so a second
// call (a handler on another thread, or interrupting the first call) sees a
// consistent state; it never waits for the first call, which may be the very
// code it interrupted.
enum Progress : int { kIdle, kPlacing, kPlaced, kFailed };
// The slot a signal uses, or -1; and the progress. Lock-free, so a handler
// may read and change them.
std::atomic<int> active{-1};
std::atomic<int> progress{kIdle};
static_assert(std::atomic<int>::is_always_lock_free);

void say(const char* text, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    text += n;
    size -= static_cast<std::size_t>(n);
  }
}

void say(const char* text) { say(text, std::strlen(text)); }

}  // namespace

void stage(const std::string& staged, const std::string& path, std::string message) {
  const int next = active.load() == 0 ? 1 : 0;
  Slot& slot = slots[next];
  slot.staged = staged;
  slot.path = path;
  slot.message = std::move(message);
  active.store(next);
}

void clear() {
  active.store(-1);
  progress.store(kIdle);
}

bool used() { return progress.load() != kIdle; }

bool finish_now() {
  const int index = active.load();
  if (index < 0) return false;
  // Two signals may arrive on two threads at once: one of them acts. A later
  // call (a lost worker after the signal) learns what the first one did;
  // while it is still at work, that it is putting the file in place (it
  // reports a failure itself).
  int expected = kIdle;
  if (!progress.compare_exchange_strong(expected, kPlacing)) return expected != kFailed;
  const Slot& slot = slots[index];
  const int saved_errno = errno;
  const bool ok = slot.staged.empty() || ::rename(slot.staged.c_str(), slot.path.c_str()) == 0;
  progress.store(ok ? kPlaced : kFailed);
  if (ok) {
    say(slot.message.data(), slot.message.size());
  } else {
    say("\nevalsynth: could not put ");
    say(slot.path.c_str());
    say(" in place\n");
  }
  errno = saved_errno;
  return ok;
}

}  // namespace evalsynth::parting_file
