// evalsynth solve, evalsynth positions and the perfect player, from outside.

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <sstream>

#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/notation.hpp"
#include "test_support.hpp"
#include "tournament/player.hpp"
#include "tournament/position_sets.hpp"

using Catch::Matchers::Contains;
using test::read_file;
using test::run_evalsynth;
using test::write_file;
using namespace evalsynth;

namespace {
// Standard output without the summary line solve writes on standard error
// (the test runner captures both).
std::string without_summary(std::string output) {
  const std::size_t at = output.find("solved ");
  if (at != std::string::npos) output.erase(at, output.find('\n', at) + 1 - at);
  return output;
}
}  // namespace

TEST_CASE("solve prints Pons's scores and analyses", "[solver][cli]") {
  test::ScratchFolder scratch("solve");
  // Lines of Pons's Test_L2_R2 and Test_L2_R2.analysis.
  write_file(scratch / "p.txt", "# a comment\n274552224131661 0\n\n5455174361263362 -1\n2531276566711153 2\n");
  test::Run r = run_evalsynth("solve " + (scratch / "p.txt"));
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("solved 3 position(s)"));
  CHECK(without_summary(r.output) == "274552224131661 0\n5455174361263362 -1\n2531276566711153 2\n");
  r = run_evalsynth("solve --analyse --threads 2 < " + (scratch / "p.txt"));
  REQUIRE(r.exit_code == 0);
  CHECK(without_summary(r.output) ==
        "274552224131661 -9 -11 -12 0 -11 -11 -11\n"
        "5455174361263362 -12 -1 -12 -13 -12 -12 -12\n"
        "2531276566711153 -2 2 -1 0 -1 0 -12\n");
}

TEST_CASE("solve: bad lines are located errors before any work", "[solver][cli][errors]") {
  test::ScratchFolder scratch("solve-errors");
  const std::pair<const char*, const char*> cases[] = {
      {"4453\n44\n4x4\n", "p.txt:3:2: error: bad character 'x'"},
      {"4453\n1111111\n", "p.txt:2:7: error"},
      {"1212121\n", "p.txt:1:1: error: the game is already won"},
      {"   12 3\n8\n", "p.txt:2:1: error"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    write_file(scratch / "p.txt", text);
    const test::Run r = run_evalsynth("solve " + (scratch / "p.txt"));
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains(message));
    CHECK(r.output.find("\n4453 ") == std::string::npos);  // nothing solved
  }
  CHECK(run_evalsynth("solve a b").exit_code == 2);
  CHECK_THAT(run_evalsynth("solve /nonexistent/p.txt").output, Contains("/nonexistent/p.txt:1:1: error: cannot open"));
}

