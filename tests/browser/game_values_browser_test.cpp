// The playable page of the games other than Connect4 (evalsynth export
// --html) in a real browser: the page's JavaScript evaluator computes exactly
// what evalsynth's interpreter computes (lang/game_program.hpp), on
// hand-written programs reading every feature of the game's library and on
// random programs of its family, over random positions of each game (won,
// drawn and full boards included) for tic-tac-toe, m,n,k-games of several
// shapes (their line features counted both ways evalsynth counts them), the
// fill variant, adjacent4 and ModNim.

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "browser/page_script.hpp"
#include "export/js_export.hpp"
#include "export/play_page.hpp"
#include "games/registry.hpp"
#include "lang/game_program.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"

using namespace evalsynth;

namespace {

// Every feature of the k-in-a-row boards, both sides, sq and the integers' corners.
const std::vector<std::string> kGridPrograms = {
    "windows(x, 1) + windows(o, 2) * 3 - windows(x, 3) * 5 + windows(o, 4) * 7 - windows(x, 5) + windows(o, 6) + "
    "windows(x, 7) * 2 - windows(o, 1) + windows(x, 2) - windows(o, 3) + windows(x, 4) * 11",
    "threats(x) * 7 - threats(o) * 3 + forks(x) * 11 - forks(o) * 13 + lines(x) * 17 - lines(o) * 19 + "
    "open_lines(x) - open_lines(o) * 2",
    "stones(x) - stones(o) * 2 + centre(x) * 3 - centre(o) * 5 + corners(x) * 7 - corners(o) + edges(x) * 11 - "
    "edges(o) * 13 + neighbours(x) * 17 - neighbours(o) * 19 + moves() * to_move() + mobility() * 23",
    "sq(0, 0) * 3 + sq(1, 2) - sq(0 - 1, 2) * 5 + sq(moves() % 5, moves() % 7) * 7 + sq(2, 16) + sq(3, 1) * 9 + "
    "sq(mobility() % 4, to_move())",
    "2147483647 + stones(x) * 2147483647 - windows(o, 1) * 1000000007 + threats(x) * 65536 * 65536",
    "(0 - 2147483647 - 1) / (moves() % 2 - 1) + abs(0 - 2147483647 - moves() % 2) + mobility() % (to_move() - 1) + "
    "7 / (neighbours(x) - 2) - (0 - 17) % (corners(o) - 1) + min(sq(1, 1), lines(x) - 1) * max(forks(o), 2)",
    // Lets named as the runtime's and the evaluator's own names.
    "let data = 3 in let state = stones(x) in let turn = state * 2 in let line_counts = turn - data in "
    "let sq = threats(o) in let limit = 5 in let sticks = limit + 1 in let evaluate = sq * forks(x) in "
    "if line_counts > 2 and not (sq == 4) then line_counts + evaluate + sticks else limit - data",
};

const std::vector<std::string> kModnimPrograms = {
    "sticks() * 3 - limit() * 5 + moves() * to_move() + 7",
    "if sticks() % (limit() + 1) = 1 then -1000 * to_move() else 1000 * to_move()",
    "2147483647 * sticks() + (0 - 2147483647 - 1) / (to_move() - 0) + abs(0 - 2147483647 - moves() % 2) + "
    "sticks() % (moves() % 3 - 1) + 1000000007 * limit() * limit()",
    "let sticks = sticks() in let limit = limit() + sticks in let evaluate = limit * moves() in let state = 2 in "
    "let moves = to_move() in evaluate - state % sticks + moves / (sticks - 3)",
};

std::vector<lang::Program> programs_of(GameFamily family, Rng& rng) {
  std::vector<lang::Program> programs;
  const std::string line = "game " + std::string(family_name(family)) + "\n";
  for (const std::string& text : family == GameFamily::ModNim ? kModnimPrograms : kGridPrograms)
    programs.push_back(lang::parse_program(line + text));
  for (int i = 0; i < 30; ++i)
    programs.push_back(
        lang::random_program(rng, 5 + static_cast<std::size_t>(rng.below(i < 20 ? 60 : 200)), false, family));
  return programs;
}

std::string move_list(const std::vector<int>& moves) {
  std::string text = "[";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) text += ',';
    text += std::to_string(moves[i]);
  }
  return text + "]";
}

