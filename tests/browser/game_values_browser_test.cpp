// The playable page of the games other than Connect4 (evalsynth export
// --html) in a real browser: the page's JavaScript evaluator computes exactly
// what evalsynth's interpreter computes (lang/game_program.hpp), on
// hand-written programs reading every feature of the game's library and on
// random programs of its family, over random positions of each game (won,
// drawn and full boards included) for tic-tac-toe, m,n,k-games of several
// shapes (their line features counted both ways evalsynth counts them), the
// fill variant, adjacent4, ModNim, checkers (whose positions the page
// reaches through its own move generator and notation) and Othello (whose
// moves and results the page's rules give as evalsynth's, and whose built-in
// networks the page carries).

#include <catch2/catch.hpp>
#include <set>
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

// Every checkers feature of both sides, sq on dark, light and outside
// squares, and lets named as the page's own names.
const std::vector<std::string> kCheckersPrograms = {
    "men(x) - men(o) * 2 + kings(x) * 3 - kings(o) * 5 + back_rank(x) * 7 - back_rank(o) * 11 + advance(x) * 13 - "
    "advance(o) * 17 + centre(x) * 19 - centre(o) * 23 + edge(x) * 29 - edge(o) * 31",
    "mobility(x) - mobility(o) * 2 + jumpers(x) * 3 - jumpers(o) * 5 + exposed(x) * 7 - exposed(o) * 11 + moves() * "
    "to_move() * 13 + quiet() * 17",
    "sq(0, 1) + sq(7, 6) * 2 - sq(2, 2) * 3 + sq(0 - 1, 1) * 5 + sq(moves() % 8, quiet() % 8) * 7 + sq(3, 12) * 11",
    "let quiet = quiet() in let SIZE = moves() in let BOARD = kings(x) in let squareAt = 3 in let checkersMen = "
    "men(o) in quiet * SIZE + BOARD - squareAt * checkersMen",
};

// Every Othello feature of both sides, sq inside and outside the board, and
// lets named as the page's own names.
const std::vector<std::string> kOthelloPrograms = {
    "discs(x) - discs(o) * 2 + mobility(x) * 3 - mobility(o) * 5 + potential_mobility(x) * 7 - "
    "potential_mobility(o) * 11 + frontier(x) * 13 - frontier(o) * 17 + corners(x) * 19 - corners(o) * 23",
    "x_squares(x) - x_squares(o) * 2 + c_squares(x) * 3 - c_squares(o) * 5 + edges(x) * 7 - edges(o) * 11 + "
    "stable(x) * 13 - stable(o) * 17 + empties() * 19 + moves() * to_move() * 23",
    "sq(0, 0) + sq(7, 7) * 2 - sq(3, 4) * 3 + sq(0 - 1, 1) * 5 + sq(moves() % 9, empties() % 9) * 7 + sq(3, 12) * 11",
    "let SIZE = moves() in let BIT = discs(x) in let PASS = 3 in let popcount = stable(o) in let othelloDiscs = "
    "discs(o) in let shift = 2 in SIZE * BIT + PASS - popcount * othelloDiscs + shift",
};

// Othello's built-in networks (othello(8)'s only), first: the page is made
// from the first program, and carries the networks it reads.
const std::vector<std::string> kOthelloNetworkPrograms = {
    "3 * tuples() - wpc_td() + discs(x) + tuples2() / 7",
    "let boardNets = wpc_td() in let boardNetValue = tuples() in boardNets * 7 - boardNetValue / 3",
};

std::vector<lang::Program> programs_of(const GameDescriptor& game, Rng& rng) {
  const GameFamily family = game.family;
  std::vector<lang::Program> programs;
  const std::string line = "game " + std::string(family_name(family)) + "\n";
  if (game == parse_game("othello"))
    for (const std::string& text : kOthelloNetworkPrograms) programs.push_back(lang::parse_program(line + text));
  for (const std::string& text : family == modnim::kFamily     ? kModnimPrograms
                                 : family == checkers::kFamily ? kCheckersPrograms
                                 : family == othello::kFamily  ? kOthelloPrograms
                                                               : kGridPrograms)
    programs.push_back(lang::parse_program(line + text));
  for (int i = 0; i < 30; ++i)
    programs.push_back(
        lang::random_program(rng, 5 + static_cast<std::size_t>(rng.below(i < 20 ? 60 : 200)), std::nullopt, family));
  return programs;
}

