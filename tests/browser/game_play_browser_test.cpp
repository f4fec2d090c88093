// The playable page of the games other than Connect4 (evalsynth export
// --html) in a real browser: scripted clicks (the human's moves at random
// among the cells or buttons the page enables, or every third from the
// page's hint, at depths 1-4, either side first) get evalsynth's own replies
// (tournament/player.hpp with the left-to-right move order) on every
// position of tic-tac-toe, the fill variant, adjacent4, ModNim, checkers
// (a piece clicked, then its square) and Othello (a cell, or pass); undo,
// positions given after '#', and finished games shown with their result.

#include <catch2/catch.hpp>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "browser/page_script.hpp"
#include "game/move_order.hpp"
#include "games/registry.hpp"
#include "tournament/player.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

// Plays games on the page by clicking, writing one line per game: depth,
// who moved first, the moves, which of the human's moves came from a hint
// (h) or at random (r), and the result the page found (X, O or draw). Then
// checks undo.
const char* const kClickScript = R"(
(async () => {
  const out = [];
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  const settle = async () => { while (document.body.dataset.turn === 'engine') await pause(); };
  const choose = (id, value) => {
    const s = document.getElementById(id);
    s.value = value;
    s.dispatchEvent(new Event('change'));
  };
  const enabled = () => [...document.querySelectorAll('#board button')].filter((b) => !b.disabled);
  // Clicks the hinted move: a cell, a number of sticks, or a checkers piece
  // and then its square (or the button naming the jump sequence).
  const playHint = () => {
    const status = document.getElementById('status').textContent;
    if (/Hint: pass/.test(status)) return document.querySelector('button.pass').click();
    const cell = /Hint: ([a-p]\d+)/.exec(status);
    if (cell) return document.querySelector(`button[aria-label="cell ${cell[1]}"]`).click();
    const take = /Hint: take (\d+)/.exec(status);
    if (take) return document.querySelector(`button[data-take="${take[1]}"]`).click();
    const move = /Hint: ((\d+)[-x](?:\d+x)*(\d+))/.exec(status);
    document.querySelector(`button[aria-label="square ${move[2]}"]`).click();
    const sequence = document.querySelector(`button[data-move="${move[1]}"]`);
    (sequence || document.querySelector(`button[aria-label="square ${move[3]}"]`)).click();
  };
  // Clicks enabled buttons at random until a move is made (checkers takes two clicks).
  const playRandom = () => {
    const before = document.body.dataset.moves;
    for (let clicks = 0; document.body.dataset.moves === before && clicks < 1000; ++clicks) {
      const choices = enabled();
      choices[random(choices.length)].click();
    }
  };
  let seed = 20261125;
  const random = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 16) % n; };
  for (const depth of [1, 2, 3, 4])
    for (const first of ['you', 'engine'])
      for (let game = 0; game < GAMES_PER_SETTING; ++game) {
        choose('depth', String(depth));
        choose('first', first);
        document.getElementById('new-game').click();
        await settle();
        let how = '';
        while (document.body.dataset.turn === 'you') {
          if (how.length % 3 === 2) {
            document.getElementById('hint').click();
            playHint();
            how += 'h';
          } else {
            playRandom();
            how += 'r';
          }
          await settle();
        }
        const over = window.evalsynthPlay.state.over;
        out.push(`${depth} ${first} ${document.body.dataset.moves || '-'} ${how || '-'} ${over === 1 ? 'X' : over === -1 ? 'O' : over}`);
      }
  // Undo: back to the position before the human's last move.
  choose('depth', '1');
  choose('first', 'you');
  // The first move offered (checkers: the first piece, then its first square).
  const first = () => {
    const before = document.body.dataset.moves;
    enabled()[0].click();
    if (document.body.dataset.moves === before) document.querySelector('#board button.target:not(:disabled), #board button.sequence').click();
  };
  for (let i = 0; i < 2; ++i) { first(); await settle(); }
  const before = document.body.dataset.moves;
  first();
  await settle();
  document.getElementById('undo').click();
  out.push(`undo ${before} ${document.body.dataset.moves} ${document.body.dataset.turn}`);
  document.getElementById('test-out').textContent = out.join('\n');
})();
)";

// The moves of a move text: cells ("b2a1") or numbers of sticks ("3,1,2").
std::vector<std::string> move_words(const std::string& text) {
  std::vector<std::string> words;
  if (text == "-") return words;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t end = i;
    if (text.compare(i, 4, "pass") == 0)
      end = i + 4;  // Othello's pass
    else if (std::isalpha(static_cast<unsigned char>(text[i])))
      while (end < text.size() && (end == i || std::isdigit(static_cast<unsigned char>(text[end])))) ++end;
    else
      end = std::min(text.find(',', i), text.size());
    words.push_back(text.substr(i, end - i));
    i = end < text.size() && text[end] == ',' ? end + 1 : end;
  }
  return words;
}

