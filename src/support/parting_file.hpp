#pragma once
// A file the process puts in place if it is signalled (SIGINT, SIGTERM) at a
// point where it cannot save normally. Under mpirun, a process that dies
// makes mpirun send SIGTERM to the others and SIGKILL soon after (measured:
// from 3 ms to 1 s later), so rank 0 cannot finish its generation and save:
// instead the run writes each finished generation's checkpoint under a
// staging name and stages it here, and InterruptGuard's handler renames it
// into place at once (one rename(2): atomic, async-signal-safe, and done in
// microseconds) and says so on stderr.
//
// Staging is for the main thread only; the handler may run on any thread.
// Two slots alternate, so the handler never reads a slot being filled.

#include <string>

namespace evalsynth::parting_file {

// From now on, a signal renames the complete file `staged` to `path` (or,
// with `staged` empty, leaves `path`, already in place, as it is) and then
// prints `message` on stderr.
void stage(const std::string& staged, const std::string& path, std::string message);

// Nothing is done any more (the work ended normally); a later stage()
// arms it again.
void clear();

// Puts the staged file in place and prints its message; false if none is
// staged or the rename failed (then says so on stderr). Async-signal-safe;
// only the first call does anything, later ones return what it returned
// (true while it is still at work).
bool finish_now();

// Whether finish_now() has acted (something was staged) since the last
// clear(): then the process is ending, and what it writes from now on
// would be left behind.
bool used();

}  // namespace evalsynth::parting_file
