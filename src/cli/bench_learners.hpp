#pragma once
// The learned evaluators' part of `evalsynth bench`: nanoseconds per
// evaluation of the thesis network and an n-tuple network next to native
// IBEF, and games/s of their training next to games of IBEF against itself.

#include <vector>

#include "games/connect4/position.hpp"

namespace evalsynth {

// `native_ns`: IBEF's ns per evaluation on `positions`, measured just before.
void bench_learners(const std::vector<connect4::Position>& positions, int rounds, double native_ns, int training_games);

}  // namespace evalsynth
