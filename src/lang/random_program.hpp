#pragma once
// Random well-typed programs over the whole language, for property tests and
// benchmarks. (The evolver grows programs from a grammar file instead.)

#include <cstddef>

#include "lang/program.hpp"
#include "support/random.hpp"

namespace evalsynth::lang {

// A random int-valued program of roughly `target_nodes` nodes (at least 1),
// using every operator, features, and lets over a few names (so shadowing
// occurs). Constants are mostly small, sometimes extreme. The board features
// only, unless `with_ntuple` (the exporters cannot write ntuple() out).
Program random_program(Rng& rng, std::size_t target_nodes, bool with_ntuple = false);

}  // namespace evalsynth::lang
