#pragma once
// How to solve many positions (a game's own solver, or the exact solver of
// solver/exact_solve_all.hpp): each worker has its own solver and table, so
// scores do not depend on the threads; node counts and times do.

#include <cstddef>

namespace evalsynth {

struct SolveOptions {
  bool analyse = false;       // every move's score, not only the position's
  int threads = 0;            // 0: all cores
  std::size_t table_mb = 64;  // per worker
  bool progress = false;      // a progress line on stderr
  bool use_book = true;       // positions of up to 3 stones from the opening book
};

}  // namespace evalsynth
