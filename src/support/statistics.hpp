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

// A p-value in words for reports: "p = 0.021", "p = 3.1e-08", "p < 1e-300".
std::string p_text(double p);

}  // namespace evalsynth::stats