TEST_CASE("positions: seeded, distinct up to mirrors, disjoint from excluded sets, labelled", "[solver][cli]") {
  test::ScratchFolder scratch("positions");
  const std::string common = " --count 40 --plies 26-34 --seed 3 --table-mb 4";
  REQUIRE(run_evalsynth("positions" + common + " --threads 1 --output " + (scratch / "a1.analysis")).exit_code == 0);
  REQUIRE(run_evalsynth("positions" + common + " --threads 2 --output " + (scratch / "a2.analysis")).exit_code == 0);
  CHECK(read_file(scratch / "a1.analysis") == read_file(scratch / "a2.analysis"));
  REQUIRE(run_evalsynth("positions" + common + " --decisive --exclude " + (scratch / "a1.analysis") + " --output " +
                        (scratch / "b.analysis"))
              .exit_code == 0);
  const auto a = connect4::read_analysis_file(scratch / "a1.analysis");
  const auto b = connect4::read_analysis_file(scratch / "b.analysis");
  REQUIRE(a.size() == 40);
  REQUIRE(b.size() == 40);
  std::set<std::uint64_t> keys;
  for (const auto* set : {&a, &b})
    for (const auto& p : *set) {
      CHECK(p.position.moves_played() >= 26);
      CHECK(p.position.moves_played() <= 34);
      // Each position once, its mirror image not at all.
      CHECK(keys.insert(p.position.key()).second);
      const connect4::Position mirror = connect4::parse_moves(connect4::mirrored_moves(p.moves));
      if (!(mirror == p.position)) CHECK(keys.insert(mirror.key()).second);
    }
  for (const auto& p : b) {
    std::set<int> signs;
    for (int s : p.move_scores)
      if (s != connect4::kFullColumn) signs.insert((s > 0) - (s < 0));
    CHECK(signs.size() > 1);  // --decisive: the choice matters
  }
  // --random-games: positions from games of random moves, another set, as
  // seeded and as thread-count independent.
  REQUIRE(run_evalsynth("positions" + common + " --random-games --threads 1 --output " + (scratch / "r1.analysis"))
              .exit_code == 0);
  REQUIRE(run_evalsynth("positions" + common + " --random-games --threads 2 --output " + (scratch / "r2.analysis"))
              .exit_code == 0);
  CHECK(read_file(scratch / "r1.analysis") == read_file(scratch / "r2.analysis"));
  const auto r = connect4::read_analysis_file(scratch / "r1.analysis");
  REQUIRE(r.size() == 40);
  int shared = 0;
  for (const auto& p : r) {
    CHECK(p.position.moves_played() >= 26);
    CHECK(p.position.moves_played() <= 34);
    for (const auto& q : a) shared += p.position == q.position;
  }
  CHECK(shared < 5);
  // --from: games start at the set's positions; --plies counts the moves after.
  const std::string from = " --from " + (scratch / "a1.analysis") + " --count 30 --random-games --seed 5 --table-mb 4";
  REQUIRE(run_evalsynth("positions" + from + " --threads 1 --output " + (scratch / "f1.analysis")).exit_code == 0);
  REQUIRE(run_evalsynth("positions" + from + " --threads 2 --output " + (scratch / "f2.analysis")).exit_code == 0);
  CHECK(read_file(scratch / "f1.analysis") == read_file(scratch / "f2.analysis"));
  std::set<std::string> start_moves;
  for (const auto& p : a) start_moves.insert(p.moves);
  const auto after = connect4::read_analysis_file(scratch / "f1.analysis");
  REQUIRE(after.size() == 30);
  for (const auto& p : after) {  // the default --plies with --from: one move after a start
    INFO(p.moves);
    CHECK(start_moves.count(p.moves.substr(0, p.moves.size() - 1)) == 1);
  }
  // --plies 0-0 labels the starts again: the same values as when they were made.
  REQUIRE(run_evalsynth("positions --from " + (scratch / "a1.analysis") +
                        " --plies 0-0 --count 40 --table-mb 4 --output " + (scratch / "again.analysis"))
              .exit_code == 0);
  const auto again = connect4::read_analysis_file(scratch / "again.analysis");
  REQUIRE(again.size() == 40);
  for (const auto& p : again) {
    INFO(p.moves);
    const auto same = std::find_if(a.begin(), a.end(), [&](const auto& q) { return q.moves == p.moves; });
    REQUIRE(same != a.end());
    CHECK(same->move_scores == p.move_scores);
  }
  write_file(scratch / "empty.analysis", "");
  const test::Run empty_from =
      run_evalsynth("positions --from " + (scratch / "empty.analysis") + " --output " + (scratch / "c.analysis"));
  CHECK(empty_from.exit_code == 1);
  CHECK_THAT(empty_from.output, Contains("empty.analysis:1:1: error: no positions"));
  // A board (checkers' FEN) cannot be followed by moves: refused where it stands.
  write_file(scratch / "fen.positions", "game checkers(8)\nB:W32:B1 1-5:0 1-6:0\n");
  const test::Run fen =
      run_evalsynth("positions --from " + (scratch / "fen.positions") + " --output " + (scratch / "c.analysis"));
  CHECK(fen.exit_code == 1);
  CHECK_THAT(fen.output, Contains("fen.positions:2:1: error: --from needs positions written as the moves"));
  const test::Run empty_name = run_evalsynth("positions --from '' --output " + (scratch / "c.analysis"));
  CHECK(empty_name.exit_code == 2);
  CHECK_THAT(empty_name.output, Contains("--from wants a file"));
  const test::Run no_from =
      run_evalsynth("positions --from /nonexistent/s.analysis --output " + (scratch / "c.analysis"));
  CHECK(no_from.exit_code == 1);
  CHECK_THAT(no_from.output, Contains("/nonexistent/s.analysis:1:1: error"));
  CHECK_FALSE(std::filesystem::exists(scratch / "c.analysis"));
  // --moves-left: only games that end soon under perfect play.
  REQUIRE(run_evalsynth("positions --count 20 --plies 20-30 --seed 4 --table-mb 4 --moves-left 1-5 --output " +
                        (scratch / "soon.analysis"))
              .exit_code == 0);
  const auto soon = connect4::read_analysis_file(scratch / "soon.analysis");
  REQUIRE(soon.size() == 20);
  for (const auto& p : soon) CHECK(connect4::moves_left(p) <= 5);
  const test::Run bad_left = run_evalsynth("positions --moves-left 0-5 --output " + (scratch / "c.analysis"));
  CHECK(bad_left.exit_code == 2);
  CHECK_THAT(bad_left.output, Contains("--moves-left wants A-B"));
  const test::Run bad = run_evalsynth("positions --plies 9-3 --output " + (scratch / "c.analysis"));
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.output, Contains("--plies wants A-B"));
  const test::Run no_folder = run_evalsynth("positions --count 2 --output /nonexistent/x.analysis");
  CHECK(no_folder.exit_code == 1);
  CHECK_THAT(no_folder.output, Contains("/nonexistent/x.analysis:1:1: error"));
}

