// play.html (evalsynth export --html) in a real browser: the JavaScript
// evaluator computes exactly the interpreter's values on random programs and
// positions, and a scripted sequence of clicks (the human's columns at
// random or from the page's hint, at depths 1-4, either side first) gets
// evalsynth's own replies on every position.

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "browser/chromium.hpp"
#include "export/js_export.hpp"
#include "export/play_page.hpp"
#include "game/move_order.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "support/random.hpp"
#include "test_paths.hpp"
#include "tournament/player.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

const std::string kSource = test::kSourceDir;

// What the page's test script wrote into <pre id="test-out">.
std::string test_output(const test::Run& page) {
  // (Not std::regex: it recurses per character and overflows the stack on long outputs.)
  const std::string open = "<pre id=\"test-out\">";
  const std::size_t start = page.output.find(open);
  const std::size_t end = page.output.find("</pre>", start);
  if (start == std::string::npos || end == std::string::npos) return "(no test output)";
  return page.output.substr(start + open.size(), end - start - open.size());
}

// The page with `script` run after its own.
std::string with_script(std::string page, const std::string& script) {
  const std::size_t end = page.rfind("</body>");
  REQUIRE(end != std::string::npos);
  return page.insert(end, "<pre id=\"test-out\"></pre>\n<script>\n" + script + "</script>\n");
}

std::string moves_text(const std::vector<int>& columns) {
  std::string text;
  for (int c : columns) text += static_cast<char>('1' + c);
  return text;
}

connect4::Position position_of(const std::string& moves) {
  connect4::Position p;
  for (char c : moves) {
    const int col = c - '1';
    REQUIRE((col >= 0 && col < connect4::kColumns && p.can_play(col)));
    p = p.played(col);
  }
  return p;
}

}  // namespace

TEST_CASE("the page's JavaScript evaluator computes exactly the interpreter's values", "[browser][export]") {
  const test::ScratchFolder dir("browser-js-values");
  std::vector<lang::Program> programs = {
      lang::read_program_file(kSource + "/grammar/examples/ibef.eval"),
      lang::read_program_file(kSource + "/grammar/examples/adate2005.eval"),
      lang::read_program_file(kSource + "/results/strong/best.eval"),
      lang::parse_program("lowest_threats(x) * 3 - good_threats(o) + lowest_threats(o) - good_threats(x) * 2 + "
                          "stacked_threats(x) - stacked_threats(o) * playable_threats(x) + even_threats(o)"),
      // Wrapping, protected division and the extremes.
      lang::parse_program("2147483647 + stones(x) * 2147483647 - windows(o, 1) * 1000000007"),
      lang::parse_program("(0 - 2147483647 - 1) / (moves() % 2 - 1) + abs(0 - 2147483647 - moves() % 2)"),
      lang::parse_program("moves() % (to_move() - 1) + 7 / (mobility() - 7) - (0 - 17) % (centre(x) - 2) + "
                          "min(sq(5, 3), height(3) - 3) * max(sq(0 - 1, (9)), height((7)))"),
      // Lets whose names the runtime or JavaScript use.
      lang::parse_program("let stones = 3 in let min = stones * windows(x, 3) in let evaluate = min - stones in "
                          "let moves = evaluate in if moves > 2 and not (min == 4) then moves else stones"),
  };
  Rng rng(23);
  for (int i = 0; i < 40; ++i)
    programs.push_back(lang::random_program(rng, 5 + static_cast<std::size_t>(rng.below(i < 30 ? 60 : 250))));
  // ntuple(): the built-in network carried by the page (play_ntuple.js).
  programs.push_back(lang::parse_program("ntuple()"));
  programs.push_back(lang::parse_program("let ntuple = 3 in ntuple() * ntuple - windows(x, 3) + 65 * odd_threats(x)"));
  programs.push_back(lang::parse_program("let ntuple2 = 3 in ntuple2 * ntuple() - windows(x, 3)"));
  Rng learned_rng(29);
  for (int i = 0; i < 6; ++i)
    programs.push_back(lang::random_program(learned_rng, 5 + static_cast<std::size_t>(learned_rng.below(80)),
                                            lang::BuiltinNetwork::NTuple));

  // Random games cut at random lengths, won positions included (the
  // evaluator is defined on every position).
  std::vector<std::string> games;
  while (games.size() < 1500) {
    connect4::Position p;
    std::vector<int> moves;
    const int plies = rng.below(connect4::kRows * connect4::kColumns + 1);
    for (int i = 0; i < plies && !p.is_full(); ++i) {
      int col = rng.below(connect4::kColumns);
      while (!p.can_play(col)) col = (col + 1) % connect4::kColumns;
      p = p.played(col);
      moves.push_back(col);
    }
    games.push_back(moves_text(moves));
  }

  std::string script = "const programs = [];\n";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const std::string name = "program" + std::to_string(i);
    script += exporter::js_evaluator(programs[i], name) + "programs.push(" + name + ");\n";
  }
  script += "const positions = [";
  for (const std::string& g : games) script += "'" + g + "', ";
  script +=
      "];\n"
      "document.getElementById('test-out').textContent = positions.map((m) => {\n"
      "  const b = Board.fromMoves(m);\n"
      "  return programs.map((f) => f(b)).join(' ');\n"
      "}).join('\\n');\n";
  // The page of a program reading ntuple(), so it carries the network.
  const std::string page = exporter::play_page(lang::parse_program("ntuple()"), {"values", {"test"}, 4});
  test::write_file(dir / "values.html", with_script(page, script));
  const test::Run r = test::load_in_chromium(dir / "values.html");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("data-errors") == std::string::npos);
  std::istringstream values(test_output(r));
  std::vector<lang::Connect4Program> interpreted;
  for (const lang::Program& p : programs) interpreted.emplace_back(p, lang::Connect4Program::Mode::InterpreterOnly);
  std::size_t compared = 0, mismatches = 0;
  for (const std::string& g : games) {
    const connect4::Position p = position_of(g);
    for (std::size_t i = 0; i < programs.size(); ++i) {
      long long v = 0;
      REQUIRE(values >> v);
      ++compared;
      if (v != interpreted[i](p) && mismatches++ < 5)
        FAIL_CHECK("program " << i << " " << lang::to_text(programs[i]) << " at " << g << ": JavaScript " << v
                              << ", interpreter " << interpreted[i](p));
    }
  }
  CHECK(compared == games.size() * programs.size());
  CHECK(mismatches == 0);
}

