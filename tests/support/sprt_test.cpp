// The SPRT of engine testers (support/sprt.hpp): its LLR against values
// computed by hand (the binomial's closed form) and by an independent
// implementation (Newton's method on the same model, in Python, for the
// figures below), its bounds, and its error rates by simulation: a coin of
// known bias, tested many times, is misjudged no more often than alpha and
// beta say.

#include "support/sprt.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <stdexcept>

using namespace evalsynth::stats;

TEST_CASE("SPRT: the LLR of fixed counts, as computed by hand", "[stats][sprt]") {
  // Wins and losses only: the constrained maximum-likelihood distributions
  // are (1 - s, s) whatever the counts, so LLR = W log(s1/s0) + L log((1-s1)/(1-s0)).
  const double s0 = score_of_elo(0), s1 = score_of_elo(20);
  CHECK(s0 == Approx(0.5));
  CHECK(s1 == Approx(0.528751).margin(1e-6));
  const double closed = 60 * std::log(s1 / s0) + 40 * std::log((1 - s1) / (1 - s0));
  CHECK(sprt_llr({40, 60}, {0, 20}) == Approx(closed).epsilon(1e-9));
  CHECK(closed == Approx(0.9856996541).epsilon(1e-9));
  // A trinomial with no draws: the 1e-3 draws fishtest adds move it a little.
  CHECK(sprt_llr({40, 0, 60}, {0, 20}) == Approx(0.9857079091).epsilon(1e-8));
  // Trinomial and pentanomial counts (Newton's method, independently).
  CHECK(sprt_llr({100, 80, 120}, {-5, 5}) == Approx(0.7849384439).epsilon(1e-8));
  CHECK(sprt_llr({10, 40, 120, 60, 20}, {0, 10}) == Approx(2.1559221356).epsilon(1e-8));
  CHECK(sprt_llr({0, 3, 10, 4, 1}, {0, 5}) == Approx(0.1433279657).epsilon(1e-8));
  // Symmetric counts between symmetric hypotheses: no evidence either way.
  CHECK(sprt_llr({30, 50, 30}, {-10, 10}) == Approx(0).margin(1e-9));
  // A and B swapped: the LLR of the mirrored hypotheses.
  CHECK(sprt_llr({20, 60, 120, 40, 10}, {-10, 0}) == Approx(-sprt_llr({10, 40, 120, 60, 20}, {0, 10})).epsilon(1e-9));
}

TEST_CASE("SPRT: bounds, verdicts, Elo and its interval", "[stats][sprt]") {
  const SprtBounds b{0, 5, 0.05, 0.05};
  CHECK(b.lower() == Approx(-2.944439).margin(1e-6));
  CHECK(b.upper() == Approx(2.944439).margin(1e-6));
  CHECK(sprt_verdict(3.0, b) == SprtVerdict::AcceptH1);
  CHECK(sprt_verdict(-3.0, b) == SprtVerdict::AcceptH0);
  CHECK(sprt_verdict(0.5, b) == SprtVerdict::Continue);
  CHECK(elo_of_score(score_of_elo(123.4)) == Approx(123.4));
  CHECK(std::isfinite(elo_of_score(1)));
  // 60 wins, 40 losses: score 0.6, Elo 70.4; sd 0.49 / 10, so 0.6 +- 0.096.
  const EloInterval e = elo_interval({40, 0, 60});
  CHECK(e.elo == Approx(70.44).margin(0.01));
  CHECK(e.low == Approx(elo_of_score(0.6 - 1.959964 * std::sqrt(0.24 / 100))).margin(1e-3));
  CHECK(e.high == Approx(elo_of_score(0.6 + 1.959964 * std::sqrt(0.24 / 100))).margin(1e-3));
  // All won: the upper bound is unbounded.
  const EloInterval all_won = elo_interval({0, 0, 0, 0, 20});
  CHECK(std::isinf(all_won.high));
  CHECK(std::isfinite(all_won.elo));
  // Constrained distributions keep their mean.
  const std::vector<double> q = distribution_with_mean({0.1, 0.2, 0.4, 0.2, 0.1}, 0.6);
  double mean = 0, sum = 0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    mean += q[i] * static_cast<double>(i) / 4;
    sum += q[i];
  }
  CHECK(mean == Approx(0.6).epsilon(1e-9));
  CHECK(sum == Approx(1).epsilon(1e-12));
}

