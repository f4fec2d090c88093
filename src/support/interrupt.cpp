#include "support/interrupt.hpp"

#include <unistd.h>

#include <csignal>

#include "support/parting_file.hpp"

namespace evalsynth {
namespace {

volatile std::sig_atomic_t received_signal = 0;
struct sigaction previous_int, previous_term;

extern "C" void note_signal(int signal) {
  received_signal = signal;
  // Only async-signal-safe calls here: write(2), rename(2) of a staged file
  // (it may be the last chance, see parting_file.hpp) and resetting the
  // action, so the next signal takes the default path and ends the process.
  // A staged file says what it saved; the work may still end normally.
  if (!parting_file::finish_now()) {
    constexpr char message[] =
        "\nevalsynth: stopping after this generation and saving a checkpoint (interrupt again to quit at once)\n";
    [[maybe_unused]] const auto ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
  }
  std::signal(signal, SIG_DFL);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  received_signal = 0;
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
