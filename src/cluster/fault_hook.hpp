#pragma once
// The fault tests' hook (tests/cli/mpi_*_test.cpp): EVALSYNTH_FAULT="RANK:kill:N"
// makes worker RANK kill itself with SIGKILL when it comes to its Nth piece
// of work, "RANK:hang:N" makes it stop answering for ever, and
// "RANK:throw:N" makes it throw (an error of its own). A piece is a
// chunk of a command's items (item_cluster.hpp) or an epoch of islands; in
// a run's fitness work, whose chunks fall to whichever process claims them
// first, the worker's first chunk in the run's Nth round or later. Only
// built with MPI.

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace evalsynth::cluster {

struct Fault {
  enum class Kind { Hang, Kill, Throw };
  Kind kind = Kind::Hang;
  long chunk = 0;  // 0: never
};

inline Fault fault_for(int rank) {
  const char* text = std::getenv("EVALSYNTH_FAULT");
  Fault fault;
  int fault_rank = -1;
  char kind[8] = {};
  if (text && std::sscanf(text, "%d:%7[a-z]:%ld", &fault_rank, kind, &fault.chunk) == 3 && fault_rank == rank) {
    const std::string name = kind;
    fault.kind = name == "kill" ? Fault::Kind::Kill : name == "throw" ? Fault::Kind::Throw : Fault::Kind::Hang;
    return fault;
  }
  return Fault{};
}

inline void fail_as_told(const Fault& fault) {
  if (fault.kind == Fault::Kind::Kill) std::raise(SIGKILL);
  if (fault.kind == Fault::Kind::Throw) throw std::runtime_error("failed as told (EVALSYNTH_FAULT)");
  while (true) ::pause();
}

}  // namespace evalsynth::cluster