TEST_CASE("positions remakes a committed set byte for byte (specs/positions/make-sets)", "[solver][cli]") {
  // The generator's draws are part of every committed set: a change to them
  // (a new option drawing when unused) would silently make other sets.
  test::ScratchFolder scratch("positions-again");
  const std::string sets = std::string(test::kSourceDir) + "/specs/positions/";
  REQUIRE(run_evalsynth("positions --count 1000 --plies 24-38 --decisive --seed 404 --table-mb 16 --exclude " + sets +
                        "training.analysis --exclude " + sets + "validation.analysis --exclude " + sets +
                        "test.analysis --output " + (scratch / "late.analysis"))
              .exit_code == 0);
  CHECK(read_file(scratch / "late.analysis") == read_file(sets + "training-late.analysis"));
}

TEST_CASE("the perfect player keeps the best value, perfect:EPS never throws away a draw or win", "[solver][player]") {
  const auto set = connect4::read_analysis_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  Rng rng(4);
  auto sign = [](int s) { return (s > 0) - (s < 0); };
  int explored_differently = 0;
  for (const auto& p : set) {
    int best = -2;
    for (int s : p.move_scores)
      if (s != connect4::kFullColumn) best = std::max(best, sign(s));
    const int chosen = perfect_move(connect4::Game{}, p.position, 0, rng);
    CHECK(sign(p.move_scores[static_cast<std::size_t>(chosen)]) == best);
    const int explorer = perfect_move(connect4::Game{}, p.position, 1, rng);  // always explores
    CHECK(sign(p.move_scores[static_cast<std::size_t>(explorer)]) >= std::min(best, 0));
    explored_differently += sign(p.move_scores[static_cast<std::size_t>(explorer)]) != best;
    // perfect-resist: when lost, the move that loses latest.
    const int resisting = perfect_move(connect4::Game{}, p.position, 0, rng, true);
    if (best < 0) {
      const int latest = *std::max_element(p.move_scores.begin(), p.move_scores.end());
      CHECK(p.move_scores[static_cast<std::size_t>(resisting)] == latest);
    } else {
      CHECK(sign(p.move_scores[static_cast<std::size_t>(resisting)]) == best);
    }
  }
  CHECK(explored_differently > 0);  // exploring does leave the best class sometimes
}

TEST_CASE("perfect players in matches", "[solver][cli]") {
  test::ScratchFolder scratch("perfect");
  write_file(scratch / "late.txt", "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n");
  const test::Run r =
      run_evalsynth("match --x perfect,perfect:0.2 --o ibef@3 --boards " + (scratch / "late.txt") + " --games 4");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("PERFECT - IBEF3") && Contains("PERFECT:0.2 - IBEF3"));
  const test::Run resist =
      run_evalsynth("match --x perfect-resist:0.1 --o ibef@2 --boards " + (scratch / "late.txt") + " --games 2");
  CHECK_THAT(resist.output, Contains("PERFECT-RESIST:0.1 - IBEF2"));
  CHECK_THAT(r.output, !Contains("a perfect player needs seconds"));  // late boards: no warning
  // From early boards a perfect player is slow, and match says so before
  // playing (here X wins at once, so the game itself is instant).
  write_file(scratch / "early.txt", "121212\n");
  const test::Run early = run_evalsynth("match --x ibef@1 --o perfect --boards " + (scratch / "early.txt"));
  REQUIRE(early.exit_code == 0);
  CHECK_THAT(early.output, Contains("fewer than 10 stones a perfect player needs seconds") &&
                               Contains("IBEF1 - PERFECT 100 - 0 (0)"));
  CHECK_THAT(run_evalsynth("match --x perfect@2 --o ibef@2").output, Contains("takes no depth"));
  CHECK_THAT(run_evalsynth("match --x perfect:1.5 --o ibef@2").output, Contains("EPS from 0 to 1"));
}

