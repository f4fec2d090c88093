#include "tournament/strength.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "games/connect4/notation.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {
std::string error_of(const std::string& text) {
  return test::input_error_of([&] { (void)parse_analysis_text(text, "a.analysis"); });
}
}  // namespace

TEST_CASE("a move is a mistake only if another has a better value sign", "[strength]") {
  // Scores for the side to move: column 1 wins, 2 draws, 3-7 lose.
  const LabelledPosition p{connect4::Position{}, "", {{5, 0, -3, -3, -3, -3, -2}}, 1};
  CHECK_FALSE(is_mistake(p, 0));
  CHECK(is_mistake(p, 1));  // a draw thrown for a win
  CHECK(is_mistake(p, 6));
  // A slower win is no mistake: only the sign counts.
  const LabelledPosition q{connect4::Position{}, "", {{5, 1, 0, 0, 0, 0, 0}}, 1};
  CHECK_FALSE(is_mistake(q, 1));
  CHECK(is_mistake(q, 2));
  // Full columns (-1000) never count as better moves.
  const LabelledPosition r{connect4::Position{}, "", {{kFullColumn, -2, -1, kFullColumn, -4, -2, -3}}, 1};
  for (int c : {1, 2, 4, 5, 6}) CHECK_FALSE(is_mistake(r, c));
}

TEST_CASE("hand-checked positions: a forced win missed, a draw thrown away", "[strength]") {
  // X has three in the bottom row (columns 2-4) and wins at once in 1 or 5;
  // every other move lets O block... here we only label the two wins.
  const connect4::Position win = connect4::parse_moves("223344");
  LabelledPosition p{win, "", {{1, -1, -1, -1, 1, -1, -1}}, 1};
  const Player<connect4::Game> random_mover = builtin_player(connect4::Game{}, "random", 0);
  const Player<connect4::Game> ibef1 = builtin_player(connect4::Game{}, "ibef", 1);
  // IBEF at depth 1 sees the win; the result over many seeds is no mistakes.
  const StrengthResult good =
      measure_strength(connect4::Game{}, ibef1, std::vector<LabelledPosition>(50, p), MoveOrder::Random, 3, 2);
  CHECK(good.mistakes == 0);
  // The random mover misses it about 5 times in 7.
  const StrengthResult bad =
      measure_strength(connect4::Game{}, random_mover, std::vector<LabelledPosition>(700, p), MoveOrder::Random, 3, 2);
  CHECK(bad.mistakes > 400);
  CHECK(bad.mistakes < 600);
  // O to move must block column 1 (the only draw); any other move loses.
  const connect4::Position block = connect4::parse_moves("12121");
  LabelledPosition q{block, "", {{0, -2, -2, -2, -2, -2, -2}}, 1};
  const StrengthResult blocked = measure_strength(connect4::Game{}, builtin_player(connect4::Game{}, "ibef", 2),
                                                  std::vector<LabelledPosition>(20, q), MoveOrder::Random, 5, 1);
  CHECK(blocked.mistakes == 0);
  const StrengthResult thrown = measure_strength(connect4::Game{}, builtin_player(connect4::Game{}, "ibef", 1),
                                                 std::vector<LabelledPosition>(20, q), MoveOrder::Random, 5, 1);
  CHECK(thrown.mistakes > 0);  // at depth 1 it cannot see X's threat
}

TEST_CASE("strength is reproducible and independent of threads", "[strength]") {
  const auto set = read_analysis_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  REQUIRE(set.size() == 300);
  const Player<connect4::Game> ibef = builtin_player(connect4::Game{}, "ibef", 3);
  const StrengthResult one = measure_strength(connect4::Game{}, ibef, set, MoveOrder::Random, 9, 1);
  const StrengthResult two = measure_strength(connect4::Game{}, ibef, set, MoveOrder::Random, 9, 2);
  CHECK(one.mistakes == two.mistakes);
  // The same count, position by position, as a plain loop (tie-breaking
  // seeded per position and depth).
  int mistakes = 0;
  for (std::size_t i = 0; i < set.size(); ++i) {
    Rng rng(mix_seed({9, i, 3}));
    SearchCounters counters;
    mistakes +=
        is_mistake(set[i], choose_move(connect4::Game{}, ibef, set[i].position, MoveOrder::Random, rng, counters));
  }
  CHECK(one.mistakes == mistakes);
  CHECK(one.mistakes > 0);
}

TEST_CASE("strength judged in parts, in any order, is the whole measurement's", "[strength]") {
  // What a run's cluster does: positions judged in chunks by several
  // processes, and joined.
  const auto set = read_analysis_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  const Player<connect4::Game> ibef = builtin_player(connect4::Game{}, "ibef", 3);
  const StrengthResult whole = measure_strength(connect4::Game{}, ibef, set, MoveOrder::Random, 9, 1);
  std::vector<std::size_t> order(set.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = (i * 7) % order.size();  // 7 is prime to 300
  std::vector<std::uint8_t> joined(set.size(), 2);
  for (std::size_t begin = 0; begin < order.size(); begin += 37) {
    const std::vector<std::size_t> part(
        order.begin() + static_cast<std::ptrdiff_t>(begin),
        order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), begin + 37)));
    const std::vector<std::uint8_t> judged =
        judge_positions(connect4::Game{}, ibef, set, part, MoveOrder::Random, 9, 2);
    REQUIRE(judged.size() == part.size());
    for (std::size_t k = 0; k < part.size(); ++k) joined[part[k]] = judged[k];
  }
  CHECK(joined == whole.mistaken);
  const StrengthResult again = strength_of(joined);
  CHECK(again.mistakes == whole.mistakes);
  CHECK(again.rate() == whole.rate());
}

TEST_CASE("bad analysis lines are located errors", "[strength][errors]") {
  CHECK_THAT(error_of("44 1 2 3 4 5 6\n"), Contains("a.analysis:1:15: error: expected the score of column 7"));
  CHECK_THAT(error_of("4x 1 2 3 4 5 6 7\n"), Contains("a.analysis:1:2: error: bad character 'x'"));
  CHECK_THAT(error_of("\n1212121 0 0 0 0 0 0 0\n"),
             Contains("a.analysis:2:1: error: the position is already finished"));
  CHECK_THAT(error_of("111111 0 0 0 0 0 0 0\n"),
             Contains("a.analysis:1:8: error: column 1 is full, so its score must be -1000"));
  CHECK_THAT(error_of("4 0 -1000 0 0 0 0 0\n"), Contains("column 2 is playable but scored -1000"));
  CHECK_THAT(error_of("4 0 0 0 0 0 0 0 9\n"), Contains("unexpected text after the 7 scores"));
  CHECK_THAT(error_of("# nothing\n"), Contains("no positions in the file"));
}