// The page's board after `moves`: cells or sticks as numbers, checkers'
// moves as their text, read by the page's own parseMoves.
template <class G>
std::string board_after(const G& game, const std::vector<typename G::Move>& moves) {
  std::string text;
  typename G::Position p = game.start();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) text += ',';
    if constexpr (G::kFamily == checkers::kFamily)
      text += game.move_text(p, moves[i]);
    else
      text += std::to_string(moves[i]);
    p = game.play(p, moves[i]);
  }
  if constexpr (G::kFamily == checkers::kFamily)
    return "Board.fromMoves(parseMoves('" + text + "'))";
  else
    return "Board.fromMoves([" + text + "])";
}

// Random games of `game` cut at random lengths, finished games included.
template <class G>
std::vector<std::vector<typename G::Move>> random_games(const G& game, Rng& rng, int count) {
  std::vector<std::vector<typename G::Move>> games;
  while (static_cast<int>(games.size()) < count) {
    typename G::Position p = game.start();
    std::vector<typename G::Move> moves;
    const int plies = rng.below(game.max_plies() + 1);
    for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) {
      MovesOf<G> legal;
      game.legal_moves(p, legal);
      const typename G::Move m = legal[static_cast<std::size_t>(rng.below(static_cast<int>(legal.size())))];
      p = game.play(p, m);
      moves.push_back(m);
    }
    games.push_back(moves);
  }
  return games;
}

// The games whose page's rules are compared with evalsynth's move by move.
template <class G>
constexpr bool kRulesChecked = G::kFamily == checkers::kFamily || G::kFamily == othello::kFamily;

