// The statistics of evalsynth's claims against textbook values: Wilson's
// interval, the normal interval of a mean score, and the exact sign test
// (McNemar's exact test on discordant pairs).

#include "support/statistics.hpp"

#include <catch2/catch.hpp>

using namespace evalsynth::stats;

TEST_CASE("statistics: Wilson intervals as the textbooks give them", "[stats]") {
  // Agresti and Coull's example values: 8 of 10, 0 of 10, 10 of 10, 50 of 100.
  Interval i = wilson_interval(8, 10);
  CHECK(i.low == Approx(0.4902).margin(5e-5));
  CHECK(i.high == Approx(0.9433).margin(5e-5));
  i = wilson_interval(0, 10);
  CHECK(i.low == 0);
  CHECK(i.high == Approx(0.2775).margin(5e-5));
  i = wilson_interval(10, 10);
  CHECK(i.low == Approx(0.7225).margin(5e-5));
  CHECK(i.high == Approx(1));
  i = wilson_interval(50, 100);
  CHECK(i.low == Approx(0.4038).margin(5e-5));
  CHECK(i.high == Approx(0.5962).margin(5e-5));
}

TEST_CASE("statistics: the mean score and its interval", "[stats]") {
  // Scores 1, 1/2, 0, 1: mean 0.625, sample sd 0.4787, se 0.2394.
  const MeanInterval m = mean_interval({1, 0.5, 0, 1});
  CHECK(m.mean == Approx(0.625));
  CHECK(m.half_width == Approx(kZ95 * 0.4787135539 / 2).epsilon(1e-8));
  CHECK(mean_interval({}).mean == 0);
  CHECK(mean_interval({0.5}).half_width == 0);
  CHECK(mean_interval({0.5, 0.5, 0.5}).half_width == 0);
}

TEST_CASE("statistics: the exact sign test (McNemar's exact test)", "[stats]") {
  // n = 10, 1 against 9: 2 * 11 / 1024.
  CHECK(sign_test_p(1, 9) == Approx(22.0 / 1024).epsilon(1e-12));
  CHECK(sign_test_p(9, 1) == Approx(22.0 / 1024).epsilon(1e-12));
  // McNemar: b = 2, c = 9 discordant pairs: 2 * 67 / 2048.
  CHECK(sign_test_p(2, 9) == Approx(134.0 / 2048).epsilon(1e-12));
  CHECK(sign_test_p(0, 5) == Approx(2.0 / 32).epsilon(1e-12));
  CHECK(sign_test_p(5, 5) == 1);
  CHECK(sign_test_p(0, 0) == 1);
  CHECK(sign_test_p(3, 4) == Approx(1));
  // Large n against the normal approximation: 5,100 of 10,000 (z = 2,
  // two-sided 0.0455; the exact value is 0.0464).
  CHECK(sign_test_p(5100, 4900) == Approx(0.0464).margin(5e-4));
  // Far tails stay finite and positive.
  const double tiny = sign_test_p(16, 775);
  CHECK(tiny > 0);
  CHECK(tiny < 1e-100);
  CHECK(p_text(0.0214) == "p = 0.0214");
  CHECK(p_text(3.1e-8) == "p = 3.1e-08");
  CHECK(p_text(0) == "p < 1e-300");
}
