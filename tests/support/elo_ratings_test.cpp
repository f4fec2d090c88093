// Maximum-likelihood Elo ratings (BayesElo's model) against tables made from
// known ratings, the logistic model's textbook interval, and the symmetries
// the model must have; and every precondition's message.

#include "support/elo_ratings.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "support/statistics.hpp"

using namespace evalsynth::stats;

namespace {

double expected_score(double elo_difference) { return 1 / (1 + std::pow(10.0, -elo_difference / 400)); }

// The games `games_each_way` games of every ordered pairing would give, each
// outcome in its expected number (rounded), under BayesElo's model.
std::vector<PairingCounts> expected_table(const std::vector<std::string>& names, const std::vector<double>& elos,
                                          double advantage, double draw_elo, double games_each_way) {
  std::vector<PairingCounts> table;
  for (std::size_t x = 0; x < names.size(); ++x)
    for (std::size_t o = 0; o < names.size(); ++o) {
      if (x == o) continue;
      const double delta = elos[x] - elos[o] + advantage;
      const int x_wins = static_cast<int>(std::lround(games_each_way * expected_score(delta - draw_elo)));
      const int o_wins = static_cast<int>(std::lround(games_each_way * expected_score(-delta - draw_elo)));
      table.push_back({names[x], names[o], x_wins, o_wins, static_cast<int>(games_each_way) - x_wins - o_wins});
    }
  return table;
}

const Rating& rating_of(const Ratings& ratings, const std::string& name) {
  for (const Rating& r : ratings.players)
    if (r.name == name) return r;
  throw std::logic_error("no player " + name);
}

double half_width(const Rating& r) { return (r.high - r.low) / 2; }

RatingOptions without_prior() {
  RatingOptions options;
  options.virtual_draws = 0;
  return options;
}

const std::vector<std::string> kFour{"A", "B", "C", "D"};
const std::vector<double> kFourElos{0, 100, 250, -150};

}  // namespace

TEST_CASE("elo ratings: the fit recovers the ratings, advantage and draw_elo a table was made from", "[ratings]") {
  const Ratings fit = fit_ratings(expected_table(kFour, kFourElos, 40, 80, 100000), without_prior());
  REQUIRE(fit.converged);
  CHECK(fit.advantage_fitted);
  CHECK(fit.draw_elo_fitted);
  CHECK(fit.advantage == Approx(40).margin(0.05));
  CHECK(fit.draw_elo == Approx(80).margin(0.05));
  for (std::size_t i = 0; i < kFour.size(); ++i)
    CHECK(rating_of(fit, kFour[i]).elo == Approx(kFourElos[i]).margin(0.05));
  REQUIRE(fit.players.size() == 4);
  CHECK(fit.players[0].name == "C");
  CHECK(fit.players[3].name == "D");
  CHECK(fit.players[0].games == 600000);
  CHECK(fit.players[0].score > 0.5);
  CHECK(fit.players[3].score < 0.5);
  // The anchor (A, the first player) is held at 0: its interval is [0, 0].
  CHECK(rating_of(fit, "A").low == 0);
  CHECK(rating_of(fit, "A").high == 0);
  CHECK(fit.los_next.size() == 3);
}

TEST_CASE("elo ratings: intervals shrink as one over the square root of the games", "[ratings]") {
  std::vector<PairingCounts> table = expected_table(kFour, kFourElos, 40, 80, 1000);
  const Ratings small = fit_ratings(table, without_prior());
  for (PairingCounts& p : table) p.x_wins *= 4, p.o_wins *= 4, p.draws *= 4;
  const Ratings large = fit_ratings(table, without_prior());
  for (const char* name : {"B", "C", "D"}) {
    CHECK(rating_of(large, name).elo == Approx(rating_of(small, name).elo).epsilon(1e-9));
    CHECK(half_width(rating_of(small, name)) / half_width(rating_of(large, name)) == Approx(2).epsilon(1e-6));
  }
}

