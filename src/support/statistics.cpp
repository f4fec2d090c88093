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

namespace {

// The regularized incomplete beta function I_x(a, b), by its continued
// fraction (modified Lentz), on the side where it converges fast.
double incomplete_beta(double x, double a, double b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - incomplete_beta(1 - x, b, a);
  const double front =
      std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log(1 - x)) / a;
  constexpr double tiny = 1e-300;
  double f = 1, c = 1, d = 0;
  for (int i = 0; i <= 400; ++i) {
    const int m = i / 2;
    double numerator;
    if (i == 0)
      numerator = 1;
    else if (i % 2 == 0)
      numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
    else
      numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + numerator * d;
    d = std::abs(d) < tiny ? tiny : d;
    d = 1 / d;
    c = 1 + numerator / c;
    c = std::abs(c) < tiny ? tiny : c;
    const double step = c * d;
    f *= step;
    if (std::abs(1 - step) < 1e-15) break;
  }
  return front * (f - 1);
}

struct MeanVariance {
  double mean = 0, variance = 0;
};
MeanVariance mean_variance(const std::vector<double>& v) {
  MeanVariance m;
  for (double x : v) m.mean += x;
  m.mean /= static_cast<double>(v.size());
  for (double x : v) m.variance += (x - m.mean) * (x - m.mean);
  m.variance /= static_cast<double>(v.size()) - 1;
  return m;
}

double normal_two_sided_p(double z) { return std::erfc(std::abs(z) / std::sqrt(2.0)); }

}  // namespace

double student_t_p(double t, double df) {
  if (!std::isfinite(t)) return 0;
  return incomplete_beta(df / (df + t * t), df / 2, 0.5);
}

TTest welch_t_test(const std::vector<double>& a, const std::vector<double>& b) {
  assert(a.size() >= 2 && b.size() >= 2);
  const MeanVariance x = mean_variance(a), y = mean_variance(b);
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double va = x.variance / na, vb = y.variance / nb;
  TTest r;
  if (va + vb == 0) {
    r.p = x.mean == y.mean ? 1 : 0;
    r.t = x.mean == y.mean ? 0 : (x.mean > y.mean ? INFINITY : -INFINITY);
    r.df = na + nb - 2;
    r.no_variance = true;
    return r;
  }
  r.t = (x.mean - y.mean) / std::sqrt(va + vb);
  r.df = (va + vb) * (va + vb) / (va * va / (na - 1) + vb * vb / (nb - 1));
  r.p = student_t_p(r.t, r.df);
  return r;
}

MeanInterval t_interval(const std::vector<double>& values) {
  assert(values.size() >= 2);
  const MeanVariance m = mean_variance(values);
  const double n = static_cast<double>(values.size()), df = n - 1, se = std::sqrt(m.variance / n);
  // The t quantile of a two-sided 95% interval, by bisection on the p.
  double low = 0, high = 1000;
  for (int i = 0; i < 200; ++i) {
    const double mid = (low + high) / 2;
    (student_t_p(mid, df) > 0.05 ? low : high) = mid;
  }
  return {m.mean, (low + high) / 2 * se};
}

RankTest mann_whitney(const std::vector<double>& a, const std::vector<double>& b) {
  assert(!a.empty() && !b.empty());
  const std::size_t na = a.size(), nb = b.size(), n = na + nb;
  // Ranks with ties averaged; the tie sizes for the variance.
  std::vector<std::pair<double, bool>> all;  // value, from a
  for (double v : a) all.push_back({v, true});
  for (double v : b) all.push_back({v, false});
  std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  double rank_sum_a = 0, tie_term = 0;
  bool ties = false;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && all[j].first == all[i].first) ++j;
    const double t = static_cast<double>(j - i), average_rank = (static_cast<double>(i + j) + 1) / 2;
    for (std::size_t k = i; k < j; ++k)
      if (all[k].second) rank_sum_a += average_rank;
    if (t > 1) {
      ties = true;
      tie_term += t * t * t - t;
    }
    i = j;
  }
  const double fa = static_cast<double>(na), fb = static_cast<double>(nb);
  RankTest r;
  r.u = rank_sum_a - fa * (fa + 1) / 2;
  const double mean_u = fa * fb / 2;
  if (!ties && na * nb <= 10000) {
    // U's distribution for sizes (na, nb) is that for (nb, na) mirrored
    // about its mean: count with the smaller sample second, so the table
    // has at most 101 rows.
    const std::size_t larger = std::max(na, nb), smaller = std::min(na, nb);
    // The number of arrangements giving each U: f(i, j, u) over the first
    // i values of a and j of b, built by the standard recursion on the
    // largest value, as doubles; the p is the tail's share of them all.
    const std::size_t max_u = larger * smaller;
    std::vector<std::vector<double>> ways(smaller + 1, std::vector<double>(max_u + 1, 0));
    // ways_i[j][u]: arrangements of i a's and j b's with U = u.
    for (std::size_t j = 0; j <= smaller; ++j) ways[j][0] = 1;  // i = 0
    for (std::size_t i = 1; i <= larger; ++i) {
      std::vector<std::vector<double>> next(smaller + 1, std::vector<double>(max_u + 1, 0));
      for (std::size_t j = 0; j <= smaller; ++j)
        for (std::size_t u = 0; u <= i * j; ++u) {
          // The largest value is an a (it beats all j b's) or a b.
          double w = u >= j ? ways[j][u - j] : 0;
          if (j > 0) w += next[j - 1][u];
          next[j][u] = w;
        }
      ways = std::move(next);
    }
    double total = 0, tail = 0;
    const double distance = std::abs(r.u - mean_u);
    for (std::size_t u = 0; u <= max_u; ++u) {
      total += ways[smaller][u];
      if (std::abs(static_cast<double>(u) - mean_u) >= distance - 1e-9) tail += ways[smaller][u];
    }
    r.p = std::min(1.0, tail / total);
    r.exact = true;
    return r;
  }
  const double variance = fa * fb / 12 * ((static_cast<double>(n) + 1) - tie_term / (static_cast<double>(n) * (n - 1)));
  if (variance <= 0) return r;
  const double z = std::max(0.0, std::abs(r.u - mean_u) - 0.5) / std::sqrt(variance);
  r.p = normal_two_sided_p(z);
  return r;
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
