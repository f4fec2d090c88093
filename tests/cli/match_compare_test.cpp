// What engine testers compare with (cli/match_request.hpp): the sequential
// test (match --sprt), game records (--record) and their replay (--replay),
// ratings (--ratings, evalsynth ratings) and the start-board clusters of
// the intervals.

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "io/match_records.hpp"
#include "test_support.hpp"
#include "tournament/match.hpp"

using Catch::Matchers::Contains;
using namespace evalsynth;

namespace {

// The output without its first line (which names the command's files).
std::string after_first_line(const std::string& text) { return text.substr(text.find('\n') + 1); }

// Every recorded game, replayed from its moves, ends with its recorded result.
void check_moves_replay(const std::string& path) {
  const MatchRecords records = read_match_records(path);
  REQUIRE(!records.games.empty());
  with_game(parse_game(records.header.game), [&](const auto& game) {
    for (const MatchGame& g : records.games) {
      INFO(g.x << " " << g.o << " " << g.moves);
      REQUIRE(records.header.boards == 1);  // from the start position
      const auto p = game.parse_position(g.moves, TextLocation{"moves"});
      const Status s = game.status(p);
      CHECK(s == (g.outcome == Outcome::XWin   ? Status::XWon
                  : g.outcome == Outcome::OWin ? Status::OWon
                                               : Status::Drawn));
      CHECK(game.plies(p) == g.plies);
    }
  });
}

}  // namespace

TEST_CASE("match --sprt stops when the test decides, the same for any thread count", "[cli][sprt]") {
  const test::ScratchFolder dir("sprt");
  // A strong player against a weak one: H1 (50 Elo rather than 0) within a few pairs.
  const test::Run strong =
      test::run_evalsynth("match ibef@3 random --sprt 0,50 --threads 2 --record " + (dir / "s.tsv"));
  INFO(strong.output);
  REQUIRE(strong.exit_code == 0);
  CHECK_THAT(strong.output, Contains("H1 accepted: IBEF3 is stronger than RANDOM"));
  const test::Run one_thread = test::run_evalsynth("match ibef@3 random --sprt 0,50 --threads 1");
  CHECK(after_first_line(one_thread.output) == after_first_line(strong.output));
  // Two copies of one player: H0 (0 Elo rather than 100).
  const test::Run equal = test::run_evalsynth("match a=ibef@2 b=ibef@2 --sprt 0,100 --threads 2");
  INFO(equal.output);
  REQUIRE(equal.exit_code == 0);
  CHECK_THAT(equal.output, Contains("H0 accepted: a@2 is not +100.0 Elo stronger than b@2"));
  // A cap too small to decide.
  const test::Run capped = test::run_evalsynth("match a=ibef@2 b=ibef@2 --sprt 0,5 --sprt-max 3");
  CHECK_THAT(capped.output, Contains("pairs 3 (6 games)") && Contains("no decision after 3 pairs (the most allowed"));
  // The saved games replay to the same test and tables.
  const test::Run replayed = test::run_evalsynth("match --replay " + (dir / "s.tsv") + " --sprt 0,50");
  INFO(replayed.output);
  REQUIRE(replayed.exit_code == 0);
  const auto from = [](const std::string& text) { return text.substr(text.find("# SPRT")); };
  CHECK(from(replayed.output) == from(strong.output));
  check_moves_replay(dir / "s.tsv");
}

