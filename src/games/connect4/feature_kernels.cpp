#include "games/connect4/feature_kernels.hpp"

#include <atomic>
#include <bit>

#include "games/connect4/features.hpp"
#include "games/connect4/position.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define EVALSYNTH_VECTOR_KERNELS 1
#else
#define EVALSYNTH_VECTOR_KERNELS 0
#endif

namespace evalsynth::connect4::features {
namespace {

ThreatCells portable_threat_cells(std::uint64_t x, std::uint64_t o) {
  const std::uint64_t empty = ~(x | o) & bits::kBoard;
  return {bits::winning_cells(x) & empty, bits::winning_cells(o) & empty};
}

// One direction of the window count for both sides: the shifted stones are
// shared (a side's window is open when none of the other side's shifted
// stones is in it). The count of a window is added bit-sliced; a window
// full of one side (count 4 = binary 100) has neither bit set, so it falls
// out of all three counts without a test.
template <std::size_t Direction>
void count_windows(std::uint64_t x, std::uint64_t o, WindowCounts& counts) {
  constexpr int s = masks::kShifts[Direction];
  constexpr std::uint64_t starts = masks::kWindowStarts[Direction];
  const std::uint64_t x1 = x >> s, x2 = x >> 2 * s, x3 = x >> 3 * s;
  const std::uint64_t o1 = o >> s, o2 = o >> 2 * s, o3 = o >> 3 * s;
  auto add = [](std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d, std::uint64_t open,
                std::array<std::int32_t, 3>& out) {
    const std::uint64_t low1 = a ^ b, low2 = c ^ d;
    const std::uint64_t ones = low1 ^ low2, twos = (a & b) ^ (c & d) ^ (low1 & low2);
    out[0] += std::popcount(open & ones & ~twos);
    out[1] += std::popcount(open & ~ones & twos);
    out[2] += std::popcount(open & ones & twos);
  };
  add(x, x1, x2, x3, starts & ~(o | o1 | o2 | o3), counts.x);
  add(o, o1, o2, o3, starts & ~(x | x1 | x2 | x3), counts.o);
}

void portable_open_windows(std::uint64_t x, std::uint64_t o, WindowCounts& counts) {
  counts = {};
  count_windows<0>(x, o, counts);
  count_windows<1>(x, o, counts);
  count_windows<2>(x, o, counts);
  count_windows<3>(x, o, counts);
}

#if EVALSYNTH_VECTOR_KERNELS

// Lanes hold the four directions, in the order of masks::kShifts.
__attribute__((target("avx2"))) inline __m256i direction_shifts(int times) {
  return _mm256_set_epi64x(times * masks::kShifts[3], times * masks::kShifts[2], times * masks::kShifts[1],
                           times * masks::kShifts[0]);
}

__attribute__((target("avx2"))) inline std::uint64_t or_of_lanes(__m256i v) {
  __m128i half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  half = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(half));
}

// bits::winning_cells, one direction a lane.
__attribute__((target("avx2"))) inline std::uint64_t vector_winning_cells(std::uint64_t stones) {
  const __m256i s = _mm256_set1_epi64x(static_cast<long long>(stones));
  const __m256i d1 = direction_shifts(1), d2 = direction_shifts(2), d3 = direction_shifts(3);
  const __m256i behind1 = _mm256_sllv_epi64(s, d1), behind2 = _mm256_sllv_epi64(s, d2),
                behind3 = _mm256_sllv_epi64(s, d3);
  const __m256i ahead1 = _mm256_srlv_epi64(s, d1), ahead2 = _mm256_srlv_epi64(s, d2), ahead3 = _mm256_srlv_epi64(s, d3);
  const __m256i two_behind = _mm256_and_si256(behind1, behind2), two_ahead = _mm256_and_si256(ahead1, ahead2);
  const __m256i cells = _mm256_or_si256(_mm256_and_si256(two_behind, _mm256_or_si256(behind3, ahead1)),
                                        _mm256_and_si256(two_ahead, _mm256_or_si256(behind1, ahead3)));
  return or_of_lanes(cells);
}

__attribute__((target("avx2"))) inline ThreatCells vector_threat_cells(std::uint64_t x, std::uint64_t o) {
  const std::uint64_t empty = ~(x | o) & bits::kBoard;
  return {vector_winning_cells(x) & empty, vector_winning_cells(o) & empty};
}

// count_windows for all four directions at once; the three counts of a lane
// are packed into one 64-bit number (16 bits each) so one horizontal sum
// gives all three.
__attribute__((target("avx2,avx512f,avx512vl,avx512vpopcntdq"))) inline std::uint64_t vector_window_counts(
    __m256i a, __m256i b, __m256i c, __m256i d, __m256i open) {
  const __m256i low1 = _mm256_xor_si256(a, b), low2 = _mm256_xor_si256(c, d);
  const __m256i ones = _mm256_xor_si256(low1, low2);
  const __m256i twos =
      _mm256_xor_si256(_mm256_xor_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, d)), _mm256_and_si256(low1, low2));
  const __m256i one = _mm256_popcnt_epi64(_mm256_and_si256(open, _mm256_andnot_si256(twos, ones)));
  const __m256i two = _mm256_popcnt_epi64(_mm256_and_si256(open, _mm256_andnot_si256(ones, twos)));
  const __m256i three = _mm256_popcnt_epi64(_mm256_and_si256(open, _mm256_and_si256(ones, twos)));
  const __m256i packed =
      _mm256_or_si256(one, _mm256_or_si256(_mm256_slli_epi64(two, 16), _mm256_slli_epi64(three, 32)));
  __m128i half = _mm_add_epi64(_mm256_castsi256_si128(packed), _mm256_extracti128_si256(packed, 1));
  half = _mm_add_epi64(half, _mm_unpackhi_epi64(half, half));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(half));
}