// Random games of `game` cut at random lengths, finished games included.
template <class G>
std::vector<std::vector<int>> random_games(const G& game, Rng& rng, int count) {
  std::vector<std::vector<int>> games;
  while (static_cast<int>(games.size()) < count) {
    typename G::Position p = game.start();
    std::vector<int> moves;
    const int plies = rng.below(game.max_plies() + 1);
    for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) {
      MovesOf<G> legal;
      game.legal_moves(p, legal);
      const int m = legal[static_cast<std::size_t>(rng.below(static_cast<int>(legal.size())))];
      p = game.play(p, m);
      moves.push_back(m);
    }
    games.push_back(moves);
  }
  return games;
}

template <class G>
void check_values(const std::string& game_name, const G& game, Rng& rng) {
  INFO("game " << game_name);
  const test::ScratchFolder dir("browser-game-values");
  const GameDescriptor descriptor = parse_game(game_name);
  const std::vector<lang::Program> programs = programs_of(G::kFamily, rng);
  const std::vector<std::vector<int>> games = random_games(game, rng, 300);

  std::string script = "const programs = [];\n";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const std::string name = "program" + std::to_string(i);
    script += exporter::js_evaluator(programs[i], name) + "programs.push(" + name + ");\n";
  }
  script += "const positions = [";
  for (const std::vector<int>& g : games) script += move_list(g) + ",\n";
  script +=
      "];\n"
      "document.getElementById('test-out').textContent = positions.map((m) => {\n"
      "  const b = Board.fromMoves(m);\n"
      "  return programs.map((f) => f(b)).join(' ');\n"
      "}).join('\\n');\n";
  const std::string page = exporter::play_page(programs[0], {"values", {"test"}, 4, descriptor});
  test::write_file(dir / "values.html", test::with_script(page, script));
  const test::Run r = test::load_in_chromium(dir / "values.html");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("data-errors") == std::string::npos);
  std::istringstream values(test::test_output(r));
  std::vector<lang::GameProgram<G>> interpreted;
  for (const lang::Program& p : programs) interpreted.emplace_back(game, p);
  std::size_t compared = 0, mismatches = 0;
  for (const std::vector<int>& g : games) {
    typename G::Position p = game.start();
    for (int m : g) p = game.play(p, m);
    for (std::size_t i = 0; i < programs.size(); ++i) {
      long long v = 0;
      REQUIRE(values >> v);
      ++compared;
      if (v != interpreted[i](p) && mismatches++ < 5)
        FAIL_CHECK("program " << i << " " << lang::to_text(programs[i]) << " at " << move_list(g) << ": JavaScript "
                              << v << ", interpreter " << interpreted[i](p));
    }
  }
  CHECK(compared == games.size() * programs.size());
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("the game pages' JavaScript evaluators compute exactly the interpreter's values", "[browser][export]") {
  Rng rng(41);
  SECTION("tic-tac-toe") { check_values("tictactoe", mnk::Game(3, 3, 3), rng); }
  SECTION("mnk, lines counted line by line") { check_values("mnk(5,4,4)", mnk::Game(5, 4, 4), rng); }
  SECTION("mnk, lines counted by direction") { check_values("mnk(7,6,4)", mnk::Game(7, 6, 4), rng); }
  SECTION("mnk, one in a row") { check_values("mnk(4,3,1)", mnk::Game(4, 3, 1), rng); }
  SECTION("mnk fill") { check_values("mnk(4,4,3,fill)", mnk::FillGame(4, 4, 3), rng); }
  SECTION("mnk fill, a full 64-cell board") { check_values("mnk(8,8,5,fill)", mnk::FillGame(8, 8, 5), rng); }
  SECTION("mnk fill, two rows") { check_values("mnk(6,2,2,fill)", mnk::FillGame(6, 2, 2), rng); }
  SECTION("adjacent4") { check_values("adjacent4", adjacent4::Game(8, 6), rng); }
  SECTION("adjacent4, small") { check_values("adjacent4(5,4)", adjacent4::Game(5, 4), rng); }
  SECTION("modnim") { check_values("modnim", modnim::Game(100, 3), rng); }
  SECTION("modnim, many moves") { check_values("modnim(30,64)", modnim::Game(30, 64), rng); }
}
