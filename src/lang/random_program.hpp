#pragma once
// Random well-typed programs over the whole language, for property tests and
// benchmarks. (The evolver grows programs from a grammar file instead.)

#include <cstddef>
#include <optional>

#include "lang/program.hpp"
#include "support/random.hpp"

namespace evalsynth::lang {

// A random int-valued program of roughly `target_nodes` nodes (at least 1),
// using every operator, features, and lets over a few names (so shadowing
// occurs). Constants are mostly small, sometimes extreme. Features of
// `family`: the ones its library draws by default, and Connect4's `network`
// (ntuple() or ntuple2()) if given.
Program random_program(Rng& rng, std::size_t target_nodes, std::optional<BuiltinNetwork> network = std::nullopt,
                       GameFamily family = connect4::kFamily);

}  // namespace evalsynth::lang
