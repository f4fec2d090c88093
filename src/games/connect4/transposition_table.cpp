#include "games/connect4/transposition_table.hpp"

#include <algorithm>
#include <cassert>

namespace evalsynth::connect4 {
namespace {

bool is_prime(std::size_t n) {
  if (n < 2) return false;
  for (std::size_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

std::size_t largest_prime_at_most(std::size_t n) {
  while (!is_prime(n)) --n;
  return n;
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * (std::size_t{1} << 20) / kBytesPerEntry;
  const std::size_t size = largest_prime_at_most(std::max(wanted, kMinEntries + 1));
  assert(size > kMinEntries);
  keys_.assign(size, 0);
  values_.assign(size, 0);
}

void TranspositionTable::clear() {
  std::fill(keys_.begin(), keys_.end(), 0);
  std::fill(values_.begin(), values_.end(), 0);
}

}  // namespace evalsynth::connect4
