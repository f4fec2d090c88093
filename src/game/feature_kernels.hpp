#pragma once
// The two expensive families of board features, computed for both sides at
// once: what an evaluation needs before any of its threat or window features
// can be read. Where the CPU has the vector instructions (AVX2 for the
// threat cells; AVX-512VL with VPOPCNTDQ for the window counts), the four
// directions are computed in parallel lanes; elsewhere in portable scalar
// code. Both give exactly what game/features.hpp defines (tested).

#include <array>
#include <cstdint>

namespace evalsynth::features {

// Empty cells of the board that would give X, and O, four in a row
// (features::threat_cells for each side).
struct ThreatCells {
  std::uint64_t x, o;
};
ThreatCells threat_cells_of_both(std::uint64_t x_stones, std::uint64_t o_stones);

// Windows of four holding exactly 1, 2 and 3 of a side's stones and none of
// the other's (features::open_windows_by_count for each side).
// (Written in place: returning the 24 bytes by value costs a store-forwarding
// stall a call, measurable at this size.)
struct WindowCounts {
  std::array<std::int32_t, 3> x, o;
};
void open_windows_of_both(std::uint64_t x_stones, std::uint64_t o_stones, WindowCounts& counts);

// Which implementation runs. `vector` is what the CPU allows; tests and the
// benchmark switch to the portable one to compare (not thread-safe: set it
// before evaluating).
bool vector_kernels_available();
bool vector_kernels_enabled();
void set_vector_kernels_enabled(bool on);

}  // namespace evalsynth::features
