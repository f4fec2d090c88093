#pragma once
// The two expensive families of board features, computed once per evaluation
// for both sides: the threat cells and the open-window counts, which every
// threat and window feature is then read from (a popcount or a load). Where
// the CPU has the vector instructions (AVX2 for the threat cells; AVX-512VL
// with VPOPCNTDQ for the window counts) the four directions are computed in
// parallel lanes, elsewhere in portable scalar code. Both give exactly what
// game/features.hpp defines (tested).

#include <array>
#include <cstdint>

namespace evalsynth::connect4::features {

// Empty cells of the board that would give X, and O, four in a row
// (features::threat_cells for each side).
struct ThreatCells {
  std::uint64_t x, o;
};

// Windows of four holding exactly 1, 2 and 3 of a side's stones and none of
// the other's (features::open_windows_by_count for each side).
struct WindowCounts {
  std::array<std::int32_t, 3> x, o;
};

// What an evaluation's features are read from. Only the families it needs
// are filled; the rest is left as it was (uninitialized costs nothing).
struct FeatureBasis {
  ThreatCells threat_cells;
  WindowCounts windows;
  // The language's learned feature, the value of the one built-in network a
  // program reads (lang/builtin_ntuple.hpp), filled by the language: the
  // kernels here know no networks.
  std::int32_t ntuple;
};

struct FeatureFamilies {
  bool threats = false, windows = false;
  bool ntuple = false;  // not a kernel's: lang fills it
};

// The function that fills `families` of the basis, resolved once for this
// CPU (native code calls it directly). Not null, even for no family.
using BasisKernel = void (*)(std::uint64_t x_stones, std::uint64_t o_stones, FeatureBasis& basis);
BasisKernel basis_kernel(FeatureFamilies families);

inline void fill_basis(std::uint64_t x_stones, std::uint64_t o_stones, FeatureFamilies families, FeatureBasis& basis) {
  if (families.threats || families.windows) basis_kernel(families)(x_stones, o_stones, basis);
}

// Which implementation basis_kernel gives. `vector` is what the CPU allows;
// tests and the benchmark switch to the portable one to compare (not
// thread-safe: set it before evaluating; native code generated earlier keeps
// the kernel it was generated with).
bool vector_kernels_available();
bool vector_kernels_enabled();
void set_vector_kernels_enabled(bool on);

}  // namespace evalsynth::connect4::features
