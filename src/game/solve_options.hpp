#pragma once
// How to solve many positions (a game's own solver, or the exact solver of
// solver/exact_solve_all.hpp): each worker has its own solver and table, so
// scores do not depend on the threads; node counts and times do.

#include <cstddef>
#include <cstdint>

namespace evalsynth {

struct SolveOptions {
  bool analyse = false;       // every move's score, not only the position's
  int threads = 0;            // 0: the cores this process may run on
  std::size_t table_mb = 64;  // per worker
  bool progress = false;      // a progress line on stderr
  bool use_book = true;       // positions of up to 3 stones from the opening book
  // The exact solver's nodes for one position, 0: no limit. A position that
  // takes more is left unsolved; each is then solved from an empty table,
  // so which ones are left does not depend on the threads.
  std::uint64_t node_limit = 0;
};

}  // namespace evalsynth
