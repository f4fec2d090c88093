// The process-wide memo of perfect play's analyses: the solver's values,
// for a position and its mirror image, kept only for opening positions.

#include "games/connect4/outcome_memo.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

#include "games/connect4/connect4.hpp"
#include "games/connect4/notation.hpp"

using namespace evalsynth;

namespace {

// A position of a random game with exactly `stones` stones, not over.
connect4::Position random_position(Rng& rng, int stones) {
  while (true) {
    connect4::Position p;
    while (!p.is_game_over() && p.moves_played() < stones) p = p.played(connect4::random_column(p, rng));
    if (!p.is_game_over() && p.moves_played() == stones) return p;
  }
}

std::array<int, connect4::kColumns> reversed(std::array<int, connect4::kColumns> columns) {
  std::reverse(columns.begin(), columns.end());
  return columns;
}

}  // namespace

TEST_CASE("remembered analyses are the solver's, for a position and its mirror image", "[solver][memo]") {
  connect4::Solver remembering(16), fresh(16);
  Rng rng(5);
  int asymmetric = 0;
  for (int i = 0; i < 12; ++i) {
    const connect4::Position p = random_position(rng, connect4::kMemoMaxStones - static_cast<int>(rng.below(2)));
    const connect4::Position mirror = p.mirrored();
    INFO(connect4::to_ascii(p));
    const std::array<int, connect4::kColumns> expected = fresh.analyse_outcomes(p);
    const std::size_t before = connect4::remembered_positions();
    CHECK(connect4::remembered_outcomes(remembering, p) == expected);
    const std::size_t after = connect4::remembered_positions();
    CHECK(after <= before + 1);  // at most one new entry (none if seen before)
    // The mirror image is the same entry, read the other way round.
    CHECK(connect4::remembered_outcomes(remembering, mirror) == reversed(expected));
    CHECK(connect4::remembered_outcomes(remembering, p) == expected);
    CHECK(connect4::remembered_positions() == after);
    asymmetric += mirror.key() != p.key();
  }
  CHECK(asymmetric > 0);  // both orientations were stored and read
  // Later positions are solved, not kept.
  const connect4::Position late = random_position(rng, connect4::kMemoMaxStones + 2);
  const std::size_t before = connect4::remembered_positions();
  CHECK(connect4::remembered_outcomes(remembering, late) == fresh.analyse_outcomes(late));
  CHECK(connect4::remembered_positions() == before);
}
