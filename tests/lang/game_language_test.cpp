// The language for the games other than Connect4: programs name their game,
// parse and print back, are refused for another game with a location, and
// the compiled form (simplified, bytecode, the game's features in one call)
// equals a tree-walking evaluation feature by feature on random programs and
// positions. The line features against a naive recount of the board.

#include <catch2/catch.hpp>

#include "game/move_order.hpp"
#include "games/adjacent4/adjacent4.hpp"
#include "games/mnk/mnk.hpp"
#include "games/modnim/modnim.hpp"
#include "lang/game_program.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "lang/semantics_core.hpp"
#include "program_walk.hpp"
#include "support/random.hpp"

using namespace evalsynth;
using namespace evalsynth::lang;
using Catch::Matchers::Contains;

namespace {

template <class G>
void check_programs(const G& game, std::uint64_t seed) {
  Rng rng(seed);
  for (int i = 0; i < 60; ++i) {
    const Program program = random_program(rng, 5 + static_cast<std::size_t>(rng.below(120)), std::nullopt, G::kFamily);
    // Printed, it reads back as the same program of the same game.
    const std::string text = to_text(program);
    REQUIRE(text.starts_with("game " + std::string(family_name(G::kFamily))));
    const Program back = parse_program(text, "p.eval");
    REQUIRE(back == program);
    REQUIRE(back.canonical_hash() == program.canonical_hash());
    const GameProgram<G> compiled(game, program), interpreted(game, program, false);
    CHECK_FALSE(interpreted.is_native());
    for (int j = 0; j < 40; ++j) {
      typename G::Position p = game.start();
      for (int plies = rng.below(game.max_plies()); plies > 0 && game.status(p) == Status::Ongoing; --plies)
        p = game.play(p, random_move(game, p, rng));
      INFO(text << "\n" << game.board_text(p));
      const std::int32_t walked = test::ProgramWalk<G>(game, program, p).run();
      REQUIRE(compiled(p) == walked);
      REQUIRE(interpreted(p) == walked);
    }
  }
}

}  // namespace

TEST_CASE("other games' programs: printed and read back, compiled equal to a tree walk", "[lang][games]") {
  check_programs(mnk::Game(3, 3, 3), 1);
  check_programs(mnk::Game(5, 4, 4), 2);
  check_programs(mnk::FillGame(4, 4, 3), 3);
  check_programs(adjacent4::Game(8, 6), 4);
  check_programs(modnim::Game(30, 3), 5);
  // Programs that read no feature (squares only) or simplify to a number
  // skip the feature pass: the same values.
  const mnk::Game drop(7, 6, 4, mnk::Placement::Drop);
  const auto p = drop.parse_position("d1d2c1", TextLocation{"t"});
  CHECK(GameProgram<mnk::Game>(drop, parse_program("game mnk\n3 * 4 - 5", "c"))(p) == 7);
  CHECK(GameProgram<mnk::Game>(drop, parse_program("game mnk\n0 - 2147483647 - 1", "c"))(drop.start()) ==
        -2147483647 - 1);
  CHECK(GameProgram<mnk::Game>(drop, parse_program("game mnk\n10 * sq(0, 3) + sq(1, 3) + 5 * sq(0, 2)", "s"))(p) ==
        10 - 1 + 5);
}