template <class G>
void check_values(const std::string& game_name, const G& game, Rng& rng) {
  INFO("game " << game_name);
  const test::ScratchFolder dir("browser-game-values");
  const GameDescriptor descriptor = parse_game(game_name);
  const std::vector<lang::Program> programs = programs_of(descriptor, rng);
  const std::vector<std::vector<typename G::Move>> games = random_games(game, rng, 300);

  std::string script = "const programs = [];\n";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const std::string name = "program" + std::to_string(i);
    script += exporter::js_evaluator(programs[i], name) + "programs.push(" + name + ");\n";
  }
  script += "const positions = [";
  for (const auto& g : games) script += "() => " + board_after(game, g) + ",\n";
  script +=
      "];\n"
      "document.getElementById('test-out').textContent = positions.map((made) => {\n"
      "  const b = made();\n"
      "  const values = programs.map((f) => f(b)).join(' ');\n"
      "  // Checkers and Othello: the page's own rules too (its moves in order, and the status).\n"
      "  return GAME.family !== 'checkers' && GAME.family !== 'othello' ? values : `${values} | ${b.plies} "
      "${b.status()} "
      "${movesText(b.legalMoves())}`;\n"
      "}).join('\\n');\n";
  const std::string page = exporter::play_page(programs[0], {"values", {"test"}, 4, descriptor});
  test::write_file(dir / "values.html", test::with_script(page, script));
  const test::Run r = test::load_in_chromium(dir / "values.html");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("data-errors") == std::string::npos);
  std::istringstream lines(test::test_output(r));
  std::vector<lang::GameProgram<G>> interpreted;
  for (const lang::Program& p : programs) interpreted.emplace_back(game, p);
  std::size_t compared = 0, mismatches = 0, rules = 0;
  for (const auto& g : games) {
    typename G::Position p = game.start();
    for (const auto& m : g) p = game.play(p, m);
    std::string line;
    REQUIRE(std::getline(lines, line));
    std::istringstream values(line.substr(0, line.find(" | ")));
    if constexpr (kRulesChecked<G>) {
      MovesOf<G> legal;
      game.legal_moves(p, legal);
      std::string moves;
      for (const auto& m : legal)
        moves.append(moves.empty() || G::kFamily == othello::kFamily ? "" : ",").append(game.move_text(p, m));
      const Status status = game.status(p);
      const char* const status_word = status == Status::Ongoing ? "null"
                                      : status == Status::XWon  ? "1"
                                      : status == Status::OWon  ? "-1"
                                                                : "draw";
      const std::string expected = std::to_string(p.plies).append(" ").append(status_word).append(" ").append(moves);
      INFO("after " << board_after(game, g));
      REQUIRE(line.find(" | ") != std::string::npos);
      CHECK(line.substr(line.find(" | ") + 3) == expected);
      ++rules;
    }
    for (std::size_t i = 0; i < programs.size(); ++i) {
      long long v = 0;
      REQUIRE(values >> v);
      ++compared;
      if (v != interpreted[i](p) && mismatches++ < 5)
        FAIL_CHECK("program " << i << " " << lang::to_text(programs[i]) << " at " << board_after(game, g)
                              << ": JavaScript " << v << ", interpreter " << interpreted[i](p));
    }
  }
  CHECK(compared == games.size() * programs.size());
  CHECK(mismatches == 0);
  CHECK(rules == (kRulesChecked<G> ? games.size() : 0));
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
  // The rules a game file may choose: gravity, adjacency, some directions.
  SECTION("stones that drop") { check_values("mnk(5,4,3,drop)", mnk::Game(5, 4, 3, mnk::Placement::Drop), rng); }
  SECTION("adjacent, lines across and up only") {
    check_values("mnk(5,5,4,adjacent,across,up)",
                 mnk::Game(5, 5, 4, mnk::Placement::Adjacent, grid::kAcross | grid::kUp), rng);
  }
  SECTION("modnim") { check_values("modnim", modnim::Game(100, 3), rng); }
  SECTION("modnim, many moves") { check_values("modnim(30,64)", modnim::Game(30, 64), rng); }
  SECTION("checkers") { check_values("checkers", checkers::Game(8), rng); }
  SECTION("checkers, 6 x 6, a short draw rule") { check_values("checkers(6,20)", checkers::Game(6, 20), rng); }
  SECTION("checkers, 4 x 4") { check_values("checkers(4)", checkers::Game(4), rng); }
  SECTION("checkers, 4 x 4, a blocked side draws") {
    check_values("checkers(4,blocked-draws)", checkers::Game(4, checkers::kDrawQuietPlies, true), rng);
  }
  SECTION("othello") { check_values("othello", othello::Game(8), rng); }
  SECTION("othello, 6 x 6") { check_values("othello(6)", othello::Game(6), rng); }
}

TEST_CASE("the design document's network on the page computes exactly evalsynth's values", "[browser][export]") {
  // A trained-looking network: weights large enough to use the sigmoids' range.
  const adjacent4::Game game(6, 5);
  model::WinNet net(game.name(), game.cell_board().cells, 12);
  Rng rng(44);
  for (double& w : net.parameters()) w = 3 * (rng.unit() - 0.5);
  const model::WinNetEvaluator<adjacent4::Game> evaluator{std::make_shared<const model::WinNet>(net)};
  const auto games = random_games(game, rng, 300);
  std::string script = "const positions = [";
  for (const auto& g : games) script += "() => " + board_after(game, g) + ",\n";
  script +=
      "];\ndocument.getElementById('test-out').textContent = positions.map((made) => evaluate(made())).join('\\n');\n";
  const test::ScratchFolder dir("browser-win-net");
  const std::string page = exporter::play_page(net, {"values", {"test"}, 4, parse_game(game.name())});
  test::write_file(dir / "values.html", test::with_script(page, script));
  const test::Run r = test::load_in_chromium(dir / "values.html");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("data-errors") == std::string::npos);
  std::istringstream lines(test::test_output(r));
  std::size_t compared = 0, distinct = 0;
  std::set<long long> seen;
  for (const auto& g : games) {
    grid::Stones p = game.start();
    for (const int m : g) p = game.play(p, m);
    long long v = 0;
    REQUIRE(lines >> v);
    INFO("after " << board_after(game, g));
    CHECK(v == evaluator(p));
    ++compared;
    distinct += seen.insert(v).second;
  }
  CHECK(compared == games.size());
  CHECK(distinct > 100);  // the values differ from position to position
}