__attribute__((target("avx2,avx512f,avx512vl,avx512vpopcntdq"))) inline void vector_open_windows(std::uint64_t x,
                                                                                                 std::uint64_t o,
                                                                                                 WindowCounts& counts) {
  const __m256i d1 = direction_shifts(1), d2 = direction_shifts(2), d3 = direction_shifts(3);
  const __m256i starts = _mm256_set_epi64x(
      static_cast<long long>(masks::kWindowStarts[3]), static_cast<long long>(masks::kWindowStarts[2]),
      static_cast<long long>(masks::kWindowStarts[1]), static_cast<long long>(masks::kWindowStarts[0]));
  const __m256i xs = _mm256_set1_epi64x(static_cast<long long>(x)), os = _mm256_set1_epi64x(static_cast<long long>(o));
  const __m256i x1 = _mm256_srlv_epi64(xs, d1), x2 = _mm256_srlv_epi64(xs, d2), x3 = _mm256_srlv_epi64(xs, d3);
  const __m256i o1 = _mm256_srlv_epi64(os, d1), o2 = _mm256_srlv_epi64(os, d2), o3 = _mm256_srlv_epi64(os, d3);
  const __m256i any_x = _mm256_or_si256(_mm256_or_si256(xs, x1), _mm256_or_si256(x2, x3));
  const __m256i any_o = _mm256_or_si256(_mm256_or_si256(os, o1), _mm256_or_si256(o2, o3));
  const std::uint64_t for_x = vector_window_counts(xs, x1, x2, x3, _mm256_andnot_si256(any_o, starts));
  const std::uint64_t for_o = vector_window_counts(os, o1, o2, o3, _mm256_andnot_si256(any_x, starts));
  auto unpack = [](std::uint64_t packed, std::array<std::int32_t, 3>& out) {
    out[0] = static_cast<std::int32_t>(packed & 0xffff);
    out[1] = static_cast<std::int32_t>((packed >> 16) & 0xffff);
    out[2] = static_cast<std::int32_t>(packed >> 32);
  };
  unpack(for_x, counts.x);
  unpack(for_o, counts.o);
}

bool cpu_has_avx2() {
  __builtin_cpu_init();  // may run from a static initializer, before libgcc's own
  return __builtin_cpu_supports("avx2");
}
bool cpu_has_vector_popcount() {
  return cpu_has_avx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512vpopcntdq");
}

#else

bool cpu_has_avx2() { return false; }
bool cpu_has_vector_popcount() { return false; }

#endif

// One function per CPU level and combination of families, so a call fills
// exactly what was asked with no test inside.
template <bool Threats, bool Windows>
void portable_basis(std::uint64_t x, std::uint64_t o, FeatureBasis& basis) {
  if constexpr (Threats) basis.threat_cells = portable_threat_cells(x, o);
  if constexpr (Windows) portable_open_windows(x, o, basis.windows);
}

using KernelTable = std::array<BasisKernel, 4>;  // indexed by threats + 2 windows
template <template <bool, bool> class Level>
constexpr KernelTable table_of() {
  return {Level<false, false>::fill, Level<true, false>::fill, Level<false, true>::fill, Level<true, true>::fill};
}
template <bool Threats, bool Windows>
struct Portable {
  static void fill(std::uint64_t x, std::uint64_t o, FeatureBasis& basis) {
    portable_basis<Threats, Windows>(x, o, basis);
  }
};

#if EVALSYNTH_VECTOR_KERNELS
template <bool Threats, bool Windows>
struct Avx2 {  // vector threat cells, portable window counts
  __attribute__((target("avx2"))) static void fill(std::uint64_t x, std::uint64_t o, FeatureBasis& basis) {
    if constexpr (Threats) basis.threat_cells = vector_threat_cells(x, o);
    if constexpr (Windows) portable_open_windows(x, o, basis.windows);
  }
};
template <bool Threats, bool Windows>
struct Avx512 {  // both in vectors
  __attribute__((target("avx2,avx512f,avx512vl,avx512vpopcntdq"))) static void fill(std::uint64_t x, std::uint64_t o,
                                                                                    FeatureBasis& basis) {
    if constexpr (Threats) basis.threat_cells = vector_threat_cells(x, o);
    if constexpr (Windows) vector_open_windows(x, o, basis.windows);
  }
};
#endif

KernelTable best_kernels() {
#if EVALSYNTH_VECTOR_KERNELS
  if (cpu_has_vector_popcount()) return table_of<Avx512>();
  if (cpu_has_avx2()) return table_of<Avx2>();
#endif
  return table_of<Portable>();
}

// Portable until this file's dynamic initialization picks the best, so a
// call from another static initializer is never a null call.
constinit KernelTable active = table_of<Portable>();
constinit std::atomic<bool> vector_on{false};

}  // namespace

BasisKernel basis_kernel(FeatureFamilies families) {
  return active[static_cast<std::size_t>(families.threats) + 2 * static_cast<std::size_t>(families.windows)];
}

bool vector_kernels_available() { return cpu_has_avx2(); }
bool vector_kernels_enabled() { return vector_on.load(std::memory_order_relaxed); }
void set_vector_kernels_enabled(bool on) {
  vector_on.store(on && vector_kernels_available(), std::memory_order_relaxed);
  active = vector_kernels_enabled() ? best_kernels() : table_of<Portable>();
}

namespace {
[[maybe_unused]] const bool kernels_chosen = (set_vector_kernels_enabled(true), true);
}  // namespace

}  // namespace evalsynth::connect4::features
