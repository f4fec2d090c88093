#include "tournament/match.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "io/match_report.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

Pairing<connect4::Game> pairing(const char* x, int xd, const char* o, int od) {
  return {builtin_player(connect4::Game{}, x, xd), builtin_player(connect4::Game{}, o, od)};
}

struct Published {
  Pairing<connect4::Game> players;
  double x_wins, o_wins, draws;  // percent, thesis Table 1 / Appendix D
};

// |ours - thesis| must be within 3.5 standard errors of the difference of two
// independent 1000-game estimates (plus half a point for the thesis's
// rounding). A correct engine stays inside at its fixed seed; a wrong move
// order, a wrong tie rule or a wrong win test does not (see results/).
void check_reproduces(const Published& row, connect4::RuleSet rules) {
  MatchOptions options;
  options.games_per_board = 1000;
  options.seed = 2005;
  options.settings = {MoveOrder::Random};
  const std::vector<connect4::Position> boards = {connect4::Position{}};
  PairingResult r;
  if (rules == connect4::RuleSet::ThesisJava) {
    const std::vector<Pairing<connect4::ThesisJavaGame>> pairings = {{row.players.x, row.players.o}};
    r = run_match(connect4::ThesisJavaGame{}, pairings, boards, options).front();
  } else {
    const std::vector<Pairing<connect4::Game>> pairings = {row.players};
    r = run_match(connect4::Game{}, pairings, boards, options).front();
  }
  INFO(thesis_line(r) << "  (thesis " << row.x_wins << " - " << row.o_wins << " (" << row.draws << "))");
  const double ours[3] = {100.0 * r.x_wins / r.games, 100.0 * r.o_wins / r.games, 100.0 * r.draws / r.games};
  const double theirs[3] = {row.x_wins, row.o_wins, row.draws};
  for (int i = 0; i < 3; ++i) {
    const double p = (ours[i] + theirs[i]) / 200.0;
    const double se = 100.0 * std::sqrt(std::max(2.0 * p * (1.0 - p) / 1000.0, 1e-6));
    CHECK(std::abs(ours[i] - theirs[i]) <= 3.5 * se + 0.5);
  }
}

}  // namespace

TEST_CASE("matches give identical games for 1 and 2 threads", "[match]") {
  MatchOptions options;
  options.games_per_board = 40;
  options.seed = 77;
  const std::vector<Pairing<connect4::Game>> pairings = {
      pairing("ibef", 2, "adate", 3), pairing("random", 0, "ibef", 1), pairing("adate", 4, "ibef", 4)};
  const std::vector<connect4::Position> boards = {connect4::Position{}, connect4::Position{}.played(3),
                                                  connect4::Position{}.played(0).played(6)};
  options.threads = 1;
  const auto one = play_all_games(connect4::Game{}, pairings, boards, options);
  options.threads = 2;
  const auto two = play_all_games(connect4::Game{}, pairings, boards, options);
  REQUIRE(one.size() == 3 * 3 * 40);
  for (std::size_t i = 0; i < one.size(); ++i) {
    REQUIRE(one[i].outcome == two[i].outcome);
    REQUIRE(one[i].plies == two[i].plies);
    REQUIRE(one[i].nodes == two[i].nodes);
  }
  // Adding a pairing does not change the games of the others.
  const auto alone = play_all_games(connect4::Game{}, {pairings[1]}, boards, options);
  for (std::size_t i = 0; i < alone.size(); ++i) REQUIRE(alone[i].plies == one[120 + i].plies);
  // A different seed gives different games.
  options.seed = 78;
  const auto other = play_all_games(connect4::Game{}, pairings, boards, options);
  int differing = 0;
  for (std::size_t i = 0; i < one.size(); ++i) differing += one[i].plies != other[i].plies;
  CHECK(differing > 50);
}

TEST_CASE("Table 1 rows of the thesis are reproduced under both rule sets", "[match][thesis]") {
  const std::vector<Published> rows = {
      {pairing("adate", 2, "ibef", 2), 61.6, 35.0, 3.4}, {pairing("ibef", 4, "adate", 4), 11.5, 88.5, 0.0},
      {pairing("ibef", 6, "adate", 2), 7.7, 68.0, 24.3}, {pairing("adate", 1, "ibef", 2), 34.0, 65.6, 0.4},
      {pairing("ibef", 2, "ibef", 2), 21.2, 34.8, 44.0},
  };
  for (const Published& row : rows) {
    check_reproduces(row, connect4::RuleSet::Standard);
    check_reproduces(row, connect4::RuleSet::ThesisJava);
  }
}

