#include "support/statistics.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

namespace evalsynth::stats {

Interval wilson_interval(std::uint64_t successes, std::uint64_t n, double z) {
  assert(n > 0 && successes <= n);
  const double trials = static_cast<double>(n), rate = static_cast<double>(successes) / trials;
  const double z2 = z * z, centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials);
  const double half = z / (1 + z2 / trials) * std::sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

MeanInterval mean_interval(const std::vector<double>& values, double z) {
  MeanInterval m;
  if (values.empty()) return m;
  for (double v : values) m.mean += v;
  m.mean /= static_cast<double>(values.size());
  if (values.size() < 2) return m;
  double squares = 0;
  for (double v : values) squares += (v - m.mean) * (v - m.mean);
  const double n = static_cast<double>(values.size());
  m.half_width = z * std::sqrt(squares / (n - 1) / n);
  return m;
}

double sign_test_p(std::uint64_t plus, std::uint64_t minus) {
  const std::uint64_t n = plus + minus, k = std::min(plus, minus);
  if (n == 0) return 1;
  // P(X <= k) for X ~ Binomial(n, 1/2), summed in logs (n may be millions):
  // log C(n, i) - n log 2, added largest last for accuracy.
  const double log_half = -static_cast<double>(n) * std::log(2.0);
  const double lg_n = std::lgamma(static_cast<double>(n) + 1);
  const auto log_term = [&](std::uint64_t i) {
    return lg_n - std::lgamma(static_cast<double>(i) + 1) - std::lgamma(static_cast<double>(n - i) + 1) + log_half;
  };
  const double top = log_term(k);  // the largest term of the tail (k <= n / 2)
  double sum = 0;
  for (std::uint64_t i = 0; i <= k; ++i) sum += std::exp(log_term(i) - top);
  const double log_p = std::log(2.0) + top + std::log(sum);
  return log_p >= 0 ? 1.0 : std::exp(log_p);
}

std::string p_text(double p) {
  char buf[32];
  if (p < 1e-300)
    return "p < 1e-300";
  else if (p >= 0.001)
    std::snprintf(buf, sizeof buf, "p = %.3g", p);
  else
    std::snprintf(buf, sizeof buf, "p = %.2g", p);
  return buf;
}

}  // namespace evalsynth::stats