TEST_CASE("match --record keeps every game and --replay re-scores them without playing", "[cli][records]") {
  const test::ScratchFolder dir("records");
  for (const std::string game : {"connect4", "tictactoe"}) {
    INFO(game);
    const std::string players = game == "connect4" ? "ibef@1-2 adate@2" : "threat-lines@1-2 open-lines@1";
    const test::Run played = test::run_evalsynth(
        "match " + players + " --game " + game + " --both-colours --games 30 --ratings --record " +
        (dir / (game + ".tsv")) + " --csv " + (dir / "played.csv") + " --json " + (dir / "played.json"));
    INFO(played.output);
    REQUIRE(played.exit_code == 0);
    check_moves_replay(dir / (game + ".tsv"));
    const test::Run replayed = test::run_evalsynth("match --replay " + (dir / (game + ".tsv")) + " --ratings --csv " +
                                                   (dir / "again.csv") + " --json " + (dir / "again.json"));
    REQUIRE(replayed.exit_code == 0);
    // The same lines after the two headers, the same CSV.
    const auto body = [](const std::string& text) { return text.substr(text.find("\n", text.find("# XPlayer")) + 1); };
    CHECK(body(replayed.output) == body(played.output));
    CHECK(test::read_file(dir / "again.csv") == test::read_file(dir / "played.csv"));
    CHECK(test::read_file(dir / "again.json") == test::read_file(dir / "played.json"));  // rules named alike
  }
  // The records of Connect4: 3 pairings both ways x 30 games, a line each.
  const MatchRecords records = read_match_records(dir / "connect4.tsv");
  CHECK(records.games.size() == 2 * 2 * 30);
  CHECK(records.header.games_per_board == 30);
  CHECK(records.header.order == "random");
}

TEST_CASE("match --record FILE.gz keeps the same records compressed, and --replay and ratings read them",
          "[cli][records]") {
  const test::ScratchFolder dir("records-gz");
  const std::string match = "match ibef@1-2 adate@2 --both-colours --games 20 --record ";
  REQUIRE(test::run_evalsynth(match + (dir / "plain.tsv")).exit_code == 0);
  const test::Run packed = test::run_evalsynth(match + (dir / "games.tsv.gz"));
  REQUIRE(packed.exit_code == 0);
  const std::string bytes = test::read_file(dir / "games.tsv.gz");
  REQUIRE(bytes.size() > 2);
  CHECK(bytes.substr(0, 2) == "\x1f\x8b");
  CHECK(bytes.size() < test::read_file(dir / "plain.tsv").size());
  const MatchRecords plain = read_match_records(dir / "plain.tsv"), gz = read_match_records(dir / "games.tsv.gz");
  REQUIRE(gz.games.size() == plain.games.size());
  for (std::size_t i = 0; i < gz.games.size(); ++i) CHECK(gz.games[i].moves == plain.games[i].moves);
  const test::Run replayed = test::run_evalsynth("match --replay " + (dir / "games.tsv.gz"));
  CHECK(after_first_line(replayed.output) ==
        after_first_line(test::run_evalsynth("match --replay " + (dir / "plain.tsv")).output));
  CHECK(test::run_evalsynth("ratings " + (dir / "games.tsv.gz")).exit_code == 0);
  // A damaged compressed file: an error at the file, exit 1.
  test::write_file(dir / "cut.tsv.gz", bytes.substr(0, bytes.size() / 2));
  const test::Run cut = test::run_evalsynth("match --replay " + (dir / "cut.tsv.gz"));
  CHECK(cut.exit_code == 1);
  CHECK_THAT(cut.output, Contains(dir / "cut.tsv.gz") && Contains("damaged or truncated"));
}

TEST_CASE("a record leaves out each game's seed, and the seed read back plays that game again", "[records]") {
  const test::ScratchFolder dir("records-seed");
  MatchOptions options;
  options.games_per_board = 5;
  options.seed = 31;
  const std::vector<Pairing<connect4::Game>> pairings = {
      {builtin_player(connect4::Game{}, "ibef", 2), builtin_player(connect4::Game{}, "adate", 2)},
      {builtin_player(connect4::Game{}, "random", 0), builtin_player(connect4::Game{}, "ibef", 1)}};
  const std::vector<connect4::Position> boards = {connect4::Position{}, connect4::Position{}.played(3)};
  const std::vector<MatchGame> played = play_match_games(connect4::Game{}, pairings, boards, options, true);
  write_match_records(dir / "r.tsv", {"connect4", boards.size(), "two", "random", 5, 31, {}, ""}, played);
  CHECK(test::read_file(dir / "r.tsv").find(std::to_string(played.front().seed)) == std::string::npos);
  const MatchRecords read = read_match_records(dir / "r.tsv");
  REQUIRE(read.games.size() == played.size());
  for (std::size_t i = 0; i < played.size(); ++i) {
    INFO(i);
    const MatchGame& g = read.games[i];
    CHECK(g.seed == played[i].seed);
    const Pairing<connect4::Game>& p = pairings[i / 10];
    Rng rng(g.seed);
    std::string moves;
    const GameRecord again = play_game(connect4::Game{}, p.x, p.o, boards[g.board], GameSettings{}, rng, &moves);
    CHECK(moves == g.moves);
    CHECK(again.outcome == g.outcome);
  }
}

