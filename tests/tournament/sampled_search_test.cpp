// The four-in-a-row design's "neighbouring state search"
// (game/sampled_search.hpp) and its players (`sampled:NAME@D`): the chance
// of a child by its rank, the same values as alpha-beta where nothing is
// sampled (depths 1 and 2), wins taken at once, fewer nodes deeper, and
// seeded draws.

#include "game/sampled_search.hpp"

#include <catch2/catch.hpp>

#include "games/registry.hpp"
#include "support/error.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"

using namespace evalsynth;

namespace {

grid::Stones random_position(const adjacent4::Game& game, int plies, Rng& rng) {
  grid::Stones p = game.start();
  for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) p = game.play(p, random_move(game, p, rng));
  return p;
}

template <class F>
void with_open_lines(const adjacent4::Game& game, F&& f) {
  const Player<adjacent4::Game> player = builtin_player(game, "open-lines", 1);
  visit_evaluator(std::get<EvaluatorOf<adjacent4::Game>>(player.brain), f);
}

}  // namespace

TEST_CASE("sampled search: good children are searched three times as often as bad ones", "[search]") {
  using S = SampledSearch<adjacent4::Game, model::WinNetEvaluator<adjacent4::Game>>;
  CHECK(S::search_chance(0, 1) == 1);
  CHECK(S::search_chance(0, 9) == Approx(0.75));
  CHECK(S::search_chance(4, 9) == Approx(0.5));
  CHECK(S::search_chance(8, 9) == Approx(0.25));
}

TEST_CASE("sampled search: at depths 1 and 2 it is alpha-beta, and it takes a win at once", "[search]") {
  const adjacent4::Game game;
  with_open_lines(game, [&](const auto& evaluator) {
    using E = std::decay_t<decltype(evaluator)>;
    Rng positions(4);
    for (int round = 0; round < 60; ++round) {
      const grid::Stones p = random_position(game, 2 + positions.below(20), positions);
      if (game.status(p) != Status::Ongoing) continue;
      MovesOf<adjacent4::Game> root;
      game.legal_moves(p, root);
      for (int depth : {1, 2}) {
        AlphaBeta<adjacent4::Game, E> exact(game, evaluator);
        Rng rng(round);
        SampledSearch<adjacent4::Game, E> sampled(game, evaluator, rng);
        const auto a = exact.search(p, depth, root);
        const auto b = sampled.search(p, depth, root);
        INFO(game.board_text(p) << "depth " << depth);
        CHECK(a.value == b.value);
        CHECK(a.move == b.move);
      }
    }
    // X has three in a row with both ends free: it wins at any depth.
    const grid::Stones p = game.parse_position("b1b2c1c2d1d2", TextLocation{"test", 1, 1});
    MovesOf<adjacent4::Game> root;
    game.legal_moves(p, root);
    for (int depth = 1; depth <= 5; ++depth) {
      Rng rng(depth);
      SampledSearch<adjacent4::Game, E> sampled(game, evaluator, rng);
      const auto result = sampled.search(p, depth, root);
      CHECK(result.value == kWinValue);
      CHECK(game.wins_at_once(p, result.move));
    }
  });
}

TEST_CASE("sampled search: deeper, it searches fewer nodes than the full tree, as its seed draws", "[search]") {
  const adjacent4::Game game(6, 5);
  with_open_lines(game, [&](const auto& evaluator) {
    using E = std::decay_t<decltype(evaluator)>;
    Rng positions(8);
    const grid::Stones p = random_position(game, 6, positions);
    REQUIRE(game.status(p) == Status::Ongoing);
    MovesOf<adjacent4::Game> root;
    game.legal_moves(p, root);
    auto run = [&](std::uint64_t seed) {
      Rng rng(seed);
      SampledSearch<adjacent4::Game, E> sampled(game, evaluator, rng);
      const auto result = sampled.search(p, 4, root);
      return std::pair{result.move, sampled.counters().nodes};
    };
    // The same seed draws the same tree; others draw others.
    CHECK(run(1) == run(1));
    bool differs = false;
    for (std::uint64_t seed = 2; seed < 10; ++seed) differs = differs || run(seed).second != run(1).second;
    CHECK(differs);
    // Full minimax visits every node to depth 4; sampling keeps about half
    // of the children below the root's.
    std::uint64_t full = 0;
    auto count = [&](auto&& self, const grid::Stones& q, int depth) -> void {
      if (depth == 0 || game.status(q) != Status::Ongoing) return;
      MovesOf<adjacent4::Game> moves;
      game.legal_moves(q, moves);
      for (const int m : moves) {
        ++full;
        self(self, game.play(q, m), depth - 1);
      }
    };
    count(count, p, 4);
    CHECK(run(1).second < full / 2);
  });
}

TEST_CASE("sampled players: written sampled:NAME@D, searching players only", "[search][tournament]") {
  const adjacent4::Game game;
  const auto players = parse_player_list(game, "sampled:open-lines@2-3,open-lines@3");
  REQUIRE(players.size() == 3);
  CHECK(players[0].sampled);
  CHECK(players[0].label() == "sampled:OPEN-LINES2");
  CHECK(players[1].depth == 3);
  CHECK_FALSE(players[2].sampled);
  const auto labelled = parse_player_list(game, "mine=sampled:open-lines@4");
  CHECK(labelled[0].sampled);
  CHECK(labelled[0].label() == "mine@4");
  for (const char* bad : {"sampled:random", "sampled:perfect", "sampled:open-lines", "sampled:"})
    CHECK_THROWS_AS(parse_player_list(game, bad), UsageError);
  // A seeded game replays: the draws come from the game's generator.
  const Player<adjacent4::Game> player = parse_player_list(game, "sampled:open-lines@4")[0];
  Rng positions(2);
  const grid::Stones p = random_position(game, 5, positions);
  SearchCounters counters;
  Rng a(77), b(77);
  CHECK(choose_move(game, player, p, MoveOrder::Random, a, counters) ==
        choose_move(game, player, p, MoveOrder::Random, b, counters));
}
