#pragma once
// SIGINT and SIGTERM during long work: the first one is noted (and said on
// stderr) so the work can stop at a safe point and save itself; a second one
// ends the process at once, as the default action would. A file staged with
// parting_file.hpp is put in place first, in the handler itself.

namespace evalsynth {

class InterruptGuard {
 public:
  // Installs the handlers; the first signal says the work stops "after this
  // STEP" (a run's generation, a learner's game).
  explicit InterruptGuard(const char* step = "generation");
  ~InterruptGuard();  // restores the previous ones
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The signal received (SIGINT or SIGTERM), or 0.
  static int received();
};

}  // namespace evalsynth