namespace {

// The values of `net` on the page for every position of 40 random games,
// run by the language runtime and the network's script alone, against
// evalsynth's own.
void check_page_network(const model::NTupleNet& net, const std::string& name) {
  Rng rng(2);
  std::vector<std::string> games;
  for (int game = 0; game < 40; ++game) {
    std::vector<int> columns;
    for (connect4::Position p; !p.is_game_over(); p = p.played(columns.back())) {
      games.push_back(moves_text(columns));
      columns.push_back(connect4::random_column(p, rng));
    }
  }
  std::string script = exporter::js_language_runtime() + exporter::js_ntuple_runtime(net) + "const positions = [";
  for (const std::string& g : games) script += "'" + g + "', ";
  script +=
      "];\n"
      "document.getElementById('test-out').textContent =\n"
      "  positions.map((m) => ntupleValue(Board.fromMoves(m))).join('\\n');\n";
  const test::ScratchFolder dir("browser-" + name);
  test::write_file(dir / "staged.html", "<!DOCTYPE html>\n<html><body><pre id=\"test-out\"></pre>\n<script>\n" +
                                            script + "</script>\n</body></html>\n");
  const test::Run r = test::load_in_chromium(dir / "staged.html");
  REQUIRE(r.exit_code == 0);
  std::istringstream values(test_output(r));
  std::size_t mismatches = 0;
  for (const std::string& g : games) {
    const connect4::Position p = position_of(g);
    long long v = 0;
    REQUIRE(values >> v);
    if (v != std::lround(lang::kNTupleFeatureScale * std::tanh(net.sum(p))) && mismatches++ < 5)
      FAIL_CHECK("at " << g << " (" << p.moves_played() << " stones): JavaScript " << v << ", evalsynth "
                       << std::lround(lang::kNTupleFeatureScale * std::tanh(net.sum(p))));
  }
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("the page's ntuple() reads a network split by stage as evalsynth does", "[browser][export][stage]") {
  // A small network split at 13 stones, with side tables and 4 cell states.
  model::NTupleNet net(model::random_walk_tuples(12, 5, 8), 4, true, 13);
  Rng rng(2);
  for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5) * 0.4F;
  check_page_network(net, "staged-ntuple");
  // ntuple2()'s network, split at 11 stones, as a page carries it.
  check_page_network(lang::builtin_ntuple(lang::BuiltinNetwork::NTuple2), "ntuple2");
}

namespace {

// Plays games on the page by clicking: at each depth 1-4, with the human
// first and second, the human's columns at random or, every third move, the
// one the page's hint names. Writes one line per game: depth, who moved
// first, the moves, and which of the human's moves came from a hint (h) or
// at random (r). Then checks undo on the last game.
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
  const column = (c) => document.querySelector(`button.column[data-col="${c}"]`);
  let seed = 20261123;
  const random = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 16) % n; };
  for (const depth of [1, 2, 3, 4])
    for (const first of ['you', 'engine'])
      for (let game = 0; game < 5; ++game) {
        choose('depth', String(depth));
        choose('first', first);
        document.getElementById('new-game').click();
        await settle();
        let how = '';
        while (document.body.dataset.turn === 'you') {
          let col;
          if (how.length % 3 === 2) {
            document.getElementById('hint').click();
            col = Number(/Hint: column (\d)/.exec(document.getElementById('status').textContent)[1]) - 1;
            how += 'h';
          } else {
            col = random(7);
            while (column(col).disabled) col = (col + 1) % 7;
            how += 'r';
          }
          column(col).click();
          await settle();
        }
        out.push(`${depth} ${first} ${document.body.dataset.moves} ${how}`);
      }
  // Undo: back to the position before the human's last move.
  choose('first', 'you');
  for (const c of [3, 3, 2]) { column(c).click(); await settle(); }
  const before = document.body.dataset.moves;
  column(4).click();
  await settle();
  document.getElementById('undo').click();
  out.push(`undo ${before} ${document.body.dataset.moves} ${document.body.dataset.turn}`);
  // Keys: a digit typed in the depth menu stays there; on the page it plays that column.
  const beforeKeys = document.body.dataset.moves;
  document.getElementById('depth').dispatchEvent(new KeyboardEvent('keydown', { key: '2', bubbles: true }));
  const afterMenuKey = document.body.dataset.moves;
  document.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
  await settle();
  out.push(`keys ${beforeKeys} ${afterMenuKey} ${document.body.dataset.moves}`);
  document.getElementById('test-out').textContent = out.join('\n');
})();
)";

}  // namespace

