#pragma once
// The statistics behind evalsynth's claims: confidence intervals for rates
// and mean scores, and the exact sign test (the paired test of two players
// on the same games or positions: McNemar's exact test is the sign test on
// the discordant pairs). "A is stronger than B" is written only where one
// of these says so at the 5% level.

#include <cstdint>
#include <string>
#include <vector>

namespace evalsynth::stats {

// The normal quantile of a two-sided 95% interval.
inline constexpr double kZ95 = 1.959963984540054;
inline constexpr double kSignificance = 0.05;

struct Interval {
  double low = 0, high = 0;
};

// Wilson's score interval for a rate of successes in n trials (n > 0):
// unlike the normal approximation it stays inside [0, 1] and is sound for
// rates near 0 or 1 and small n.
Interval wilson_interval(std::uint64_t successes, std::uint64_t n, double z = kZ95);

// The mean of values in [0, 1] (game scores: 1, 1/2, 0) with the half width
// of its normal-approximation interval (z times the standard error, from
// the sample variance); 0 for fewer than two values.
struct MeanInterval {
  double mean = 0, half_width = 0;
};
MeanInterval mean_interval(const std::vector<double>& values, double z = kZ95);

// The exact two-sided sign test of `plus` against `minus` (ties dropped
// before): the probability, if each was equally likely, of a split at least
// as uneven. 1 when plus + minus = 0.
double sign_test_p(std::uint64_t plus, std::uint64_t minus);

// Welch's t test of two samples' means (unequal variances): t, the
// Welch-Satterthwaite degrees of freedom and the two-sided p. Each sample
// needs two values; p = 1 when both have no spread and equal means, 0
// when they have none and differ.
struct TTest {
  double t = 0, df = 0, p = 1;
  bool no_variance = false;  // both samples constant: t is 0 or infinite, not a statistic
};
TTest welch_t_test(const std::vector<double>& a, const std::vector<double>& b);

// The two-sided p of Student's t with `df` degrees of freedom at `t`.
double student_t_p(double t, double df);

// The Mann-Whitney U test (Wilcoxon's rank-sum) of `a` against `b`: U of
// `a` (pairs where a's value is larger, ties counting half) and the
// two-sided p, exact when there are no ties and n_a x n_b <= 10000 (the
// count of rank arrangements), else the normal approximation with the tie
// correction and a continuity correction.
struct RankTest {
  double u = 0, p = 1;
  bool exact = false;
};
RankTest mann_whitney(const std::vector<double>& a, const std::vector<double>& b);

// The 95% interval of a sample's mean by Student's t (n >= 2).
MeanInterval t_interval(const std::vector<double>& values);

// A p-value in words for reports: "p = 0.021", "p = 3.1e-08", "p < 1e-300".
std::string p_text(double p);

}  // namespace evalsynth::stats
