// The thesis's Java shuffle decides every tie in the reproduced tables: its
// exact permutations and its (non-uniform) distribution are pinned here.

#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "games/connect4/connect4.hpp"

using namespace evalsynth;

TEST_CASE("the thesis shuffle: exact permutations for fixed seeds", "[game][move-order]") {
  // Recorded from the implementation that reproduces Appendix D (results/thesis-crosstable).
  Rng one(1), two(2);
  CHECK(connect4::thesis_shuffle(one) == connect4::ColumnOrder{3, 5, 6, 4, 0, 1, 2});
  CHECK(connect4::thesis_shuffle(one) == connect4::ColumnOrder{3, 1, 0, 6, 4, 5, 2});
  CHECK(connect4::thesis_shuffle(two) == connect4::ColumnOrder{4, 5, 3, 1, 0, 6, 2});
  Rng other(2005);
  CHECK(connect4::thesis_shuffle(other) == connect4::ColumnOrder{6, 1, 3, 0, 5, 2, 4});
}

TEST_CASE("the thesis shuffle: swap-with-any-index, not a uniform permutation", "[game][move-order]") {
  // Exact probability that column 2 (index 1) comes first: enumerate all 7^7
  // swap sequences of the Java shuffle (0.1791, against 1/7 for a uniform
  // permutation).
  std::uint64_t stays = 0, total = 0;
  std::array<int, 7> choice{};
  for (std::uint64_t code = 0; code < 823543; ++code) {
    std::uint64_t c = code;
    for (int& k : choice) {
      k = static_cast<int>(c % 7);
      c /= 7;
    }
    connect4::ColumnOrder order = connect4::kLeftToRight;
    for (int i = 0; i < 7; ++i)
      std::swap(order[static_cast<std::size_t>(i)],
                order[static_cast<std::size_t>(choice[static_cast<std::size_t>(i)])]);
    stays += order[0] == 1;
    ++total;
  }
  const double exact = static_cast<double>(stays) / static_cast<double>(total);
  CHECK(exact == Approx(0.1791).margin(0.0001));  // not uniform
  Rng rng(99);
  const int draws = 200000;
  int seen = 0;
  for (int i = 0; i < draws; ++i) seen += connect4::thesis_shuffle(rng)[0] == 1;
  const double se = std::sqrt(exact * (1 - exact) / draws);
  CHECK(std::abs(static_cast<double>(seen) / draws - exact) < 4 * se);
}

TEST_CASE("the random mover picks only playable columns, each about equally", "[game][move-order]") {
  connect4::Position p;
  for (int i = 0; i < 6; ++i) p = p.played(3);  // column 4 full
  Rng rng(5);
  std::map<int, int> counts;
  for (int i = 0; i < 6000; ++i) ++counts[connect4::random_column(p, rng)];
  CHECK(counts.count(3) == 0);
  CHECK(counts.size() == 6);
  for (const auto& [col, n] : counts) CHECK(std::abs(n - 1000) < 150);
}