template <class G>
typename G::Move engine_choice(const G& game, const Player<G>& engine, const typename G::Position& p) {
  Rng unused(1);
  SearchCounters counters;
  return choose_move(game, engine, p, MoveOrder::LeftToRight, unused, counters);
}

// Exports `program` for `game_name`, plays the scripted games on its page
// and checks every engine move and hint against evalsynth's players.
template <class G>
void check_play(const std::string& game_name, const G& game, const std::string& program, int games_per_setting) {
  INFO("game " << game_name);
  const test::ScratchFolder dir("browser-game-play");
  test::write_file(dir / "program.eval", program);
  const test::Run exported = test::run_evalsynth("export " + (dir / "program.eval") + " --html " + (dir / "play.html") +
                                                 " --game " + game_name);
  INFO(exported.output);
  REQUIRE(exported.exit_code == 0);
  std::string script = kClickScript;
  script.replace(script.find("GAMES_PER_SETTING"), 17, std::to_string(games_per_setting));
  test::write_file(dir / "clicks.html", test::with_script(test::read_file(dir / "play.html"), script));
  const test::Run r = test::load_in_chromium(dir / "clicks.html", 1000000);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("data-errors") == std::string::npos);
  const std::string out = test::test_output(r);
  INFO(out);

  std::istringstream lines(out);
  std::string line;
  int played = 0, engine_moves = 0, hints = 0;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string first, moves, how, result;
    if (line.starts_with("undo")) {
      std::string before, after, turn;
      fields >> first >> before >> after >> turn;
      CHECK(move_words(before).size() == 4);  // two moves each
      CHECK(after == before);
      CHECK(turn == "you");
      continue;
    }
    int depth = 0;
    fields >> depth >> first >> moves >> how >> result;
    REQUIRE((depth >= 1 && depth <= 4));
    ++played;
    const Player<G> engine = program_player(game, dir / "program.eval", depth);
    const std::size_t engine_parity = first == "engine" ? 0 : 1;
    typename G::Position p = game.start();
    std::size_t human_move = 0;
    const std::vector<std::string> words = move_words(moves);
    for (std::size_t i = 0; i < words.size(); ++i) {
      REQUIRE(game.status(p) == Status::Ongoing);
      const typename G::Move m = game.parse_move(p, words[i], TextLocation{"page"});
      if (i % 2 == engine_parity) {
        INFO("game " << line << ", engine move " << i + 1);
        CHECK(m == engine_choice(game, engine, p));
        ++engine_moves;
      } else {
        REQUIRE(human_move < how.size());
        if (how[human_move] == 'h') {
          INFO("game " << line << ", hinted move " << i + 1);
          CHECK(m == engine_choice(game, engine, p));
          ++hints;
        }
        ++human_move;
      }
      p = game.play(p, m);
    }
    // Each game was played to its end, and the page's result is evalsynth's.
    const Status status = game.status(p);
    CHECK(status != Status::Ongoing);
    CHECK(result == (status == Status::XWon ? "X" : status == Status::OWon ? "O" : "draw"));
  }
  CHECK(played == 8 * games_per_setting);
  CHECK(engine_moves >= 8 * games_per_setting);
  CHECK(hints > 0);

  // play.html#MOVES starts after those moves; the engine replies at once when it is its turn.
  std::string start = "b2";
  if constexpr (requires { game.placement(); })
    if (game.placement() == mnk::Placement::Drop) start = "b1";  // stones drop: b2 is not yet playable
  if constexpr (G::kFamily == modnim::kFamily) start = "2";
  if constexpr (G::kFamily == checkers::kFamily) start = game.size() == 4 ? "1-3" : game.size() == 6 ? "4-7" : "11-15";
  if constexpr (G::kFamily == othello::kFamily) start = "d3";
  const test::Run started = test::load_in_chromium(dir / "play.html#" + start);
  typename G::Position after = game.parse_position(start, TextLocation{"test"});
  const typename G::Move reply = engine_choice(game, program_player(game, dir / "program.eval", 4), after);
  const std::string separator =
      G::kFamily == mnk::kFamily || G::kFamily == adjacent4::kFamily || G::kFamily == othello::kFamily ? "" : ",";
  CHECK_THAT(started.output, Contains("data-moves=\"" + start + separator + game.move_text(after, reply) + "\"") &&
                                 Contains("data-turn=\"you\""));
}

}  // namespace