TEST_CASE("native code for other games keeps its values across the game's calls, and deep stacks in its frame",
          "[lang][games][native]") {
  const mnk::Game drop(5, 4, 3, mnk::Placement::Drop);
  // Values computed before a computed sq() live in registers
  // the game's call may change; stacks deeper than the registers live in
  // the frame.
  std::vector<std::string> texts = {
      "(threats(x) + 1) + ((open_lines(o) - 2) * sq(moves() % 4, open_lines(x) % 5))",
      "(moves() + 1) - ((to_move() - 3) * ((stones(x) + 7) - sq(moves() % 3, (moves() + 1) % 5)))",
      "(stones(x) + 1) * ((stones(o) + 2) - ((moves() + 3) * (sq(1, 2) - sq(0, 3) - sq(to_move(), moves() % 5))))",
  };
  std::string deep = "moves()";
  for (int i = 1; i <= 14; ++i)
    deep = "(stones(x) + " + std::to_string(i) + ") - (" + deep + " * sq(" + std::to_string(i % 4) + ", moves() % 5))";
  texts.push_back(deep);
  Rng rng(9);
  for (const std::string& text : texts) {
    const Program program = parse_program("game mnk\n" + text, "n.eval");
    const GameProgram<mnk::Game> native(drop, program), interpreted(drop, program, false);
    CHECK(native.is_native() == native_code_enabled());
    for (int j = 0; j < 200; ++j) {
      mnk::Game::Position p = drop.start();
      for (int plies = rng.below(drop.max_plies()); plies > 0 && drop.status(p) == Status::Ongoing; --plies)
        p = drop.play(p, random_move(drop, p, rng));
      INFO(text << "\n" << drop.board_text(p));
      REQUIRE(native(p) == interpreted(p));
      REQUIRE(native(p) == test::ProgramWalk<mnk::Game>(drop, program, p).run());
    }
  }
}

TEST_CASE("a program names its game, and another game's features and cells are refused where written",
          "[lang][games]") {
  const Program p =
      parse_program("game mnk(4,4,4)\n# a comment after the game line\nthreats(x) - forks(o)\n", "a.eval");
  CHECK(p.family() == mnk::kFamily);
  CHECK(p.game.text() == "mnk(4,4,4)");
  CHECK(to_text(p) == "game mnk(4,4,4)\nthreats(x) - forks(o)");
  CHECK(parse_program("game tictactoe\nwindows(x, 2)", "t").family() == mnk::kFamily);
  auto error_of = [](const std::string& text) {
    try {
      parse_program(text, "e.eval");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK_THAT(error_of("forks(x)"), Contains("e.eval:1:1") && Contains("feature of mnk and adjacent4") &&
                                       Contains("a program for another game begins with a line `game NAME`"));
  CHECK_THAT(error_of("game modnim\nsq(0, 0)"), Contains("e.eval:2:1") && Contains("modnim has none"));
  CHECK_THAT(error_of("game mnk\nheight(1)"), Contains("e.eval:2:1") && Contains("no columns"));
  CHECK_THAT(error_of("game mnk\nthreats(x, 2)"), Contains("e.eval:2:1") && Contains("takes 1 argument"));
  CHECK_THAT(error_of("game mnk\nwindows(x, 9)"), Contains("e.eval:2:12") && Contains("1, 2, 3, 4, 5, 6 or 7"));
  CHECK_THAT(error_of("game mnk(2,2)\n1"), Contains("e.eval:1:6") && Contains("mnk takes M columns"));
  CHECK_THAT(error_of("# lead\ngame go\n1"), Contains("e.eval:2:6") && Contains("unknown game 'go'"));
  CHECK_THAT(error_of("game modnim\nsticks() + threats(x)"),
             Contains("e.eval:2:12") && Contains("feature of connect4, mnk and adjacent4"));
}

TEST_CASE("grammars name their game and derive only its programs", "[lang][games][grammar]") {
  const Grammar g =
      parse_grammar("game modnim\nstart int\nint ::= sticks() | int % int | const(1 .. 4)\n", "n.grammar");
  CHECK(g.family == modnim::kFamily);
  CHECK_FALSE(g.why_not_derived(parse_program("game modnim\nsticks() % 4", "p")));
  const auto why = g.why_not_derived(parse_program("4", "p"));
  REQUIRE(why);
  CHECK_THAT(*why, Contains("for connect4") && Contains("for modnim"));
  try {
    parse_grammar("game modnim\nstart int\nint ::= threats(x)\n", "n.grammar");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Contains("n.grammar:3:9") && Contains("unknown function or feature 'threats'") &&
                                          Contains("a feature of connect4, mnk and adjacent4"));
  }
}
