#include "cluster/unit_claims.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace evalsynth::cluster {

std::size_t units_left(std::uint64_t word, std::size_t units) {
  const ClaimWord w = ClaimWord::unpack(word);
  assert(w.front + w.back <= units);
  return units - w.front - w.back;
}

Claim claim_front(std::uint64_t word, std::size_t units, std::size_t size) {
  assert(size > 0 && units <= ClaimWord::kMaxUnits);
  ClaimWord w = ClaimWord::unpack(word);
  const std::size_t take = std::min(size, units_left(word, units));
  const UnitRange range{w.front, w.front + take};
  w.front += static_cast<std::uint32_t>(take);
  return {range, w.pack()};
}

Claim claim_back(std::uint64_t word, std::size_t units, std::size_t size) {
  assert(size > 0 && units <= ClaimWord::kMaxUnits);
  ClaimWord w = ClaimWord::unpack(word);
  const std::size_t take = std::min(size, units_left(word, units));
  const UnitRange range{units - w.back - take, units - w.back};
  w.back += static_cast<std::uint32_t>(take);
  return {range, w.pack()};
}

std::size_t chunk_size(std::size_t left, std::size_t playing, double seconds_per_unit) {
  const std::size_t guided = left / (4 * std::max<std::size_t>(1, playing));
  const std::size_t floor =
      seconds_per_unit > 0 ? static_cast<std::size_t>(std::ceil(kFloorSeconds / seconds_per_unit)) : 1;
  return std::max({guided, floor, std::size_t{1}});
}

}  // namespace evalsynth::cluster