TEST_CASE("play.html: scripted clicks get evalsynth's own replies at depths 1-4", "[browser][export]") {
  const test::ScratchFolder dir("browser-play");
  const std::string program = kSource + "/results/strong/best.eval";
  const test::Run exported = test::run_evalsynth("export " + program + " --html " + (dir / "play.html"));
  INFO(exported.output);
  REQUIRE(exported.exit_code == 0);
  test::write_file(dir / "clicks.html", with_script(test::read_file(dir / "play.html"), kClickScript));
  const test::Run r = test::load_in_chromium(dir / "clicks.html", 200000);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("data-errors") == std::string::npos);
  const std::string out = test_output(r);
  INFO(out);

  std::istringstream lines(out);
  std::string line;
  int games = 0, engine_moves[5] = {}, hints = 0;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string first, moves, how;
    if (line.starts_with("undo")) {
      std::string before, after, turn;
      fields >> first >> before >> after >> turn;
      CHECK(before.size() == 6);  // three moves each
      CHECK(after == before);
      CHECK(turn == "you");
      continue;
    }
    if (line.starts_with("keys")) {
      std::string before, after_menu, after;
      fields >> first >> before >> after_menu >> after;
      CHECK(after_menu == before);
      CHECK(after.size() == before.size() + 2);  // column 1, then the engine's reply
      CHECK(after.starts_with(before + "1"));
      continue;
    }
    int depth = 0;
    fields >> depth >> first >> moves >> how;
    REQUIRE((depth >= 1 && depth <= 4));
    ++games;
    const Player<connect4::Game> engine = program_player(connect4::Game{}, program, depth);
    const int engine_parity = first == "engine" ? 0 : 1;
    connect4::Position p;
    std::size_t human_move = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int col = moves[i] - '1';
      REQUIRE(!p.is_game_over());
      Rng unused(1);
      SearchCounters counters;
      if (static_cast<int>(i % 2) == engine_parity) {
        INFO("game " << line << ", engine move " << i + 1);
        CHECK(col == choose_move(connect4::Game{}, engine, p, MoveOrder::LeftToRight, unused, counters));
        ++engine_moves[depth];
      } else {
        REQUIRE(human_move < how.size());
        if (how[human_move] == 'h') {
          // The hint: what the engine would play in the human's place.
          INFO("game " << line << ", hinted move " << i + 1);
          CHECK(col == choose_move(connect4::Game{}, engine, p, MoveOrder::LeftToRight, unused, counters));
          ++hints;
        }
        ++human_move;
      }
      p = p.played(col);
    }
    // Each game was played to its end.
    CHECK(p.is_game_over());
  }
  CHECK(games == 40);

  // play.html#44536 starts after those moves; the engine (O) replies at once.
  const test::Run started = test::load_in_chromium(dir / "play.html#44536");
  const connect4::Position start = position_of("44536");
  Rng unused(1);
  SearchCounters counters;
  const int reply = choose_move(connect4::Game{}, program_player(connect4::Game{}, program, 4), start,
                                MoveOrder::LeftToRight, unused, counters);
  CHECK_THAT(started.output,
             Contains("data-moves=\"44536" + std::to_string(reply + 1) + "\"") && Contains("data-turn=\"you\""));

  // A finished game: the result, the four ringed, no more moves.
  const test::Run won = test::load_in_chromium(dir / "play.html#4343434");
  CHECK_THAT(won.output, Contains("Four in a row: you win!") && Contains("data-turn=\"over\""));
  std::size_t ringed = 0;
  for (std::size_t at = 0; (at = won.output.find(" win\"", at)) != std::string::npos; ++at) ++ringed;
  CHECK(ringed == 4);
  CHECK(hints > 10);
  for (int depth = 1; depth <= 4; ++depth) CHECK(engine_moves[depth] >= 50);
}

