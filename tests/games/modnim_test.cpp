// ModNim against its known solution and a naive implementation.

#include "games/modnim/modnim.hpp"

#include <catch2/catch.hpp>

#include "games/naive_games.hpp"
#include "solver/exact_solver.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

TEST_CASE("ModNim: the side to move loses exactly when n mod (M+1) = 1", "[games][modnim]") {
  for (int take = 1; take <= 5; ++take) {
    const modnim::Game game(80, take);
    solver::ExactSolver<modnim::Game> solver(game, 1);
    for (int sticks = 1; sticks <= 80; ++sticks) {
      const modnim::Position p{sticks, 80 - sticks};
      INFO("M " << take << ", " << sticks << " sticks");
      REQUIRE(solver.outcome(p) == (sticks % (take + 1) == 1 ? -1 : 1));
      if (sticks <= 14) REQUIRE(solver.solve(p) == naive::minimax(naive::Nim{sticks, take, 0}, solver::kExactWin));
    }
  }
}

TEST_CASE("ModNim: moves, the end, and its notation", "[games][modnim]") {
  const modnim::Game game(10, 3);
  MovesOf<modnim::Game> moves;
  game.legal_moves(game.start(), moves);
  CHECK(moves.size() == 3);
  const modnim::Position p = game.parse_position("3,3,2", {"m"});
  CHECK(p.sticks == 2);
  CHECK(game.side_to_move(p) == Side::O);
  moves.clear();
  game.legal_moves(p, moves);
  CHECK(moves.size() == 2);
  // X takes the last stick after O took one: X loses, O wins.
  const modnim::Position end = game.play(game.play(p, 1), 1);
  CHECK(game.status(end) == Status::OWon);
  CHECK_THROWS_WITH(game.parse_position("3,4", {"m", 1, 1}), Contains("m:1:3") && Contains("takes 1 to 3"));
  CHECK_THROWS_WITH(game.parse_position("3,x", {"m", 1, 1}), Contains("m:1:3"));
  CHECK_THROWS_WITH(game.parse_position("3,3,3,1,1", {"m", 1, 1}), Contains("m:1:9") && Contains("after the game"));
  CHECK(game.board_text(p) == "2 sticks left  ||\n");
}