TEST_CASE("elo ratings: one pairing played one way only gives the logistic model's rating and interval", "[ratings]") {
  // 600 wins and 400 losses, no draws: the Elo difference is
  // 400 log10(600 / 400) and its standard error 1 / (c sqrt(n p (1 - p)))
  // with c = ln(10) / 400 (draw_elo's fixed 0.01 moves them by far less).
  const Ratings fit = fit_ratings({{"A", "B", 600, 400, 0}}, without_prior());
  REQUIRE(fit.converged);
  CHECK_FALSE(fit.advantage_fitted);
  CHECK(fit.advantage == 0);
  CHECK_FALSE(fit.draw_elo_fitted);
  CHECK(fit.draw_elo == 0.01);
  const double c = std::log(10.0) / 400;
  CHECK(rating_of(fit, "B").elo == Approx(-400 * std::log10(1.5)).margin(0.02));
  CHECK(half_width(rating_of(fit, "B")) == Approx(kZ95 / (c * std::sqrt(1000 * 0.24))).epsilon(1e-3));
  CHECK(rating_of(fit, "A").score == Approx(0.6));
  // The prior does not make the advantage fitted: its draws are symmetric.
  const Ratings with_prior = fit_ratings({{"A", "B", 600, 400, 0}});
  CHECK_FALSE(with_prior.advantage_fitted);
  CHECK(with_prior.advantage == 0);
}

TEST_CASE("elo ratings: the advantage is fitted exactly when the table can tell it from the ratings", "[ratings]") {
  // A above B above C with A also against C: (A-B) + (B-C) - (A-C) is the
  // advantage.
  CHECK(fit_ratings({{"A", "B", 5, 3, 2}, {"B", "C", 5, 3, 2}, {"A", "C", 5, 3, 2}}).advantage_fitted);
  // A and C always first, B always second: the levels A = C = B + 1 fit.
  CHECK_FALSE(fit_ratings({{"A", "B", 5, 3, 2}, {"C", "B", 5, 3, 2}}).advantage_fitted);
  // A player against itself measures the advantage alone.
  const Ratings self = fit_ratings({{"A", "B", 5, 3, 2}, {"A", "A", 7, 3, 0}});
  CHECK(self.advantage_fitted);
  CHECK(self.advantage > 0);
  CHECK(rating_of(self, "A").games == 20);
  CHECK(rating_of(self, "A").score == Approx((5 + 1 + 5) / 20.0));
}

TEST_CASE("elo ratings: a player who won every game gets a finite rating from the prior", "[ratings]") {
  const std::vector<PairingCounts> table{{"A", "B", 10, 0, 0}, {"B", "A", 0, 10, 0}, {"A", "C", 10, 0, 0},
                                         {"C", "A", 0, 10, 0}, {"B", "C", 5, 4, 3},  {"C", "B", 4, 5, 3}};
  const Ratings fit = fit_ratings(table);
  REQUIRE(fit.converged);
  CHECK(fit.players[0].name == "A");
  CHECK(std::isfinite(fit.players[0].elo));
  CHECK(std::isfinite(fit.players[0].high));
  CHECK(fit.players[0].elo > fit.players[1].elo + 100);
  CHECK(fit.players[0].score == 1);
  // Without the prior the rating runs off to infinity: the fit still ends.
  const Ratings unbounded = fit_ratings(table, without_prior());
  CHECK_FALSE(unbounded.converged);
  CHECK(unbounded.players[0].name == "A");
}

TEST_CASE("elo ratings: the prior is two virtual draws, one with each player first", "[ratings]") {
  const std::vector<PairingCounts> table{{"A", "B", 7, 2, 3}, {"B", "C", 4, 4, 1}, {"C", "A", 1, 5, 2}};
  std::vector<PairingCounts> with_virtual = table;
  for (const auto& [x, o] : {std::pair{"A", "B"}, {"B", "C"}, {"C", "A"}})
    with_virtual.push_back({x, o, 0, 0, 1}), with_virtual.push_back({o, x, 0, 0, 1});
  const Ratings prior = fit_ratings(table), explicit_draws = fit_ratings(with_virtual, without_prior());
  CHECK(prior.advantage == Approx(explicit_draws.advantage).epsilon(1e-9));
  CHECK(prior.draw_elo == Approx(explicit_draws.draw_elo).epsilon(1e-9));
  for (const char* name : {"B", "C"}) {
    CHECK(rating_of(prior, name).elo == Approx(rating_of(explicit_draws, name).elo).epsilon(1e-9));
    CHECK(rating_of(prior, name).high == Approx(rating_of(explicit_draws, name).high).epsilon(1e-9));
  }
  CHECK(rating_of(prior, "A").games == 20);  // real games only
}