TEST_CASE("bad record files are errors at their line and column, and nothing is written", "[cli][records][errors]") {
  const test::ScratchFolder dir("bad-records");
  REQUIRE(test::run_evalsynth("match ibef@1 adate@1 --games 4 --record " + (dir / "good.tsv")).exit_code == 0);
  const std::string good = test::read_file(dir / "good.tsv");
  struct Bad {
    std::string from, to, message;
  };
  const std::vector<Bad> bad = {
      {"\t1-0\t", "\t2-0\t", "error: a result is 1-0, 0-1 or 1/2-1/2 (X's), not '2-0'"},
      {"\t0-1\t", "\twon\t", "a result is 1-0, 0-1 or 1/2-1/2"},
      {"# seed: 1\n", "", "the records' header lacks '# seed: ...'"},
      {"IBEF1\tADATE1\t0\t0", "IBEF1\tADATE1\t7\t0", "the start board is a whole number from 0 to 0"},
      {"IBEF1\tADATE1\t0\t1", "IBEF1\tADATE1\t0\t9", "the repetition is a whole number from 0 to 3"},
      {"x\to\tboard", "x\to\tbored", "expected the column names"},
      {"# move order: random", "# move order: sideways", "the move order is random or left-to-right"},
  };
  for (const Bad& b : bad) {
    std::string text = good;
    const std::size_t at = text.find(b.from);
    REQUIRE(at != std::string::npos);
    text.replace(at, b.from.size(), b.to);
    test::write_file(dir / "bad.tsv", text);
    const test::Run r = test::run_evalsynth("match --replay " + (dir / "bad.tsv") + " --csv " + (dir / "out.csv"));
    INFO(b.to << "\n" << r.output);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains(dir / "bad.tsv") && Contains(b.message));
    CHECK_FALSE(std::filesystem::exists(dir / "out.csv"));
  }
  // A game line cut short.
  test::write_file(dir / "short.tsv", good.substr(0, good.rfind('\t')) + "\n");
  CHECK_THAT(test::run_evalsynth("match --replay " + (dir / "short.tsv")).output,
             Contains("a game's line has 8 tab-separated fields"));
  // The command line's mistakes: exit 2, before anything.
  for (const std::string& args : std::vector<std::string>{
           "--replay " + (dir / "good.tsv") + " --x ibef@1", "--replay " + (dir / "good.tsv") + " --seed 3",
           "ibef@1 adate@1 --sprt 0", "ibef@1 adate@1 --sprt 5,0", "ibef@1 adate@1 --sprt 0,5 --games 10",
           "ibef@1 adate@1 --sprt-max 10", "ibef@1-2 adate@1 --sprt 0,5", "ibef@1 ibef@1 --sprt 0,5"}) {
    const test::Run r = test::run_evalsynth("match " + args);
    INFO(args << "\n" << r.output);
    CHECK(r.exit_code == 2);
  }
}

