#include "support/interrupt.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>

#include "support/parting_file.hpp"

namespace evalsynth {
namespace {

volatile std::sig_atomic_t received_signal = 0;
// What the first signal says, written before the handlers are installed (the
// handler may only write(2) it).
char stop_message[160] = {};
std::size_t stop_message_size = 0;
struct sigaction previous_int, previous_term;

extern "C" void note_signal(int signal) {
  received_signal = signal;
  // Only async-signal-safe calls here: write(2), rename(2) of a staged file
  // (it may be the last chance, see parting_file.hpp) and resetting the
  // action, so the next signal takes the default path and ends the process.
  // A staged file says what it saved; the work may still end normally.
  if (!parting_file::finish_now()) [[maybe_unused]]
    const auto ignored = ::write(STDERR_FILENO, stop_message, stop_message_size);
  std::signal(signal, SIG_DFL);
}

}  // namespace

InterruptGuard::InterruptGuard(const char* step) {
  received_signal = 0;
  const int written = std::snprintf(stop_message, sizeof stop_message,
                                    "\nevalsynth: stopping after this %s and saving a checkpoint (interrupt again to "
                                    "quit at once)\n",
                                    step);
  stop_message_size = written < 0 ? 0 : std::min(sizeof stop_message - 1, static_cast<std::size_t>(written));
  struct sigaction action {};
  action.sa_handler = note_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int InterruptGuard::received() { return received_signal; }

}  // namespace evalsynth