TEST_CASE("IBEF-IBEF rows of Appendix D are reproduced under the thesis's Java rules", "[match][thesis]") {
  const std::vector<Published> rows = {
      {pairing("ibef", 1, "ibef", 1), 81.5, 18.5, 0.0},  {pairing("ibef", 1, "ibef", 3), 3.1, 72.0, 24.9},
      {pairing("ibef", 3, "ibef", 6), 12.1, 16.1, 71.8}, {pairing("ibef", 4, "ibef", 2), 75.0, 7.8, 17.2},
      {pairing("ibef", 4, "ibef", 5), 4.1, 58.7, 37.1},  {pairing("ibef", 6, "ibef", 6), 3.9, 11.1, 85.0},
  };
  for (const Published& row : rows) check_reproduces(row, connect4::RuleSet::ThesisJava);
}

TEST_CASE("the thesis's Java rules differ from Connect4's by exactly one diagonal", "[match][rules]") {
  const std::uint64_t line = connect4::ThesisJavaRules::kIgnoredLine;
  CHECK(std::popcount(line) == 4);
  CHECK(connect4::StandardRules::has_four(line));
  CHECK_FALSE(connect4::ThesisJavaRules::has_four(line));
  // The three stones below (5,2) also point at (1,6), which wins under both.
  CHECK(connect4::ThesisJavaRules::winning_cells(line & ~connect4::bits::cell(5, 2)) == connect4::bits::cell(1, 6));
  CHECK(connect4::StandardRules::winning_cells(line & ~connect4::bits::cell(5, 2)) ==
        (connect4::bits::cell(5, 2) | connect4::bits::cell(1, 6)));
  // Every other line of four wins under both.
  for (int shift : {1, 7, 6, 8})
    for (int start = 0; start + 3 * shift < 49; ++start) {
      std::uint64_t stones = 0;
      for (int i = 0; i < 4; ++i) stones |= std::uint64_t{1} << (start + i * shift);
      if ((stones & ~connect4::bits::kBoard) || !connect4::bits::has_four(stones) || stones == line) continue;
      REQUIRE(connect4::ThesisJavaRules::has_four(stones));
    }
  // That IBEF1 - IBEF1 is the row that tells them apart: 81.5% X wins in the thesis.
  MatchOptions options;
  options.games_per_board = 1000;
  options.seed = 2005;
  const auto standard =
      run_match(connect4::Game{}, {pairing("ibef", 1, "ibef", 1)}, {connect4::Position{}}, options).front();
  CHECK(standard.x_wins > 860);
}

