#include "games/connect4/outcome_memo.hpp"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace evalsynth::connect4 {
namespace {

// Value classes are -1, 0, 1 or kFullColumn: a byte each.
using Entry = std::array<std::int8_t, kColumns>;

struct Memo {
  std::shared_mutex mutex;
  std::unordered_map<std::uint64_t, Entry> entries;
};

Memo& memo() {
  static Memo m;
  return m;
}

std::int8_t packed(int outcome) {
  return outcome == kFullColumn ? std::int8_t{-128} : static_cast<std::int8_t>(outcome);
}
int unpacked(std::int8_t byte) { return byte == -128 ? kFullColumn : byte; }

}  // namespace

std::array<int, kColumns> remembered_outcomes(Solver& solver, const Position& p) {
  if (p.moves_played() > kMemoMaxStones) return solver.analyse_outcomes(p);
  // Entries are stored for the canonical image; a mirrored position reads
  // its columns in reverse.
  const Position mirror = p.mirrored();
  const bool mirrored = mirror.key() < p.key();
  const std::uint64_t key = mirrored ? mirror.key() : p.key();
  auto oriented = [mirrored](std::array<int, kColumns> columns) {
    if (mirrored) std::reverse(columns.begin(), columns.end());
    return columns;
  };
  Memo& m = memo();
  {
    const std::shared_lock read(m.mutex);
    if (const auto found = m.entries.find(key); found != m.entries.end()) {
      std::array<int, kColumns> columns;
      std::transform(found->second.begin(), found->second.end(), columns.begin(), unpacked);
      return oriented(columns);
    }
  }
  // Solved outside the lock: two threads may solve the same position at
  // once, and both find the same values.
  const std::array<int, kColumns> outcomes = solver.analyse_outcomes(p);
  Entry entry;
  std::transform(outcomes.begin(), outcomes.end(), entry.begin(), packed);
  if (mirrored) std::reverse(entry.begin(), entry.end());
  const std::unique_lock write(m.mutex);
  if (m.entries.size() < kMemoMaxEntries) m.entries.emplace(key, entry);
  return outcomes;
}

std::size_t remembered_positions() {
  Memo& m = memo();
  const std::shared_lock read(m.mutex);
  return m.entries.size();
}

}  // namespace evalsynth::connect4
