#pragma once
// How the processes of a run share a batch's units without rank 0 handing
// them out (fitness_cluster.cpp): each takes its next chunk itself, with one
// compare-and-swap on a word in rank 0's memory (unit_window.hpp) that holds
// how many units have been taken from the front and from the back. Apart
// from MPI, so that it is tested alone.
//
// The workers take from the front and rank 0, when it plays (few ranks),
// from the back: a program's units lie together and a process compiles each
// program it plays, so with one worker only the program where the two meet
// is compiled twice (measured: 2 ranks went from 1.78x to 1.84x one
// process). The word carries the round's tag, so a process still claiming
// in a round that has ended takes nothing from the next.
//
// Guided chunks: a quarter of an even share of what is left, the same rule
// for every process, so the last ones are small and every process finishes
// close to the others (measured at 2 ranks: with half a share the worker
// idled 4.4% of a generation of specs/strong.spec waiting for rank 0's last
// chunk, its programs differing in cost; with a quarter 0.2%); never
// shorter than kFloorSeconds of play (by the claimer's own seconds a unit in
// the round), so the claims stay few against the play.

#include <cstddef>
#include <cstdint>

namespace evalsynth::cluster {

// Units [begin, end) of a round.
struct UnitRange {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
};

// The claim word: a round's tag (the low 22 bits of its number: a claim
// would go astray only after 4 million rounds) and the units taken from its
// front and from its back (21 bits each).
struct ClaimWord {
  static constexpr std::size_t kMaxUnits = (std::size_t{1} << 21) - 1;  // a round's units, at most
  static constexpr std::uint32_t kTagMask = (std::uint32_t{1} << 22) - 1;
  std::uint32_t tag = 0;  // at most kTagMask
  std::uint32_t front = 0, back = 0;

  std::uint64_t pack() const {
    return std::uint64_t{tag & kTagMask} << 42 | std::uint64_t{front} << 21 | std::uint64_t{back};
  }
  static ClaimWord unpack(std::uint64_t word) {
    return {static_cast<std::uint32_t>(word >> 42), static_cast<std::uint32_t>(word >> 21 & kMaxUnits),
            static_cast<std::uint32_t>(word & kMaxUnits)};
  }
  static std::uint32_t tag_of(std::uint64_t round) { return static_cast<std::uint32_t>(round) & kTagMask; }
};

// A claim of up to `size` units (> 0) of a round of `units` against the
// word as read: the range it takes (empty when nothing is left) and the
// word to swap in (the same word when nothing is left).
struct Claim {
  UnitRange range;
  std::uint64_t word = 0;
};
Claim claim_front(std::uint64_t word, std::size_t units, std::size_t size);
Claim claim_back(std::uint64_t word, std::size_t units, std::size_t size);

// Units not yet taken in a round of `units`, as the word says.
std::size_t units_left(std::uint64_t word, std::size_t units);

// The next chunk's size for one of `playing` processes when `left` units
// are left, the claimer's units having taken `seconds_per_unit` each so far
// in the round (0: none played yet).
constexpr double kFloorSeconds = 100e-6;
std::size_t chunk_size(std::size_t left, std::size_t playing, double seconds_per_unit);

}  // namespace evalsynth::cluster
