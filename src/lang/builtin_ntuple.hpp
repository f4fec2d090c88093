#pragma once
// The language's learned features: `ntuple()` is the estimate of the n-tuple
// network built into the tool (grammar/models/ntuple.model, trained by
// `evalsynth learn specs/ntuple.spec`; results/ntuple/), so evolved programs
// can build on learned knowledge; `ntuple2()` that of a second, later network
// (grammar/models/ntuple2.model: self-play's opening joined with regression on
// solved positions, results/ntuple/labelled/). Each name keeps its network for
// good, so programs and results made with one stay reproducible; a better
// network gets a new name. A program reads one of them (a search carries one
// network's state). Its value is X's prospects as the network
// sees them, tanh of the sum of its weights scaled to -1000 .. 1000 and
// rounded to an integer, as the language's exact semantics need. The sum is
// the same everywhere (fixed order, double precision); C libraries' tanh may
// differ in the last bit, which could move the rounded value only from
// exactly half-way, a case the export tests have never met.
//
// The network is part of the language: a program's meaning depends on it, so
// it is pinned in grammar/models/ and never read from a run's output.

#include <atomic>
#include <cstdint>
#include <string_view>

#include "games/connect4/position.hpp"
#include "lang/program.hpp"
#include "model/ntuple_net.hpp"

namespace evalsynth::lang {

inline constexpr int kNTupleFeatureScale = 1000;

// A network's model file: "grammar/models/ntuple.model" for ntuple().
std::string_view network_model_path(BuiltinNetwork network);

// A built-in network, decoded on first use (thread-safe).
const model::NTupleNet& builtin_ntuple(BuiltinNetwork network);

// round(kNTupleFeatureScale * tanh(sum)), for X, whoever is to move: the
// definition, and the same value through a cache shared by all threads.
std::int32_t ntuple_feature_uncached(const connect4::Position& p, BuiltinNetwork network);
std::int32_t ntuple_feature(const connect4::Position& p, BuiltinNetwork network);

// The cache's entry for a position and network (builtin_ntuple.cpp): its
// value if `hit`; else store() keeps a value computed another way (a search's
// incremental state), which must be ntuple_feature_uncached of the position
// and network.
struct NTupleCacheEntry {
  std::atomic<std::uint64_t>* slot = nullptr;
  std::uint64_t key = 0;
  bool hit = false;
  std::int32_t value = 0;
  void store(std::int32_t computed) const;
};
NTupleCacheEntry ntuple_cache_entry(const connect4::Position& p, BuiltinNetwork network);

}  // namespace evalsynth::lang
