#include "game/search.hpp"

#include <catch2/catch.hpp>

#include "games/connect4/connect4.hpp"
#include "games/connect4/evaluators.hpp"
#include "games/connect4/notation.hpp"
#include "support/random.hpp"
#include "tournament/player.hpp"

using namespace evalsynth;

namespace {

const connect4::Game kGame;

// Plain minimax without pruning, as the thesis's ML `minimax`: game over is
// checked first, then the cutoff; X keeps the first strictly larger score, O
// the first strictly smaller one, trying columns in `order`.
template <class E>
int plain_minimax(const connect4::Position& p, int depth, const E& eval, const connect4::ColumnOrder& order,
                  int* best_move) {
  if (p.is_game_over()) return terminal_value(p);
  if (depth == 0) return std::clamp(eval(p), -kMaxHeuristic, kMaxHeuristic);
  const bool x = p.side_to_move() == Side::X;
  int best = x ? -999999 : 999999;
  for (int col : order) {
    if (!p.can_play(col)) continue;
    const int score = plain_minimax(p.played(col), depth - 1, eval, connect4::kLeftToRight, nullptr);
    if (x ? score > best : score < best) {
      best = score;
      if (best_move) *best_move = col;
    }
  }
  return best;
}

connect4::Position random_position(Rng& rng) {
  while (true) {
    connect4::Position p;
    const int plies = rng.below(36);
    for (int i = 0; i < plies && !p.is_game_over(); ++i) p = p.played(connect4::random_column(p, rng));
    if (!p.is_game_over()) return p;
  }
}

// Many distinct values, some far beyond the win value (they must be clamped).
struct HashEvaluator {
  int operator()(const connect4::Position& p) const {
    const std::uint64_t h = mix_seed({p.key()});
    return (h & 8) ? static_cast<int>(h % 401) - 200 : static_cast<int>(h % 4'000'000) - 2'000'000;
  }
};

connect4::LinearEvaluator random_linear(Rng& rng, int magnitude) {
  connect4::SquareWeights w{};
  for (auto& row : w)
    for (int& v : row) v = rng.below(2 * magnitude + 1) - magnitude;
  return connect4::LinearEvaluator(w, rng.below(21) - 10);
}

template <class E>
void check_against_minimax(const E& eval, std::uint64_t seed, int positions) {
  Rng rng(seed);
  for (int i = 0; i < positions; ++i) {
    const connect4::Position p = random_position(rng);
    const connect4::ColumnOrder order = i % 2 ? connect4::kLeftToRight : connect4::thesis_shuffle(rng);
    for (int depth = 1; depth <= 4; ++depth) {
      int expected_move = -1;
      const int expected_value = plain_minimax(p, depth, eval, order, &expected_move);
      AlphaBeta search(kGame, eval);
      const SearchResult<int> got = search.search(p, depth, connect4::playable_in(p, order));
      INFO("position " << connect4::to_ascii(p) << "depth " << depth);
      REQUIRE(got.value == expected_value);
      REQUIRE(got.move == expected_move);
    }
  }
}

}  // namespace

TEST_CASE("alpha-beta chooses the same move with the same value as plain minimax", "[search]") {
  Rng rng(5);
  SECTION("IBEF") { check_against_minimax(connect4::ibef_evaluator(), 1, 150); }
  SECTION("ADATE-2005") { check_against_minimax(connect4::adate2005_evaluator(), 2, 150); }
  SECTION("random linear evaluators with negative weights") {
    for (int i = 0; i < 10; ++i) check_against_minimax(random_linear(rng, 50), 10 + static_cast<std::uint64_t>(i), 20);
  }
  SECTION("an evaluator with values beyond the win value") { check_against_minimax(HashEvaluator{}, 3, 150); }
}

