#pragma once
// Deterministic randomness. Every game gets its own generator, seeded from the
// run seed and the game's identity, so results never depend on thread count or
// scheduling order.

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string_view>

namespace evalsynth {

// SplitMix64: tiny state, good statistical quality, trivially copyable.
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed = 0) : state_(seed) {}

  constexpr std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for small n (multiply-shift; the bias is below 2^-32).
  constexpr int below(int n) { return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32); }
  // Uniform in [0, 1).
  constexpr double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  constexpr std::uint64_t state() const { return state_; }

 private:
  std::uint64_t state_;
};

// An index drawn with probability proportional to its weight (weights >= 0,
// summing to more than 0): one draw of rng.unit(), the weights walked in
// order, the last index taking what rounding leaves over.
template <class Weights>
std::size_t pick_weighted(const Weights& weights, Rng& rng) {
  double total = 0;
  for (double w : weights) total += w;
  double pick = rng.unit() * total;
  std::size_t i = 0;
  for (double w : weights) {
    if (i + 1 == std::size(weights) || pick < w) break;
    pick -= w;
    ++i;
  }
  return i;
}

// Mixes a list of values into one seed (order matters).
constexpr std::uint64_t mix_seed(std::initializer_list<std::uint64_t> parts) {
  std::uint64_t h = 0x243F6A8885A308D3ULL;
  for (std::uint64_t part : parts) {
    Rng r(h ^ part);
    h = r.next();
  }
  return h;
}

// FNV-1a, for seeding from names (stable across platforms and runs).
constexpr std::uint64_t hash_text(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ULL;
  }
  return h;
}

}  // namespace evalsynth