TEST_CASE("match scores come with intervals and the paired test over start boards", "[match][report][stats]") {
  // A as X: won, won, drew, lost; A as O from the same boards: won, drew, won, lost.
  const PairingResult a{"A", "B", 4, 2, 1, 1, 0, {1, 1, 0, -1}, 1, true, {}},
      b{"B", "A", 4, 1, 2, 1, 0, {-1, 0, -1, 1}, 1, true, {}};
  // X's scores 1, 1, 1/2, 0: mean 0.625, sample sd 0.4787, half width 1.96 * 0.4787 / 2.
  CHECK(score_text(a) == "X's score 62.5% [15.6, 100.0]");  // clamped at 100%
  // Pairs: +2, +1, +1, -2 -> scores 1, 3/4, 3/4, 0; sign test 3 against 1: p = 2 * 5/16.
  const std::string verdict = paired_verdict(a, b);
  CHECK_THAT(verdict, Contains("score 62.5%") && Contains("over 4 pairs") && Contains("+3 -1, p = 0.625") &&
                          Contains("no significant difference"));
  // Ten pairs all won by B: p = 2/1024.
  PairingResult c{"A", "B", 10, 0, 10, 0, 0, std::vector<std::int8_t>(10, -1), 1, true, {}};
  PairingResult d{"B", "A", 10, 10, 0, 0, 0, std::vector<std::int8_t>(10, 1), 1, true, {}};
  CHECK_THAT(paired_verdict(c, d), Contains("+0 -10, p = 0.00195: B is stronger"));
  // The same ten games as one board's repeats under the left-to-right order:
  // one observation, nothing shown.
  PairingResult e = c, f = d;
  e.games_per_board = f.games_per_board = 10;
  e.independent_repeats = f.independent_repeats = false;
  CHECK_THAT(paired_verdict(e, f),
             Contains("over 1 start boards") && Contains("+0 -1, p = 1: no significant difference"));
  // Two boards of two repeats each: board means (1 + 0.75) / 2 and (0.75 + 0) / 2.
  PairingResult g = a, h = b;
  g.games_per_board = h.games_per_board = 2;
  g.independent_repeats = h.independent_repeats = false;
  CHECK_THAT(paired_verdict(g, h), Contains("score 62.5%") && Contains("+1 -1"));
  CHECK_THAT(score_text(g), StartsWith("X's score 62.5%"));
  // Random tie-breaking, several boards: a board's repeats are one
  // cluster. Ten boards of twenty games, X winning every game of five
  // boards and losing every game of the others: counted game by game the
  // interval would be 50% +- 6.9; the boards say 50% +- 32.7.
  PairingResult clustered{"A", "B", 200, 100, 100, 0, 0, {}, 20, true, {}};
  for (int board = 0; board < 10; ++board)
    for (int game = 0; game < 20; ++game) clustered.x_results.push_back(board < 5 ? 1 : -1);
  CHECK(score_text(clustered) == "X's score 50.0% \u00b1 32.7 (by start board)");
  // One board of 200 such games: independent draws given the board.
  PairingResult one_board = clustered;
  one_board.games_per_board = 200;
  CHECK(score_text(one_board) == "X's score 50.0% \u00b1 6.9");
  // The paired test counts boards too: with the colours swapped A wins
  // every game, so A wins the pairs of five boards and splits the others'.
  PairingResult swapped{"B", "A", 200, 0, 200, 0, 0, std::vector<std::int8_t>(200, -1), 20, true, {}};
  CHECK_THAT(paired_verdict(clustered, swapped),
             Contains("over 10 start boards, their pairs taken together") && Contains("+5 -0"));
  const std::vector<std::string> lines = paired_lines({c, d});
  REQUIRE(lines.size() == 1);
  CHECK_THAT(lines[0], StartsWith("A vs B: +0 =0 -20 (0%); score 0.0%"));
}

TEST_CASE("results print in the thesis's Appendix D form, CSV and JSON", "[match][report]") {
  PairingResult r{"IBEF4", "ADATE4", 1000, 115, 885, 0, 12345, {}, 1, true, {}};
  CHECK(thesis_line(r) == "IBEF4 - ADATE4 11.5 - 88.5 (0)");
  r = {"IBEF2", "IBEF2", 1000, 212, 348, 440, 1, {}, 1, true, {}};
  CHECK(thesis_line(r) == "IBEF2 - IBEF2 21.2 - 34.8 (44)");
  CHECK(format_percent(1, 3) == "33.3");
  CHECK(format_percent(0, 0) == "0");
  CHECK(match_csv({r}) ==
        "x_player,o_player,games,x_wins,o_wins,draws,x_win_pct,o_win_pct,draw_pct,nodes\n"
        "IBEF2,IBEF2,1000,212,348,440,21.2,34.8,44,1\n");
  const nlohmann::json json = nlohmann::json::parse(match_json({r}, {7, "random", "standard", "empty board", 1000}));
  CHECK(json["rules"] == "standard");
  CHECK(json["seed"] == 7);
  REQUIRE(json["pairings"].size() == 1);
  CHECK(json["pairings"][0] == nlohmann::json{{"x", "IBEF2"},
                                              {"o", "IBEF2"},
                                              {"games", 1000},
                                              {"x_wins", 212},
                                              {"o_wins", 348},
                                              {"draws", 440},
                                              {"nodes", 1}});
  // With its games' results, X's score and its interval as the text gives them.
  const PairingResult played{"A", "B", 4, 2, 1, 1, 0, {1, 1, -1, 0}, 1, true, {}};
  const nlohmann::json with = nlohmann::json::parse(match_json({played}, {7, "random", "standard", "e", 1}));
  CHECK(with["pairings"][0]["x_score"] == 0.625);
  CHECK(with["pairings"][0]["x_score_half_width"].get<double>() > 0);
  CHECK_THAT(score_text(played), Catch::Matchers::Contains("62.5%"));
  // Labels with a comma or a quote (file names) stay one CSV field.
  r.x_label = "my,\"prog\"@2";
  CHECK(match_csv({r}).find("\n\"my,\"\"prog\"\"@2\",IBEF2,") != std::string::npos);
}