TEST_CASE("the linear evaluator's popcount planes equal the weighted sum of squares", "[search][evaluator]") {
  Rng rng(8);
  for (int trial = 0; trial < 200; ++trial) {
    const connect4::LinearEvaluator eval = random_linear(rng, trial % 2 ? 13 : 30000);
    for (int k = 0; k < 50; ++k) {
      const connect4::Position p = random_position(rng);
      int expected = eval.bias();
      for (int r = 0; r < connect4::kRows; ++r)
        for (int c = 0; c < connect4::kColumns; ++c) expected += eval.weights()[r][c] * p.square(r, c);
      REQUIRE(eval(p) == expected);
    }
  }
}

TEST_CASE("IBEF and ADATE-2005 values by hand", "[search][evaluator]") {
  CHECK(connect4::ibef_evaluator()(connect4::Position{}) == 0);
  CHECK(connect4::adate2005_evaluator()(connect4::Position{}) == 1);
  CHECK(connect4::ibef_evaluator()(connect4::parse_moves("4")) == 7);
  CHECK(connect4::ibef_evaluator()(connect4::parse_moves("44")) == 7 - 10);
  CHECK(connect4::adate2005_evaluator()(connect4::parse_moves("5")) == 1 + 12);
  CHECK(connect4::adate2005_evaluator()(connect4::parse_moves("54")) == 1 + 12 - 1);
  // The weights are the number of lines through each square: 69 lines x 4.
  int total = 0;
  for (const auto& row : connect4::kIbefWeights)
    for (int w : row) total += w;
  CHECK(total == 69 * 4);
}

TEST_CASE("IBEF at depth 1 opens in the centre with value 7 (thesis Figure 8)", "[search]") {
  const connect4::LinearEvaluator ibef = connect4::ibef_evaluator();
  AlphaBeta search(kGame, ibef);
  const SearchResult<int> r =
      search.search(connect4::Position{}, 1, connect4::playable_in(connect4::Position{}, connect4::kLeftToRight));
  CHECK(r.move == 3);
  CHECK(r.value == 7);
}

TEST_CASE("the search takes a win, and at depth 2 blocks the opponent's", "[search]") {
  const connect4::LinearEvaluator ibef = connect4::ibef_evaluator();
  // X has three in column 1; X to move wins there whatever the evaluator says.
  const connect4::Position x_wins = connect4::parse_moves("121213");
  AlphaBeta search(kGame, ibef);
  for (int depth = 1; depth <= 5; ++depth) {
    const SearchResult<int> r = search.search(x_wins, depth, connect4::playable_in(x_wins, connect4::kLeftToRight));
    CHECK(r.move == 0);
    CHECK(r.value == kWinValue);
  }
  // O to move must block column 1: at depth 1 it cannot see the threat, at depth 2 it can.
  const connect4::Position o_must_block = connect4::parse_moves("12121");
  CHECK(search.search(o_must_block, 2, connect4::playable_in(o_must_block, connect4::kLeftToRight)).move == 0);
  // X holds columns 2-4 of the bottom row: two threats, O to move is lost,
  // which depth 2 sees and depth 1 does not.
  const connect4::Position lost = connect4::parse_moves("22334");
  CHECK(search.search(lost, 2, playable_in(lost, connect4::kLeftToRight)).value == kWinValue);
  CHECK(search.search(lost, 1, playable_in(lost, connect4::kLeftToRight)).value < kWinValue);
}

TEST_CASE("a full board is a draw worth 0 and the evaluator is not called on it", "[search]") {
  // Find a random game that fills the board without four in a row.
  Rng rng(21);
  connect4::Position before_last;
  bool found = false;
  while (!found) {
    connect4::Position p;
    while (!p.is_game_over()) {
      if (p.moves_played() == connect4::kCells - 1) before_last = p;
      p = p.played(connect4::random_column(p, rng));
    }
    found = p.is_full() && !p.last_mover_won();
  }
  const HashEvaluator eval;
  AlphaBeta search(kGame, eval);
  for (int depth = 1; depth <= 3; ++depth) {
    const SearchResult<int> r =
        search.search(before_last, depth, connect4::playable_in(before_last, connect4::kLeftToRight));
    CHECK(r.value == 0);
  }
  CHECK(search.counters().evaluations == 0);
}