TEST_CASE("evalsynth ratings rates the players of saved matches together", "[cli][ratings]") {
  const test::ScratchFolder dir("ratings");
  REQUIRE(
      test::run_evalsynth("match ibef@1-2 random --both-colours --games 40 --record " + (dir / "a.tsv")).exit_code ==
      0);
  REQUIRE(test::run_evalsynth("match ibef@2 adate@2 --both-colours --games 40 --csv " + (dir / "b.csv")).exit_code ==
          0);
  const test::Run r = test::run_evalsynth("ratings " + (dir / "a.tsv") + " " + (dir / "b.csv") + " --anchor RANDOM");
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  // Four players, the random mover at 0 and last, the searching players far above it.
  std::istringstream lines(r.output.substr(r.output.find("rank")));
  std::string header, line;
  std::getline(lines, header);
  std::vector<std::string> order;
  while (std::getline(lines, line) && !line.starts_with("advantage")) {
    std::istringstream fields(line);
    std::string rank, name;
    fields >> rank >> name;
    order.push_back(name);
  }
  REQUIRE(order.size() == 4);
  CHECK(order.back() == "RANDOM");
  CHECK_THAT(r.output, Contains("RANDOM      0.0  [    0.0,     0.0]"));
  // Two groups that never met: refused.
  REQUIRE(test::run_evalsynth("match adate@1 adate@3 --games 10 --csv " + (dir / "c.csv")).exit_code == 0);
  const test::Run apart = test::run_evalsynth("ratings " + (dir / "a.tsv") + " " + (dir / "c.csv"));
  CHECK(apart.exit_code == 2);
  CHECK_THAT(apart.output, Contains("one connected cross-table"));
  test::write_file(dir / "bad.csv", "x_player,o_player,x_wins,o_wins,draws\nA,B,3,x,1\n");
  const test::Run bad = test::run_evalsynth("ratings " + (dir / "bad.csv"));
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.output, Contains(dir / "bad.csv" + ":2:1: error: o_wins is a count, not 'x'"));
}

TEST_CASE("a sequential match's games replay to its tables, board by board", "[cli][records][sprt]") {
  const test::ScratchFolder dir("sprt-replay");
  // Ten pairs over the four 1-ply openings: boards 0 and 1 get three, 2 and 3 two.
  const test::Run live =
      test::run_evalsynth("match ibef@2 adate@2 --openings 1 --sprt 0,5 --sprt-max 10 --record " + (dir / "s.tsv"));
  INFO(live.output);
  REQUIRE(live.exit_code == 0);
  CHECK_THAT(live.output,
             Contains("pairs 10 (20 games)") && Contains("over 4 start boards, their pairs taken together"));
  const test::Run replayed = test::run_evalsynth("match --replay " + (dir / "s.tsv"));
  REQUIRE(replayed.exit_code == 0);
  const auto tables = [](const std::string& text) { return text.substr(text.find("IBEF2 - ADATE2")); };
  CHECK(tables(replayed.output) == tables(live.output));
  // Replayed with a smaller cap, the test stops there.
  CHECK_THAT(test::run_evalsynth("match --replay " + (dir / "s.tsv") + " --sprt 0,5 --sprt-max 3").output,
             Contains("pairs 3 (6 games)") && Contains("no decision after 3 pairs (the most allowed: --sprt-max)"));
  // The game's name is located where the header gives it.
  std::string text = test::read_file(dir / "s.tsv");
  text.replace(text.find("# game: connect4"), 16, "# a comment\n# game: conect4");
  test::write_file(dir / "bad.tsv", text);
  CHECK_THAT(test::run_evalsynth("match --replay " + (dir / "bad.tsv")).output, Contains(dir / "bad.tsv" + ":3:9:"));
}

TEST_CASE("a player in both lists meets itself once with --both-colours", "[cli][records]") {
  const test::Run r = test::run_evalsynth("match --x ibef@1 --o adate@1,ibef@1 --both-colours --games 10");
  REQUIRE(r.exit_code == 0);
  std::size_t self = 0;
  for (std::size_t at = 0; (at = r.output.find("\nIBEF1 - IBEF1 ", at)) != std::string::npos; ++at) ++self;
  CHECK(self == 1);
  CHECK_THAT(r.output, Contains("\nIBEF1 - ADATE1 ") && Contains("\nADATE1 - IBEF1 "));
}