TEST_CASE("export --html: the page, and its mistakes refused", "[export][cli]") {
  const test::ScratchFolder dir("export-html");
  const std::string program = kSource + "/grammar/examples/ibef.eval";
  const test::Run ok = test::run_evalsynth("export " + program + " --html " + (dir / "ibef.html") + " --depth 6");
  INFO(ok.output);
  REQUIRE(ok.exit_code == 0);
  const std::string page = test::read_file(dir / "ibef.html");
  CHECK_THAT(page, Contains("<title>Play against ibef (evalsynth)</title>") && Contains("\"depth\": 6") &&
                       Contains("function evaluate(b)") && Contains("From " + program));
  // With --html only, the name is the page's title: any short text.
  const test::Run titled =
      test::run_evalsynth("export " + program + " --html " + (dir / "t.html") + " --name 'Strong <v2> & co'");
  CHECK(titled.exit_code == 0);
  CHECK_THAT(test::read_file(dir / "t.html"), Contains("<title>Play against Strong &lt;v2&gt; &amp; co (evalsynth)"));
  // Both files at once.
  const test::Run both =
      test::run_evalsynth("export " + program + " --html " + (dir / "b.html") + " --cpp " + (dir / "b.hpp"));
  CHECK(both.exit_code == 0);
  CHECK(test::read_file(dir / "b.html").find("function evaluate") != std::string::npos);
  CHECK(test::read_file(dir / "b.hpp").find("inline int ibef") != std::string::npos);

  struct Bad {
    std::string arguments, message;
  };
  const std::vector<Bad> bad = {
      {program, "say what to write"},
      {program + " --html " + (dir / "page.txt"), "ending in .html"},
      {program + " --html " + (dir / "p.html") + " --depth 9", "depth"},
      {program + " --html " + (dir / "p.html") + " --depth 0", "depth"},
      {program + " --html " + (dir / "p.html") + " --player", "--player comes with --cpp"},
      {program + " --cpp " + (dir / "p.hpp") + " --depth 3", "comes with --html"},
      {program + " --cpp " + (dir / "p.hpp") + " --html " + (dir / "p.html") + " --name 'a b'", "usable C++ name"},
      {program + " --html " + (dir / "p.html") + " --name ''", "1-100 printable"},
      {program + " --html " + program, "ending in .html"},
      {dir / "missing.eval" + " --html " + (dir / "p.html"), "missing.eval"},
  };
  for (const Bad& b : bad) {
    const test::Run r = test::run_evalsynth("export " + b.arguments);
    INFO(b.arguments << "\n" << r.output);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.output, Contains(b.message));
  }
  CHECK_FALSE(std::filesystem::exists(dir / "p.html"));
  CHECK_FALSE(std::filesystem::exists(dir / "page.txt"));
}
