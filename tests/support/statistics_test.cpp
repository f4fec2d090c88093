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

TEST_CASE("statistics: Student's t, Welch's test and the t interval as the textbooks give them", "[stats]") {
  // Two-sided 5% points of Student's t: 12.706 (1 df), 2.228 (10), 2.042 (30).
  CHECK(student_t_p(12.706, 1) == Approx(0.05).margin(1e-4));
  CHECK(student_t_p(2.228, 10) == Approx(0.05).margin(1e-4));
  CHECK(student_t_p(2.042, 30) == Approx(0.05).margin(1e-4));
  CHECK(student_t_p(0, 5) == Approx(1));
  // Welch's example (Wikipedia, "Welch's t-test", example 1): t = -2.46, df = 24.99, p = 0.021.
  const std::vector<double> a1 = {27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
                                  21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
  const std::vector<double> a2 = {27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
                                  24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
  const TTest w = welch_t_test(a1, a2);
  CHECK(w.t == Approx(-2.46).margin(0.005));
  CHECK(w.df == Approx(24.99).margin(0.01));
  CHECK(w.p == Approx(0.021).margin(0.0005));
  // No spread: equal means give p = 1, different ones p = 0.
  CHECK(welch_t_test({1, 1}, {1, 1}).p == 1);
  CHECK(welch_t_test({1, 1}, {2, 2}).p == 0);
  CHECK(welch_t_test({1, 1}, {2, 2}).no_variance);
  CHECK_FALSE(welch_t_test({1, 2}, {2, 2}).no_variance);
  // The t interval of 1, 2, 3, 4, 5: mean 3, sd 1.581, t(4) = 2.776: +- 1.963.
  const MeanInterval m = t_interval({1, 2, 3, 4, 5});
  CHECK(m.mean == Approx(3));
  CHECK(m.half_width == Approx(1.963).margin(1e-3));
}

TEST_CASE("statistics: the Mann-Whitney test, exact and by the normal approximation", "[stats]") {
  // Complete separation: p = 2 / C(6, 3) and 2 / C(8, 4).
  RankTest r = mann_whitney({1, 2, 3}, {4, 5, 6});
  CHECK(r.exact);
  CHECK(r.u == 0);
  CHECK(r.p == Approx(0.1));
  CHECK(mann_whitney({5, 6, 7, 8}, {1, 2, 3, 4}).p == Approx(2.0 / 70));
  CHECK(mann_whitney({5, 6, 7, 8}, {1, 2, 3, 4}).u == 16);
  // The exact p against every split of the pooled values, counted by brute force.
  const std::vector<double> a = {3.1, 4.7, 1.2, 9.9, 5.5}, b = {2.2, 6.1, 0.4, 8.8, 7.3, 1.9};
  const double u = mann_whitney(a, b).u;
  std::vector<double> pooled = a;
  pooled.insert(pooled.end(), b.begin(), b.end());
  int as_extreme = 0, splits = 0;
  for (unsigned mask = 0; mask < (1u << pooled.size()); ++mask) {
    if (__builtin_popcount(mask) != static_cast<int>(a.size())) continue;
    double count = 0;
    for (std::size_t i = 0; i < pooled.size(); ++i)
      for (std::size_t j = 0; j < pooled.size(); ++j)
        if ((mask >> i & 1) && !(mask >> j & 1) && pooled[i] > pooled[j]) ++count;
    ++splits;
    as_extreme += std::abs(count - 15) >= std::abs(u - 15) - 1e-9;
  }
  CHECK(mann_whitney(a, b).p == Approx(static_cast<double>(as_extreme) / splits));
  // Unbalanced samples: the same p whichever is given first (the table is
  // built over the smaller one).
  std::vector<double> many;
  for (int i = 0; i < 5000; ++i) many.push_back(i + 0.5);
  CHECK(mann_whitney({2500.25, 10}, many).exact);
  CHECK(mann_whitney({2500.25, 10}, many).p == Approx(mann_whitney(many, {2500.25, 10}).p));
  // Ties: the normal approximation with the tie correction (by hand: U =
  // 2.5, mean 8, ties of 2, 2 and 3 values, variance 4 * 4 / 12 * (9 - (6 +
  // 6 + 24) / 56) = 11.143, z = (5.5 - 0.5) / 3.338 = 1.498, p = 0.1342).
  r = mann_whitney({1, 1, 2, 3}, {2, 3, 3, 4});
  CHECK_FALSE(r.exact);
  CHECK(r.u == Approx(2.5));
  CHECK(r.p == Approx(0.13417).margin(1e-4));
}