TEST_CASE("elo ratings: anchored to a named player or to the mean", "[ratings]") {
  const std::vector<PairingCounts> table = expected_table(kFour, kFourElos, 40, 80, 100);
  const Ratings first = fit_ratings(table);
  RatingOptions options;
  options.anchor = "C";
  const Ratings at_c = fit_ratings(table, options);
  CHECK(rating_of(at_c, "C").elo == 0);
  CHECK(rating_of(at_c, "C").low == 0);
  CHECK(rating_of(at_c, "C").high == 0);
  options.anchor_mean = true;
  const Ratings at_mean = fit_ratings(table, options);
  double sum = 0;
  for (const Rating& r : at_mean.players) sum += r.elo;
  CHECK(sum == Approx(0).margin(1e-9));
  for (const std::string& name : kFour) {
    const double from_a = rating_of(first, name).elo - rating_of(first, "A").elo;
    CHECK(rating_of(at_c, name).elo - rating_of(at_c, "A").elo == Approx(from_a).margin(1e-6));
    CHECK(rating_of(at_mean, name).elo - rating_of(at_mean, "A").elo == Approx(from_a).margin(1e-6));
  }
  // The LOS of neighbours does not depend on where 0 is.
  for (std::size_t i = 0; i < first.los_next.size(); ++i) {
    CHECK(at_c.los_next[i] == Approx(first.los_next[i]).margin(1e-9));
    CHECK(at_mean.los_next[i] == Approx(first.los_next[i]).margin(1e-9));
  }
  // Two players: each is half the difference from the mean, so half as
  // uncertain as the second is relative to the first.
  RatingOptions mean_only;
  mean_only.anchor_mean = true;
  const std::vector<PairingCounts> two{{"A", "B", 30, 20, 10}, {"B", "A", 25, 25, 10}};
  const double difference_half_width = half_width(rating_of(fit_ratings(two), "B"));
  const Ratings two_at_mean = fit_ratings(two, mean_only);
  CHECK(half_width(rating_of(two_at_mean, "A")) == Approx(difference_half_width / 2).epsilon(1e-9));
  CHECK(half_width(rating_of(two_at_mean, "B")) == Approx(difference_half_width / 2).epsilon(1e-9));
}

TEST_CASE("elo ratings: preconditions are usage errors with clear messages", "[ratings]") {
  RatingOptions unknown;
  unknown.anchor = "Z";
  CHECK_THROWS_AS(fit_ratings({{"A", "B", 1, 1, 1}}, unknown), std::invalid_argument);
  CHECK_THROWS_WITH(fit_ratings({{"A", "B", 1, 1, 1}}, unknown), "the anchor 'Z' is not a player (the players: A, B)");
  const std::vector<PairingCounts> split{{"A", "B", 3, 2, 1}, {"C", "D", 3, 2, 1}, {"B", "A", 1, 1, 1}};
  CHECK_THROWS_AS(fit_ratings(split), std::invalid_argument);
  CHECK_THROWS_WITH(fit_ratings(split), "ratings need one connected cross-table: A and C are in groups that never met");
  CHECK_THROWS_WITH(fit_ratings({}), "ratings need at least one game");
  CHECK_THROWS_WITH(fit_ratings({{"A", "B", 1, 0, 0}, {"A", "C", 0, 0, 0}}), "the player C has no games");
  CHECK_THROWS_WITH(fit_ratings({{"A", "B", -1, 0, 0}}), "the games of A against B have a negative count");
  RatingOptions negative_prior;
  negative_prior.virtual_draws = -1;
  CHECK_THROWS_WITH(fit_ratings({{"A", "B", 1, 0, 0}}, negative_prior), "ratings need a number of virtual draws >= 0");
}