TEST_CASE("game pages: scripted clicks get evalsynth's own replies at depths 1-4", "[browser][export]") {
  SECTION("tic-tac-toe") {
    check_play("tictactoe", mnk::Game(3, 3, 3), *reference_program(parse_game("tictactoe"), "threat-lines"), 3);
  }
  SECTION("mnk, fill") {
    check_play("'mnk(4,4,3,fill)'", mnk::FillGame(4, 4, 3),
               "game mnk\nlines(x) * 10 - lines(o) * 10 + open_lines(x) - open_lines(o) + forks(x) - forks(o)", 1);
  }
  SECTION("mnk, 5 x 5, four in a row") {
    check_play("'mnk(5,5,4)'", mnk::Game(5, 5, 4), *reference_program(parse_game("mnk"), "open-lines"), 1);
  }
  SECTION("stones that drop (a game file's rule)") {
    check_play("'mnk(5,4,3,drop)'", mnk::Game(5, 4, 3, mnk::Placement::Drop),
               *reference_program(parse_game("mnk"), "threat-lines"), 2);
  }
  SECTION("adjacent4") {
    check_play("adjacent4", adjacent4::Game(8, 6), *reference_program(parse_game("adjacent4"), "decision-tree"), 1);
  }
  SECTION("modnim") {
    check_play("'modnim(21,3)'", modnim::Game(21, 3), *reference_program(parse_game("modnim"), "parity"), 2);
  }
  SECTION("checkers") {
    check_play("checkers", checkers::Game(8), *reference_program(parse_game("checkers"), "positional"), 1);
  }
  SECTION("checkers, 6 x 6") {
    check_play("'checkers(6,30)'", checkers::Game(6, 30), *reference_program(parse_game("checkers"), "positional"), 1);
  }
  SECTION("checkers, 4 x 4") {
    check_play("'checkers(4)'", checkers::Game(4), *reference_program(parse_game("checkers"), "material"), 1);
  }
  SECTION("othello") {
    check_play("othello", othello::Game(8), *reference_program(parse_game("othello"), "mobility-corners"), 1);
  }
}

TEST_CASE("game pages: finished games show their result", "[browser][export]") {
  const test::ScratchFolder dir("browser-game-over");
  const auto page_of = [&](const std::string& game, const std::string& program, const std::string& hash) {
    test::write_file(dir / "p.eval", program);
    const test::Run exported =
        test::run_evalsynth("export " + (dir / "p.eval") + " --html " + (dir / "p.html") + " --game '" + game + "'");
    REQUIRE(exported.exit_code == 0);
    return test::load_in_chromium(dir / "p.html#" + hash).output;
  };
  // Three in a row for X (you): the line ringed, no more moves.
  const std::string won = page_of("tictactoe", "game mnk\nstones(x)", "a1a2b1b2c1");
  CHECK_THAT(won, Contains("3 in a row: you win!") && Contains("data-turn=\"over\""));
  std::size_t ringed = 0;
  for (std::size_t at = 0; (at = won.find(" win\"", at)) != std::string::npos; ++at) ++ringed;
  CHECK(ringed == 3);
  CHECK(won.find("cell legal") == std::string::npos);
  // The fill variant: columns a and c for X, b and d for O, four lines of 3 each.
  const std::string full = page_of("mnk(4,4,3,fill)", "game mnk\nlines(x)", "a1b1c1d1a2b2c2d2a3b3c3d3a4b4c4d4");
  CHECK_THAT(full, Contains("The board is full: X holds 4 lines of 3, O 4. A draw.") && Contains("data-turn=\"over\""));
  // ModNim: one stick left for the engine (O), which must take it.
  const std::string nim = page_of("modnim(21,3)", "game modnim\nsticks()", "3,3,3,3,3,3,2");
  CHECK_THAT(nim, Contains("The engine took the last stick: you win!") && Contains("data-moves=\"3,3,3,3,3,3,2,1\""));
  // adjacent4: the first stone anywhere, then only cells next to a stone are offered.
  const std::string adjacent = page_of("adjacent4", "game adjacent4\nstones(x)", "");
  std::size_t legal = 0;
  for (std::size_t at = 0; (at = adjacent.find("cell legal", at)) != std::string::npos; ++at) ++legal;
  CHECK(legal == 48);
  const std::string touching = page_of("adjacent4", "game adjacent4\nstones(x)", "a1b2");
  legal = 0;
  for (std::size_t at = 0; (at = touching.find("cell legal", at)) != std::string::npos; ++at) ++legal;
  CHECK(legal == 7);  // a2 a3 b3 c3 c2 c1 b1: the empty neighbours of a1 and b2
  // Othello: X (you) takes O's last disc on the ninth move.
  const std::string othello = page_of("othello", "game othello\ndiscs(x)", "d3c3b3d2e1d6d7e3f4");
  CHECK_THAT(othello, Contains("Neither side can move: X (black) has 13 discs, O (white) 0. You win!") &&
                          Contains("data-turn=\"over\""));
}