TEST_CASE("SPRT: the bounds a command line gives, and its mistakes", "[stats][sprt]") {
  const SprtBounds b = parse_sprt_bounds("0,5");
  CHECK((b.elo0 == 0 && b.elo1 == 5 && b.alpha == 0.05 && b.beta == 0.05));
  const SprtBounds c = parse_sprt_bounds("-2.5,2.5,0.1,0.2");
  CHECK((c.elo0 == -2.5 && c.elo1 == 2.5 && c.alpha == 0.1 && c.beta == 0.2));
  for (const char* bad :
       {"", "5", "0,5,0.05", "5,0", "0,x", "0,5,0,0.05", "0,5,0.05,0.7", "0,,5", "0,5,", "nan,5", "0,5000"})
    CHECK_THROWS_AS(parse_sprt_bounds(bad), std::invalid_argument);
}

namespace {

// One simulated SPRT: games (or pairs of games) drawn from a trinomial of
// the given win and draw probabilities until a bound is crossed.
SprtVerdict simulate(std::mt19937_64& rng, double win, double draw, bool pairs, const SprtBounds& bounds) {
  std::uniform_real_distribution<double> unit(0, 1);
  const auto game = [&] {  // 0 loss, 1 draw, 2 win
    const double u = unit(rng);
    return u < win ? 2 : u < win + draw ? 1 : 0;
  };
  std::vector<std::uint64_t> counts(pairs ? 5 : 3, 0);
  for (int n = 0; n < 200000; ++n) {
    ++counts[static_cast<std::size_t>(pairs ? game() + game() : game())];
    if (n % 4 != 3) continue;  // the LLR every few outcomes: the test's time, not its behaviour
    const SprtVerdict v = sprt_verdict(sprt_llr(counts, bounds), bounds);
    if (v != SprtVerdict::Continue) return v;
  }
  return SprtVerdict::Continue;
}

}  // namespace

TEST_CASE("SPRT: a coin of known bias is misjudged within alpha and beta", "[stats][sprt]") {
  const SprtBounds bounds{0, 40, 0.05, 0.10};
  const double draw = 0.3;
  std::mt19937_64 rng(20261127);
  for (const bool pairs : {false, true}) {
    INFO((pairs ? "pentanomial" : "trinomial"));
    const int runs = 600;
    int h1_at_elo0 = 0, h0_at_elo1 = 0, undecided = 0;
    for (int r = 0; r < runs; ++r) {
      // True Elo elo0: accepting H1 is the type I error; true Elo elo1: accepting H0 the type II.
      const double s0 = score_of_elo(bounds.elo0), s1 = score_of_elo(bounds.elo1);
      const SprtVerdict at0 = simulate(rng, s0 - draw / 2, draw, pairs, bounds);
      const SprtVerdict at1 = simulate(rng, s1 - draw / 2, draw, pairs, bounds);
      h1_at_elo0 += at0 == SprtVerdict::AcceptH1;
      h0_at_elo1 += at1 == SprtVerdict::AcceptH0;
      undecided += (at0 == SprtVerdict::Continue) + (at1 == SprtVerdict::Continue);
    }
    // Within three standard errors of the nominal rates (Wald's bounds are
    // conservative, so the rates are usually below them).
    const auto limit = [&](double rate) { return rate + 3 * std::sqrt(rate * (1 - rate) / runs); };
    CHECK(h1_at_elo0 <= limit(bounds.alpha) * runs);
    CHECK(h0_at_elo1 <= limit(bounds.beta) * runs);
    CHECK(undecided == 0);
    // And the test has power: the right hypothesis is accepted most of the time.
    CHECK(h1_at_elo0 < runs / 10);
    CHECK(h0_at_elo1 < runs / 5);
  }
}