TEST_CASE("elo ratings: a table without draws fixes draw_elo and fits the rest", "[ratings]") {
  // Made with draw_elo 0, where P(draw) = 0: the fit at draw_elo 0.01 is
  // within rounding of it.
  const Ratings fit = fit_ratings(expected_table(kFour, kFourElos, 40, 0, 100000), without_prior());
  REQUIRE(fit.converged);
  CHECK_FALSE(fit.draw_elo_fitted);
  CHECK(fit.draw_elo == 0.01);
  CHECK(fit.advantage == Approx(40).margin(0.1));
  for (std::size_t i = 0; i < kFour.size(); ++i)
    CHECK(rating_of(fit, kFour[i]).elo == Approx(kFourElos[i]).margin(0.1));
  CHECK(fit_ratings(expected_table(kFour, kFourElos, 40, 0, 10)).converged);
}

TEST_CASE("elo ratings: the likelihood of superiority", "[ratings]") {
  const Ratings equal = fit_ratings({{"A", "B", 30, 30, 40}, {"B", "A", 30, 30, 40}});
  REQUIRE(equal.los_next.size() == 1);
  CHECK(equal.los_next[0] == Approx(0.5).margin(1e-6));
  const Ratings apart = fit_ratings({{"A", "B", 90, 10, 0}, {"B", "A", 10, 90, 0}});
  CHECK(apart.players[0].name == "A");
  CHECK(apart.los_next[0] > 0.999);
  // Two players, anchored at the first: the difference's sd is the second's.
  const Ratings close = fit_ratings({{"A", "B", 30, 25, 40}, {"B", "A", 28, 30, 40}});
  const Rating& b = rating_of(close, "B");
  const double sd = half_width(b) / kZ95;
  CHECK(close.los_next[0] == Approx(0.5 * std::erfc(-std::abs(b.elo) / sd / std::sqrt(2.0))).epsilon(1e-9));
  CHECK(close.los_next[0] > 0.5);
}

TEST_CASE("elo ratings: swapping the first and second mover's wins turns the advantage and ratings over", "[ratings]") {
  // Every outcome of the swapped table is as likely under ratings -r and
  // advantage -a as the original under r and a.
  std::vector<PairingCounts> table = expected_table({"A", "B", "C"}, {0, 60, -30}, 35, 90, 200);
  const Ratings fit = fit_ratings(table);
  for (PairingCounts& p : table) std::swap(p.x_wins, p.o_wins);
  const Ratings swapped = fit_ratings(table);
  CHECK(fit.advantage > 20);
  CHECK(swapped.advantage == Approx(-fit.advantage).epsilon(1e-9));
  CHECK(swapped.draw_elo == Approx(fit.draw_elo).epsilon(1e-9));
  for (const char* name : {"B", "C"}) {
    CHECK(rating_of(swapped, name).elo == Approx(-rating_of(fit, name).elo).epsilon(1e-9));
    CHECK(half_width(rating_of(swapped, name)) == Approx(half_width(rating_of(fit, name))).epsilon(1e-9));
  }
}

TEST_CASE("elo ratings: degenerate tables end with an answer", "[ratings]") {
  // Every game drawn: draw_elo's likelihood rises without end.
  const Ratings drawn = fit_ratings({{"A", "B", 0, 0, 10}, {"B", "A", 0, 0, 10}});
  CHECK_FALSE(drawn.converged);
  CHECK(drawn.players.size() == 2);
  CHECK(drawn.players[0].elo == Approx(drawn.players[1].elo).margin(1e-6));
  CHECK(ratings_text(drawn).find("\nthe fit did not converge") != std::string::npos);
  // A player alone against itself.
  const Ratings alone = fit_ratings({{"A", "A", 6, 4, 0}});
  REQUIRE(alone.players.size() == 1);
  CHECK(alone.players[0].elo == 0);
  CHECK(alone.los_next.empty());
  CHECK(alone.advantage > 0);
}

TEST_CASE("elo ratings: the text table", "[ratings]") {
  const std::string text = ratings_text(fit_ratings(expected_table(kFour, kFourElos, 40, 80, 100)));
  INFO(text);
  CHECK(text.rfind("rank  player      elo  95% interval          games  score  LOS next\n", 0) == 0);
  CHECK(text.find("\n   1  C       ") != std::string::npos);
  CHECK(text.find("\n   4  D       ") != std::string::npos);
  CHECK(text.find("\nadvantage ") != std::string::npos);
  CHECK(text.find("(fitted), draw_elo ") != std::string::npos);
  CHECK(text.find(" \n") == std::string::npos);  // no trailing blanks
}