TEST_CASE("a run with a perfect opponent from boards of its own", "[solver][cli][perfect]") {
  test::ScratchFolder scratch("perfect-run");
  const std::string late = "file(\"tests/data/late.analysis\")";
  write_file(scratch / "p.spec",
             "grammar = grammar/features.grammar\nseeds = grammar/examples/adate2005.eval\n"
             "opponents = ibef@1, perfect:0.1\ncandidate-depths = 1\ntraining-boards = shallow\n"
             "validation-boards = random(5)\nperfect-training-boards = " +
                 late + "\nperfect-validation-boards = " + late +
                 "\npopulation = 6\ngenerations = 1\nmax-size = 200\nmax-depth = 40\ninit-depth = 3\noutput = " +
                 (scratch / "results") + "\ncheckpoints = " + (scratch / "population") + "\n");
  const test::Run r = run_evalsynth("run " + (scratch / "p.spec"), test::kSourceDir);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("57 training boards, 5 validation boards (perfect opponents: 300 training and 300 "
                                "validation boards of their own), 714 games per candidate"));
}

TEST_CASE("solve --openings solves every opening, the first ones from the book", "[solver][cli][book]") {
  test::Run r = run_evalsynth("solve --openings 1 --analyse");
  REQUIRE(r.exit_code == 0);
  // The four 1-ply openings (mirror images once), every reply scored for O:
  // O's best reply is worth what X's first move lost (Allis; Pons's
  // analysis of the empty board: -2 -1 0 1 0 -1 -2).
  const std::map<std::string, int> best_reply = {{"1", 2}, {"2", 1}, {"3", 0}, {"4", -1}};
  std::istringstream lines(without_summary(r.output));
  std::string moves;
  int openings = 0;
  while (lines >> moves) {
    int best = -1000;
    for (int col = 0; col < connect4::kColumns; ++col) {
      int score = 0;
      REQUIRE(lines >> score);
      best = std::max(best, score);
    }
    REQUIRE(best_reply.count(moves) == 1);
    CHECK(best == best_reply.at(moves));
    ++openings;
  }
  CHECK(openings == 4);
  CHECK_THAT(r.output, Contains("and 0 nodes each"));  // nothing was searched
  r = run_evalsynth("solve --openings 2");
  REQUIRE(r.exit_code == 0);
  CHECK(std::count(r.output.begin(), r.output.end(), '\n') == 25 + 1);
  CHECK(run_evalsynth("solve --openings 2 " + std::string("nope.txt")).exit_code == 2);
}

TEST_CASE("the first-player test against perfect play: the same games for a seed on 1 and 2 threads",
          "[solver][cli][perfect]") {
  // Boards of 12 stones, X to move: the perfect O remembers its analyses
  // (solver/outcome_memo.hpp) across games and threads, which must change
  // nothing.
  test::ScratchFolder scratch("first-player");
  write_file(scratch / "mid.txt", "324611751351\n521144121541\n751266515541\n");
  const std::string command = "match --x results/ntuple/model.bin@1,ibef@2 --o perfect --games 3 --boards " +
                              (scratch / "mid.txt") + " --json " + (scratch / "m.json");
  auto scores = [&](const std::string& threads, const std::string& seed) {
    const test::Run r = run_evalsynth(command + " --threads " + threads + " --seed " + seed, test::kSourceDir);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("ntuple@1 - PERFECT") && Contains("IBEF2 - PERFECT"));
    return r.output.substr(r.output.find("# XPlayer"));
  };
  const std::string one = scores("1", "1");
  CHECK(scores("2", "1") == one);
  CHECK(scores("1", "1") == one);
}
