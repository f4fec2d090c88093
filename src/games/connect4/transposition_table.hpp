#pragma once
// The solver's transposition table: a fixed number of entries chosen at
// construction (never resized, never allocated during a search), each a
// 32-bit partial key and an 8-bit value, indexed by key modulo a prime. With
// a prime table size of at least 2^17 entries, a position key below 2^49 is
// determined by (key mod size, key mod 2^32) (Chinese remainder theorem), so
// the partial key never confuses two positions. A new entry replaces whatever
// was at its index.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace evalsynth::connect4 {

class TranspositionTable {
 public:
  // The largest prime number of entries that fits in `megabytes` (at least 1).
  explicit TranspositionTable(std::size_t megabytes);

  void put(std::uint64_t key, std::uint8_t value) {
    const std::size_t i = index(key);
    keys_[i] = static_cast<std::uint32_t>(key);
    values_[i] = value;
  }
  // 0 if the key is not there.
  std::uint8_t get(std::uint64_t key) const {
    const std::size_t i = index(key);
    return keys_[i] == static_cast<std::uint32_t>(key) ? values_[i] : 0;
  }
  void clear();
  std::size_t entries() const { return keys_.size(); }

 private:
  std::size_t index(std::uint64_t key) const { return static_cast<std::size_t>(key % keys_.size()); }

  std::vector<std::uint32_t> keys_;
  std::vector<std::uint8_t> values_;
};

// Entries per megabyte: a 4-byte key and a 1-byte value each.
inline constexpr std::size_t kBytesPerEntry = 5;
// The smallest table for which partial keys are exact (see above).
inline constexpr std::size_t kMinEntries = std::size_t{1} << 17;

}  // namespace evalsynth::connect4
