#pragma once
// Perfect play in the opening, remembered. A perfect player (tournament/
// perfect_play.hpp) needs the value class of every move in each position it
// meets; before about 10 stones one such analysis costs seconds to minutes.
// Against a deterministic player the lines are few, so the same positions
// come back game after game and on every thread: this memo keeps their
// analyses for the whole process (mirror images share one entry), so each is
// solved once. Values are exact whatever the memo holds, so results do not
// depend on it, on the order games are played or on the thread count.

#include <array>
#include <cstddef>

#include "games/connect4/position.hpp"
#include "games/connect4/solver.hpp"

namespace evalsynth::connect4 {

// Positions with at most this many stones are remembered: later ones are
// solved in milliseconds, and there are too many of them to keep.
inline constexpr int kMemoMaxStones = 14;
// At most this many positions, then nothing new is kept: with the hash
// table's nodes and buckets about 50 bytes each, some 100 MB a process.
inline constexpr std::size_t kMemoMaxEntries = std::size_t{1} << 21;

// `solver.analyse_outcomes(p)`, from the process-wide memo when p has been
// analysed before. Thread-safe; each thread passes its own solver.
// Precondition: !p.is_game_over().
std::array<int, kColumns> remembered_outcomes(Solver& solver, const Position& p);

// Positions remembered so far (for tests and progress notes).
std::size_t remembered_positions();

}  // namespace evalsynth::connect4
